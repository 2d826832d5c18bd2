// Everything behind login: Refine with our providers, and the shell whose routes come from the
// server menu. Without a session, any path redirects to /login?redirect=<the full path>.
import { lazy, useState } from 'react';
import { Refine, Authenticated, type ResourceProps } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { authProvider } from '@/providers/auth-provider';
import { accessControlProvider } from '@/providers/access-control-provider';
import { dataProvider } from '@/providers/data-provider';
import { i18nProvider } from '@/providers/i18n-provider';
import { useNotificationProvider } from '@/providers/notification-provider';
import { ResourcesContext } from '@/custom/shell/resources-context';
import { ApiEventsBridge } from '@/custom/shell/api-events-bridge';
import { pageLoading } from '@/custom/shell/page-loading';
import { LoginRedirect } from '@/custom/shell/routes/login-redirect';

const AppShell = lazy(() => import('@/custom/shell/app-shell'));

export default function PortalApp() {
  const [resources, setResources] = useState<ResourceProps[]>([]);
  return (
    <Refine
      dataProvider={dataProvider}
      authProvider={authProvider}
      accessControlProvider={accessControlProvider}
      i18nProvider={i18nProvider}
      routerProvider={routerProvider}
      notificationProvider={useNotificationProvider}
      resources={resources}
      options={{ syncWithLocation: true, disableTelemetry: true, reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } } }}
    >
      <ApiEventsBridge />
      <ResourcesContext.Provider value={setResources}>
        <Authenticated key="portal" fallback={<LoginRedirect />} loading={pageLoading}>
          <AppShell />
        </Authenticated>
      </ResourcesContext.Provider>
    </Refine>
  );
}
