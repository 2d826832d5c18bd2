// The application root. The login page is a route of its own that loads neither Refine nor the
// portal's screens, so that it stays small; everything behind login lives in PortalApp.
import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { App as AntdApp, ConfigProvider } from 'antd';
import { useAntdLocale } from '@/custom/shell/antd-locale';
import { isLoggedIn } from '@/api/storage';
import { THEME_COLOR } from '@/theme';
import { pageLoading } from '@/custom/shell/page-loading';
import '@/custom/shell/global.css';

const LoginPage = lazy(() => import('@/custom/shell/login-page'));
const PortalApp = lazy(() => import('@/portal-app'));

export function App() {
  const locale = useAntdLocale();
  return (
    <BrowserRouter>
      <ConfigProvider theme={{ token: { colorPrimary: THEME_COLOR } }} locale={locale}>
        <AntdApp>
          <Suspense fallback={pageLoading}>
            <Routes>
              {/* A logged-in user opening /login goes to / (000 section 2). */}
              <Route path="/login" element={isLoggedIn() ? <Navigate to="/" replace /> : <LoginPage />} />
              <Route path="/*" element={<PortalApp />} />
            </Routes>
          </Suspense>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}
