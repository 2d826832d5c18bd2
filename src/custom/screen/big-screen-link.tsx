// The top bar's big screen entry (000 section 2, bigscreen:admin): opens the route Screen.
import { Button, Tooltip } from 'antd';
import { FundProjectionScreenOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pathOfRoute } from '@/custom/shell/routes/named-routes';

export function BigScreenLink() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Tooltip title={t('menu.screen')}>
      <Button type="text" icon={<FundProjectionScreenOutlined />} aria-label={t('menu.screen')} onClick={() => navigate(pathOfRoute('Screen'))} data-testid="big-screen-link" />
    </Tooltip>
  );
}
