// Connects the API client's error events to the UI (000 section 8): a de-duplicated toast per
// error code, the 10002 confirm shown once before logging out, 10007 and failed refreshes.
import { useEffect, useRef } from 'react';
import { useLogout } from '@refinedev/core';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, ErrCode, setApiEvents } from '@/api/client';
import { clearSession } from '@/api/storage';

export function errorText(t: (key: string) => string, error: ApiError): string {
  if (error.errCode === -1) return t('errors.network');
  if (error.errCode === -2) return t('errors.timeout');
  return error.message || t(`errors.${error.errCode}`) || t('errors.unknown');
}

export function ApiEventsBridge() {
  const { message, modal } = App.useApp();
  const { t, i18n } = useTranslation();
  const { mutate: logout } = useLogout();
  const confirming = useRef(false);

  useEffect(() => {
    setApiEvents({
      lang: () => i18n.language,
      toast: (error) => void message.error({ key: `api-${error.errCode}`, content: errorText(t, error) }),
      sessionEnded: (error) => {
        if (error.errCode === ErrCode.notLoggedIn) {
          if (confirming.current) return;
          confirming.current = true;
          modal.confirm({
            title: t('session.endedTitle'),
            content: errorText(t, error),
            okText: t('session.loginAgain'),
            cancelButtonProps: { style: { display: 'none' } },
            onOk: () => {
              confirming.current = false;
              logout({ redirectPath: '/login' });
            },
          });
          return;
        }
        void message.warning({ key: `api-${error.errCode}`, content: errorText(t, error) });
        // A forced logout clears locally without a server call (000 section 4).
        clearSession();
        logout({ redirectPath: error.errCode === ErrCode.tokenExpired ? '/index' : '/login' });
      },
    });
  }, [i18n, logout, message, modal, t]);
  return null;
}
