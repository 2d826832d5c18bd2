// The AI chat helper (000 section 2, com:ai-assistant, main brand only): the chat page the brand
// configures (getAssistantConfig) in a drawer. Hidden when none is configured. The address carries
// a short-lived ticket, so it is asked again each time the drawer opens.
import { useEffect, useState } from 'react';
import { Button, Drawer, Tooltip } from 'antd';
import { RobotOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import { useMainBrand } from '../brand';
import './top-bar.css';
import { EmbeddedFrame } from '../widgets/embedded-frame';

export function AiAssistant() {
  const { t } = useTranslation();
  const main = useMainBrand();
  const [url, setUrl] = useState<string>();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!main) return;
    let live = true;
    call('getAssistantConfig', { silent: true }).then((answer) => live && setUrl(answer.aiChatH5Url), () => undefined);
    return () => {
      live = false;
    };
  }, [main]);

  const show = () => {
    setOpen(true);
    call('getAssistantConfig').then((answer) => setUrl(answer.aiChatH5Url), () => undefined);
  };

  if (!main || !url) return null;
  return (
    <>
      <Tooltip title={t('topBar.aiAssistant')}>
        <Button type="text" icon={<RobotOutlined />} aria-label={t('topBar.aiAssistant')} onClick={show} data-testid="ai-assistant" />
      </Tooltip>
      <Drawer open={open} onClose={() => setOpen(false)} title={t('topBar.aiAssistant')} width={420} destroyOnHidden>
        <EmbeddedFrame src={url} title={t('topBar.aiAssistant')} className="ai-assistant__frame" testId="ai-assistant-frame" />
      </Drawer>
    </>
  );
}
