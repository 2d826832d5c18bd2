// Authorisation hand-off (000 section 2 /authorize): the mobile app or the previous web portal
// opens the portal with a session it already holds, as `token` and `refreshToken` in the URL
// fragment (or query) and an optional `redirect` path. The tokens leave the address bar at once;
// the session is checked with getLoginInfo before the portal opens.
import { useEffect, useRef, useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { call } from '@/api/client';
import { clearSession, setTokens } from '@/api/storage';
import { forgetSession } from '@/providers/session';
import { safeRedirect } from '@/custom/shell/routes/redirect-target';
import { broadcastSession } from '@/custom/shell/session/session-channel';
import { AuthLayout } from './auth-layout';

function handOff(): { token?: string; refreshToken?: string; redirect: string } {
  const params = new URLSearchParams(location.hash.slice(1) || location.search);
  return {
    token: params.get('token') ?? undefined,
    refreshToken: params.get('refreshToken') ?? undefined,
    redirect: safeRedirect(params.get('redirect')),
  };
}

export default function AuthorizePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const { token, refreshToken, redirect } = handOff();
    history.replaceState(null, '', location.pathname);
    if (!token || !refreshToken) {
      setFailed(true);
      return;
    }
    setTokens(token, refreshToken);
    forgetSession();
    call('getLoginInfo', { silent: true, ignoreSession: true }).then(
      () => {
        broadcastSession({ type: 'login' });
        navigate(redirect, { replace: true });
      },
      () => {
        clearSession();
        setFailed(true);
      },
    );
  }, [navigate]);

  return (
    <AuthLayout title={t('authorize.title')}>
      {failed ? (
        <div data-testid="authorize-error">
          <Result status="warning" title={t('authorize.failed')} subTitle={t('authorize.failedHint')}
            extra={<Link to="/login"><Button type="primary">{t('forget.backToLogin')}</Button></Link>} />
        </div>
      ) : (
        <Spin tip={t('authorize.checking')} size="large"><div style={{ height: 120 }} /></Spin>
      )}
    </AuthLayout>
  );
}
