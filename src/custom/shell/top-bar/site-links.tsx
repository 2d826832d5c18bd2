// The top bar's links out of the portal (000 section 2): the system switch (main brand only) and
// the service site, each through a one-time jump URL from the server (old-web.ts), and the
// developer / virtual power plant hub, which the brand configures (no page of its own here).
import type { ReactNode } from 'react';
import { Button, Tooltip } from 'antd';
import { ApiOutlined, CustomerServiceOutlined, SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import { useBrand, useMainBrand } from '../brand';

/** Opens the jump URL in a new tab; a refusal (no old web configured) is toasted by the client. */
const openJump = (operation: 'jumpLoginToOldWeb' | 'getWebUrlAndCode') =>
  call(operation).then(({ url }) => window.open(url, '_blank', 'noopener'), () => undefined);

function IconLink({ label, icon, testId, onClick, href }: { label: string; icon: ReactNode; testId: string; onClick?: () => void; href?: string }) {
  return (
    <Tooltip title={label}>
      <Button type="text" icon={icon} aria-label={label} onClick={onClick} href={href} target={href ? '_blank' : undefined} rel={href ? 'noopener noreferrer' : undefined} data-testid={testId} />
    </Tooltip>
  );
}

export function SystemSwitch() {
  const { t } = useTranslation();
  if (!useMainBrand()) return null;
  return <IconLink label={t('topBar.systemSwitch')} icon={<SwapOutlined />} testId="system-switch" onClick={() => void openJump('jumpLoginToOldWeb')} />;
}

export function ServiceSite() {
  const { t } = useTranslation();
  return <IconLink label={t('topBar.serviceSite')} icon={<CustomerServiceOutlined />} testId="service-site" onClick={() => void openJump('getWebUrlAndCode')} />;
}

export function VpphubLink() {
  const { t } = useTranslation();
  const url = useBrand()?.vpphubUrl;
  if (!url) return null;
  return <IconLink label={t('topBar.vpphub')} icon={<ApiOutlined />} testId="vpphub-link" href={url} />;
}
