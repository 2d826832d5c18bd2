// The application root. The login area's pages are routes of their own that load neither Refine
// nor the portal's screens, so that they stay small; everything behind login lives in PortalApp.
import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { App as AntdApp, ConfigProvider } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAntdLocale } from '@/custom/shell/antd-locale';
import { setApiEvents } from '@/api/client';
import { isLoggedIn } from '@/api/storage';
import { useLayoutSettings } from '@/custom/shell/layout/settings';
import { pageLoading } from '@/custom/shell/page-loading';
import { LanguageNotice } from '@/custom/shell/language-notice';
import { cspNonce } from '@/custom/shell/csp-nonce';
import { SessionSync } from '@/custom/shell/session/session-sync';
import { OfflineNotice } from '@/custom/shell/session/offline-notice';
import { ignoreRepeatedPush } from '@/custom/shell/routes/same-route';
import { useReducedMotion } from '@/custom/shell/reduced-motion';
import { RouteErrorBoundary } from '@/custom/shell/page-error-boundary';
import '@/custom/shell/global.css';

const LoginPage = lazy(() => import('@/custom/shell/login-page'));
const RegisterPage = lazy(() => import('@/custom/login/register'));
const ForgetPasswordPage = lazy(() => import('@/custom/login/forget-password'));
const QuickLoginPage = lazy(() => import('@/custom/login/quick-login'));
const AuthorizePage = lazy(() => import('@/custom/login/authorize'));
const DemoPage = lazy(() => import('@/custom/login/demo'));
const LegalPage = lazy(() => import('@/custom/login/legal'));
const PortalApp = lazy(() => import('@/portal-app'));

// Before the router's first navigation: pushing the current route again adds no history entry.
ignoreRepeatedPush();

/** A logged-in user opening one of these goes to / (000 section 2). */
const signedOutOnly = (page: React.ReactNode) => (isLoggedIn() ? <Navigate to="/" replace /> : page);

export function App() {
  const locale = useAntdLocale();
  const { i18n } = useTranslation();
  // The layout settings' theme colour (000 section 2), the default #0076fe until one is chosen.
  const { themeColor } = useLayoutSettings();
  const reducedMotion = useReducedMotion();
  // Calls of the login area are signed with the UI language too; the portal adds the rest.
  useEffect(() => setApiEvents({ lang: () => i18n.language }), [i18n]);
  return (
    <BrowserRouter>
      <ConfigProvider theme={{ token: { colorPrimary: themeColor, motion: !reducedMotion } }} locale={locale} direction={i18n.dir()} csp={cspNonce ? { nonce: cspNonce } : undefined}>
        <AntdApp>
          <LanguageNotice />
          <OfflineNotice />
          <SessionSync>
            <RouteErrorBoundary>
              <Suspense fallback={pageLoading}>
                {/* The public paths of 000 section 2 (/bind has no page: nothing binds accounts yet). */}
                <Routes>
                  <Route path="/login" element={signedOutOnly(<LoginPage />)} />
                  <Route path="/quick-login" element={signedOutOnly(<QuickLoginPage />)} />
                  <Route path="/demo" element={signedOutOnly(<DemoPage />)} />
                  <Route path="/register" element={<RegisterPage />} />
                  <Route path="/forgetPsd" element={<ForgetPasswordPage />} />
                  <Route path="/authorize" element={<AuthorizePage />} />
                  <Route path="/agreement" element={<LegalPage kind="agreement" />} />
                  <Route path="/security-policy" element={<LegalPage kind="policy" />} />
                  <Route path="/*" element={<PortalApp />} />
                </Routes>
              </Suspense>
            </RouteErrorBoundary>
          </SessionSync>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}
