// The user menu of the top bar: who is logged in, the personal center, and logout with
// confirmation (000 section 2).
import { useGetIdentity, useLogout } from '@refinedev/core';
import { useNavigate } from 'react-router';
import { App, Avatar, Dropdown, Space } from 'antd';
import { IdcardOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { pathOfRoute } from './routes/named-routes';

interface Identity {
  name: string;
  loginName: string;
  avatar: string | null;
}

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const { data: identity } = useGetIdentity<Identity>();
  const { mutate: logout } = useLogout();

  const confirmLogout = () =>
    modal.confirm({
      title: t('logout.title'),
      content: t('logout.confirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => logout(),
    });

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'personal-center', icon: <IdcardOutlined />, label: t('menu.personalCenter'), onClick: () => navigate(pathOfRoute('PersonalCenter')) },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: t('common.logout'), onClick: confirmLogout },
        ],
      }}
    >
      <Space style={{ cursor: 'pointer' }} data-testid="user-menu">
        <Avatar size="small" src={identity?.avatar ?? undefined} icon={<UserOutlined />} />
        <span>{identity?.name ?? ''}</span>
      </Space>
    </Dropdown>
  );
}
