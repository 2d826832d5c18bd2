// Main layout (000 section 2): collapsible sidebar built from the permitted menu, top bar with
// the permission-gated entries, language selector and user menu, page area. The sidebar choice is remembered; under 1280 px
// the layout switches to mobile mode and closes the sidebar.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Layout, Menu, type MenuProps } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Router } from '@/providers/session';
import { keys, load, save, type Organisation } from '@/api/storage';
import { MOBILE_BREAKPOINT_PX } from '@/theme';
import { menuItems, type MenuItem } from './menu-routes';
import { MenuIcon } from './menu-icon';
import { BrandMark } from './brand-mark';
import { LanguageSelect } from './language-select';
import { UserMenu } from './user-menu';
import { TopBarItems } from './top-bar';

type AntdItems = NonNullable<MenuProps['items']>;

function toAntd(items: MenuItem[], t: (k: string) => string): AntdItems {
  return items.map((item) => ({
    key: item.key,
    icon: <MenuIcon name={item.icon} />,
    label: t(item.titleKey),
    ...(item.children ? { children: toAntd(item.children, t) } : {}),
  }));
}

function parentKeys(items: MenuItem[], path: string): string[] {
  for (const item of items) {
    if (item.children?.some((c) => path.startsWith(c.key))) return [item.key, ...parentKeys(item.children, path)];
  }
  return [];
}

interface Props {
  routers: Router[];
  /** Paths of the pages this build renders; menu entries for other pages are not offered. */
  pagePaths: string[];
  /** The user's own office: the organisation picker's choice until another is made. */
  ownOffice: Organisation;
  children: ReactNode;
}

export function AppLayout({ routers, pagePaths, ownOffice, children }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [mobile, setMobile] = useState(() => document.body.clientWidth < MOBILE_BREAKPOINT_PX);
  const [collapsed, setCollapsed] = useState(() => mobile || load<boolean>(keys.sidebarOpen) === false);
  const items = useMemo(() => menuItems(routers, '', new Set(pagePaths)), [routers, pagePaths]);
  const selected = useMemo(() => {
    const flat = (list: MenuItem[]): MenuItem[] => list.flatMap((i) => [i, ...flat(i.children ?? [])]);
    return flat(items).filter((i) => i.path && pathname.startsWith(i.path)).sort((a, b) => b.key.length - a.key.length)[0]?.key;
  }, [items, pathname]);

  useEffect(() => {
    const onResize = () => {
      const isMobile = document.body.clientWidth < MOBILE_BREAKPOINT_PX;
      setMobile(isMobile);
      if (isMobile) setCollapsed(true);
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const toggle = () => {
    setCollapsed(!collapsed);
    if (!mobile) save(keys.sidebarOpen, collapsed);
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider theme="light" width={220} collapsed={collapsed} collapsedWidth={mobile ? 0 : 64} trigger={null} style={{ borderRight: '1px solid #eef0f4' }}>
        <div className="app-logo"><BrandMark size={26} />{!collapsed && <span>{t('app.name')}</span>}</div>
        <Menu
          mode="inline"
          items={toAntd(items, t)}
          selectedKeys={selected ? [selected] : []}
          defaultOpenKeys={parentKeys(items, pathname)}
          onClick={({ key }) => navigate(key)}
          data-testid="side-menu"
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="app-header">
          <div className="app-header__left">
            <span onClick={toggle} style={{ cursor: 'pointer', fontSize: 18 }} aria-label={t('common.toggleMenu')} role="button">
              {collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            </span>
            <TopBarItems ownOffice={ownOffice} />
          </div>
          <div className="app-header__right">
            <LanguageSelect />
            <UserMenu />
          </div>
        </Layout.Header>
        <Layout.Content className="app-content">{children}</Layout.Content>
      </Layout>
    </Layout>
  );
}
