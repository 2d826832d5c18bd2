// The authenticated shell: loads the server menu, registers the schema resources it names with
// Refine, and renders the layout with one route per menu page (000 section 2).
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate, Route, Routes, type Location } from 'react-router';
import type { ResourceProps } from '@refinedev/core';
import { useLogout } from '@refinedev/core';
import { Result, Spin } from 'antd';
import { pageLoading } from './page-loading';
import { useTranslation } from 'react-i18next';
import { currentLoginInfo, currentRouters, type LoginInfo, type Router } from '@/providers/session';
import { resourceByName } from '@/resources/registry';
import { useSetResources } from './resources-context';
import { pageRoutes, resourceName, type PageRoute } from './menu-routes';
import { AppLayout } from './app-layout';
import { AccessProvider } from './permission';
import { fixedRoutes } from './routes/fixed-routes';
import { LiveAlarmsProvider } from './live-alarms';
import { FloatingPanel } from './floating-panel/floating-panel';

const ResourceList = lazy(() => import('@/resources/screens/list'));
const ResourceCreate = lazy(() => import('@/resources/screens/create'));
const ResourceEdit = lazy(() => import('@/resources/screens/edit'));
const ResourceShow = lazy(() => import('@/resources/screens/show'));

/** Hand-written pages that menu rows may name in `component`. */
const CUSTOM_PAGES: Record<string, React.LazyExoticComponent<React.ComponentType>> = {
  home: lazy(() => import('@/custom/home/home-page')),
  'personal-center': lazy(() => import('@/custom/account/show')),
  offices: lazy(() => import('@/custom/office/list')),
  plants: lazy(() => import('@/custom/plant')),
  'plant-wizard': lazy(() => import('@/custom/plant-wizard/page')),
  'device-import': lazy(() => import('@/custom/device-import')),
  reports: lazy(() => import('@/custom/reports/reports-page')),
  mall: lazy(() => import('@/custom/mall/mall-page')),
  messages: lazy(() => import('@/custom/messages/message-centre-page')),
  feedback: lazy(() => import('@/custom/feedback/feedback-page')),
  chat: lazy(() => import('@/custom/chat/chat-page')),
  'support-desk': lazy(() => import('@/custom/chat/support-desk-page')),
  'remote-config': lazy(() => import('@/custom/remote-config/page')),
  alarms: lazy(() => import('@/custom/alarms/alarm-centre-page')),
  // The big screen (route Screen): full screen over the layout, with its own way back.
  screen: lazy(() => import('@/custom/screen/fleet-wall')),
  // The help menu's pages (routes Problem and HandBook).
  faq: lazy(() => import('@/custom/help/faq-page')),
  manual: lazy(() => import('@/custom/help/manual-page')),
};

/**
 * Fixed routes of 000 section 2 that exist whatever the menu holds (the battery list is "Battery2");
 * a menu entry may still point at one to show it in the sidebar, and its page is this one.
 */
const FIXED_PAGES: Record<string, React.LazyExoticComponent<React.ComponentType>> = {
  '/battery/index': lazy(() => import('@/custom/battery/battery-list')),
  '/battery/detail': lazy(() => import('@/custom/battery/battery-detail')),
};
const FIXED_PATHS = Object.keys(FIXED_PAGES);

function resourcesOf(pages: PageRoute[], t: (key: string) => string): ResourceProps[] {
  return pages.flatMap((page) => {
    const name = resourceName(page.component);
    const descriptor = name ? resourceByName(name) : undefined;
    if (!descriptor) return [];
    const children = (descriptor.show?.children ?? []).map((c) => ({ name: c.resource, meta: { hide: true, parent: descriptor.name } }));
    return [{
      name: descriptor.name,
      list: page.path,
      ...(descriptor.operations.create ? { create: `${page.path}/create` } : {}),
      ...(descriptor.operations.update ? { edit: `${page.path}/edit/:id` } : {}),
      ...(descriptor.operations.getOne ? { show: `${page.path}/show/:id` } : {}),
      meta: { label: t(page.titleKey), canDelete: Boolean(descriptor.operations.delete) },
    }, ...children];
  });
}

/** A menu page this build can render: a fixed route, a declared resource or a known custom page. */
function renderable(page: PageRoute): boolean {
  if (page.path in FIXED_PAGES) return true;
  const name = resourceName(page.component);
  return name ? Boolean(resourceByName(name)) : page.component in CUSTOM_PAGES;
}

function pageElements(page: PageRoute) {
  // The fixed routes are declared once, below, menu entry or not.
  if (page.path in FIXED_PAGES) return [];
  const name = resourceName(page.component);
  if (name) {
    return [
      <Route key={page.path} path={page.path} element={<ResourceList resource={name} />} />,
      <Route key={`${page.path}/create`} path={`${page.path}/create`} element={<ResourceCreate resource={name} />} />,
      <Route key={`${page.path}/edit`} path={`${page.path}/edit/:id`} element={<ResourceEdit resource={name} />} />,
      <Route key={`${page.path}/show`} path={`${page.path}/show/:id`} element={<ResourceShow resource={name} />} />,
    ];
  }
  const Page = CUSTOM_PAGES[page.component];
  return Page ? [<Route key={page.path} path={page.path} element={<Page />} />] : [];
}

export default function AppShell() {
  const { t } = useTranslation();
  const setResources = useSetResources();
  const { mutate: logout } = useLogout();
  const [routers, setRouters] = useState<Router[] | undefined>();
  const [info, setInfo] = useState<LoginInfo>();

  useEffect(() => {
    // Without login info there is no session to show (000 section 4): log out.
    Promise.all([currentRouters(), currentLoginInfo()]).then(([menu, loginInfo]) => {
      setInfo(loginInfo);
      setRouters(menu);
    }, () => logout());
  }, [logout]);
  const access = useMemo(() => ({ permissions: info?.permissions ?? [], roles: info?.roles ?? [], readOnly: info?.userInfo.visitor === true }), [info]);

  const pages = useMemo(() => pageRoutes(routers ?? []).filter(renderable), [routers]);
  useEffect(() => {
    if (routers) setResources(resourcesOf(pages, t));
  }, [routers, pages, setResources, t]);

  const home = pages.find((p) => p.affix) ?? pages[0];
  // The same function while the menu stays the same: kept tabs' pages render only when they must.
  const renderPage = useCallback((location: Location) => (
    <Suspense fallback={<Spin style={{ display: 'block', margin: '20vh auto' }} />}>
      <Routes location={location}>
        {home && <Route index element={<Navigate to={home.path} replace />} />}
        {Object.entries(FIXED_PAGES).map(([path, Page]) => <Route key={path} path={path} element={<Page />} />)}
        {pages.flatMap(pageElements)}
        {fixedRoutes}
      </Routes>
    </Suspense>
  ), [home, pages]);

  if (!routers || !info) return pageLoading;
  // No route at all after login: say so and log out (000 section 8).
  if (pages.length === 0) {
    return <Result status="warning" title={t('errors.noRoutes')} extra={<a onClick={() => logout()}>{t('common.logout')}</a>} />;
  }
  const pagePaths = [...new Set([...pages.map((p) => p.path), ...FIXED_PATHS])];
  return (
    <AccessProvider value={access}>
      <LiveAlarmsProvider>
        <AppLayout routers={routers} pagePaths={pagePaths} ownOffice={{ officeId: info.officeId, officeName: info.officeName }} renderPage={renderPage} />
        <FloatingPanel />
      </LiveAlarmsProvider>
    </AccessProvider>
  );
}
