// Main layout (000 section 2): the menu of permitted pages (sidebar, or header with top navigation),
// top bar with the permission-gated entries, language selector, layout settings and user menu, the
// strip of visited pages, and the page area (the shown tab's page, and the pages of the other open
// tabs kept hidden: cached views). The sidebar choice is remembered;
// under 1280 px (000 section 4) the layout switches to mobile mode: the sidebar closes and opens
// as an overlay, and the header's secondary entries fold into a "more" popover.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, type Location } from 'react-router';
import { Button, Drawer, Layout, Popover } from 'antd';
import { EllipsisOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Router } from '@/providers/session';
import { keys, load, save, type Organisation } from '@/api/storage';
import { MOBILE_BREAKPOINT_PX } from '@/theme';
import { menuItems, pageRoutes } from './menu-routes';
import { BrandMark } from './brand-mark';
import { LanguageSelect } from './language-select';
import { UserMenu } from './user-menu';
import { TopBarItems } from './top-bar';
import { MainMenu } from './layout/main-menu';
import { TabsView } from './layout/tabs-view';
import { PageErrorBoundary } from './page-error-boundary';
import { objectOfTabKey, pathOfTabKey } from './routes/multi-tab';
import { useTabLabels } from './layout/tab-labels';
import { SettingsDrawer } from './layout/settings-drawer';
import { KeptView } from './layout/kept-view';
import { CloseTab } from './layout/close-tab';
import { useLayoutSettings } from './layout/settings';
import { useTabs } from './layout/use-tabs';
import { matchPage, useDocumentTitle, usePlatformName, useTitleOf } from './layout/page-title';

interface Props {
  routers: Router[];
  /** Paths of the pages this build renders; menu entries for other pages are not offered. */
  pagePaths: string[];
  /** The user's own office: the organisation picker's choice until another is made. */
  ownOffice: Organisation;
  /** The page at a location: the one shown, or a kept tab's where it was left. Stable across renders. */
  renderPage: (location: Location) => ReactNode;
}

const isMobile = () => document.body.clientWidth < MOBILE_BREAKPOINT_PX;

function Logo({ withName }: { withName: boolean }) {
  const name = usePlatformName();
  return <div className="app-logo"><BrandMark size={26} />{withName && <span>{name}</span>}</div>;
}

export function AppLayout({ routers, pagePaths, ownOffice, renderPage }: Props) {
  const { t } = useTranslation();
  const location = useLocation();
  const settings = useLayoutSettings();
  const [mobile, setMobile] = useState(isMobile);
  const [collapsed, setCollapsed] = useState(() => load<boolean>(keys.sidebarOpen) === false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const items = useMemo(() => menuItems(routers, '', new Set(pagePaths)), [routers, pagePaths]);
  const pages = useMemo(() => pageRoutes(routers).filter((p) => pagePaths.includes(p.path)), [routers, pagePaths]);
  const tabs = useTabs(pages, settings.tagsView);
  const tabLabels = useTabLabels();
  const titleOf = useTitleOf();
  const match = matchPage(pages, location.pathname);
  const pageTitle = match && titleOf(match);
  const platform = usePlatformName();
  useDocumentTitle(pageTitle, settings.dynamicTitle, location.search);

  useEffect(() => {
    const onResize = () => setMobile(isMobile());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  // Entering mobile mode closes the overlay menu too, whatever it was.
  useEffect(() => {
    setDrawerOpen(false);
  }, [mobile]);
  // Each page starts at its top (000 section 2 "Access rules"). In a block: Chromium's scrollTo
  // answers a promise, which React would take for the effect's cleanup.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  const toggle = () => {
    if (mobile) {
      setDrawerOpen(!drawerOpen);
      return;
    }
    setCollapsed(!collapsed);
    save(keys.sidebarOpen, collapsed);
  };
  const sideMenu = !mobile && !settings.topNav;
  const secondary = <><TopBarItems ownOffice={ownOffice} /><LanguageSelect /></>;

  return (
    <Layout className="app-layout">
      {sideMenu && (
        <Layout.Sider theme={settings.sideTheme} width={220} collapsed={collapsed} collapsedWidth={64} trigger={null} className="app-sider">
          {settings.sidebarLogo && <Logo withName={!collapsed} />}
          <MainMenu items={items} mode="inline" theme={settings.sideTheme} />
        </Layout.Sider>
      )}
      {mobile && (
        <Drawer placement="left" open={drawerOpen} onClose={() => setDrawerOpen(false)} closable={false} width={240}
          className={`app-menu-drawer app-menu-drawer--${settings.sideTheme}`} data-testid="menu-drawer">
          {settings.sidebarLogo && <Logo withName />}
          <MainMenu items={items} mode="inline" theme={settings.sideTheme} onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      )}
      <Layout className="app-main">
        <div className={settings.fixedHeader ? 'app-top app-top--fixed' : 'app-top'}>
          <Layout.Header className="app-header">
            <div className="app-header__left">
              {(mobile || !settings.topNav) && (
                <Button type="text" onClick={toggle} aria-label={t('common.toggleMenu')} aria-expanded={mobile ? drawerOpen : !collapsed}
                  icon={(mobile ? drawerOpen : !collapsed) ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />} data-testid="menu-toggle" />
              )}
              {!sideMenu && !mobile && (
                <>
                  {settings.sidebarLogo && <Logo withName />}
                  <MainMenu items={items} mode="horizontal" theme="light" />
                </>
              )}
              {!mobile && secondary}
            </div>
            <div className="app-header__right">
              {mobile && (
                <Popover trigger="click" placement="bottomRight" content={<div className="app-header__more">{secondary}</div>}>
                  <Button type="text" icon={<EllipsisOutlined />} aria-label={t('layout.more')} data-testid="header-more" />
                </Popover>
              )}
              <SettingsDrawer />
              <UserMenu />
            </div>
          </Layout.Header>
          {settings.tagsView && (
            <TabsView tabs={tabs.tabs} activeKey={tabs.activeKey} onOpen={tabs.open} onAction={tabs.act}
              titleOf={(tab) => {
                const tabMatch = matchPage(pages, pathOfTabKey(tab.key));
                const title = tabMatch ? titleOf(tabMatch) : tab.key;
                // A tab of a multi-tab route names its object: the page's label, else the id in the query.
                const object = tabLabels.get(tab.key) ?? objectOfTabKey(tab.key);
                return object ? `${title} · ${object}` : title;
              }} />
          )}
        </div>
        <Layout.Content className="app-content">
          {/* The page's one h1: pages title themselves visually in their cards. */}
          <h1 className="visually-hidden">{pageTitle ?? platform}</h1>
          <CloseTab.Provider value={tabs.forget}>
            {/* Each open tab's page under its own key (a refresh changes it: the page mounts afresh). */}
            {tabs.views.map((view) => (
              <KeptView key={view.key} viewKey={view.key} shown={view.key === tabs.pageKey} location={view.location} renderPage={renderPage} />
            ))}
            {/* A page that is no tab (tabs view off, a page outside the menu) is shown alone. */}
            {!tabs.pageKey && <PageErrorBoundary resetKey={location.pathname}>{renderPage(location)}</PageErrorBoundary>}
          </CloseTab.Provider>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
