// The upgrade confirmation (001 section 4 "AU server connection"): its checkbox can be ticked only
// after a 5-second countdown, and Start is enabled only once it is ticked.
import { useEffect, useState } from 'react';
import { Checkbox, List, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { UPGRADE_CONFIRM_COUNTDOWN_S } from '@/lib/plant-rules';

interface Props {
  open: boolean;
  serials: readonly string[];
  retry: boolean;
  busy: boolean;
  onStart(): void;
  onCancel(): void;
}

export function UpgradeConfirmDialog({ open, serials, retry, busy, onStart, onCancel }: Props) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(UPGRADE_CONFIRM_COUNTDOWN_S);
  const [ticked, setTicked] = useState(false);

  useEffect(() => {
    if (!open) return undefined;
    setLeft(UPGRADE_CONFIRM_COUNTDOWN_S);
    setTicked(false);
    const timer = setInterval(() => setLeft((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(timer);
  }, [open]);

  return (
    <Modal
      open={open}
      title={t(retry ? 'auServer.retryTitle' : 'auServer.upgradeTitle')}
      okText={t(retry ? 'auServer.retry' : 'auServer.start')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !ticked, loading: busy, 'data-testid': 'upgrade-start' }}
      onOk={onStart}
      onCancel={onCancel}
      maskClosable={false}
      destroyOnHidden
    >
      <Typography.Paragraph>{t(retry ? 'auServer.retryText' : 'auServer.upgradeText')}</Typography.Paragraph>
      <List size="small" bordered dataSource={[...serials]} renderItem={(sn) => <List.Item>{sn}</List.Item>} style={{ marginBottom: 12 }} />
      <Checkbox checked={ticked} disabled={left > 0} onChange={(e) => setTicked(e.target.checked)} data-testid="upgrade-agree">
        {t('auServer.agree')}{left > 0 ? ` (${t('auServer.countdown', { seconds: left })})` : ''}
      </Checkbox>
    </Modal>
  );
}
