// The top bar's More and Help menus (000 section 2): each entry only with its permission. More opens
// the information dialogs; Help opens the FAQ and the user manual by route name, and the security
// policy, which is public.
import { useState } from 'react';
import { Button, Dropdown, type MenuProps } from 'antd';
import { AppstoreOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../permission';
import { pathOfRoute } from '../routes/named-routes';
import { InfoDialogs, type InfoDialog } from './info-dialogs';

/** Spelled as the spec spells them (`plalform:aboutUs` included). */
export const MORE_PERMISSIONS: Record<InfoDialog, string> = {
  contactUs: 'platform:contactUs', versionInfo: 'platform:versionInfo', aboutUs: 'plalform:aboutUs',
};
export const HELP_PERMISSIONS = { faq: 'cms:FAQ', manual: 'user:manual' } as const;

type Items = NonNullable<MenuProps['items']>;

export function MoreMenu() {
  const { t } = useTranslation();
  const { hasPermission } = useAccess();
  const [open, setOpen] = useState<InfoDialog>();
  const items: Items = (Object.keys(MORE_PERMISSIONS) as InfoDialog[])
    .filter((key) => hasPermission(MORE_PERMISSIONS[key]))
    .map((key) => ({ key, label: t(`topBar.${key}`), onClick: () => setOpen(key) }));
  if (!items.length) return null;
  return (
    <>
      <Dropdown trigger={['click']} menu={{ items }}>
        <Button type="text" icon={<AppstoreOutlined />} data-testid="top-bar-more">{t('topBar.more')}</Button>
      </Dropdown>
      <InfoDialogs open={open} onClose={() => setOpen(undefined)} />
    </>
  );
}

export function HelpMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { hasPermission } = useAccess();
  const items: Items = [
    ...(hasPermission(HELP_PERMISSIONS.faq) ? [{ key: 'faq', label: t('topBar.faq'), onClick: () => navigate(pathOfRoute('Problem')) }] : []),
    ...(hasPermission(HELP_PERMISSIONS.manual) ? [{ key: 'manual', label: t('topBar.manual'), onClick: () => navigate(pathOfRoute('HandBook')) }] : []),
    { key: 'securityPolicy', label: t('topBar.securityPolicy'), onClick: () => navigate('/security-policy') },
  ];
  return (
    <Dropdown trigger={['click']} menu={{ items }}>
      <Button type="text" icon={<QuestionCircleOutlined />} data-testid="top-bar-help">{t('topBar.help')}</Button>
    </Dropdown>
  );
}
