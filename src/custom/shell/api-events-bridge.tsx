// Connects the API client's events to the UI (000 sections 4 and 8): a de-duplicated toast per
// error code; a dead session ended as sessionEndPolicy says (the 10002 confirm shown once);
// after a silent token refresh, the current view reloads its data.
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, setApiEvents } from '@/api/client';
import { clearSession } from '@/api/storage';
import { endSession, sessionEndPolicy } from '@/providers/auth-provider';
import { errorText } from '@/lib/error-text';

export function ApiEventsBridge() {
  const { message, modal } = App.useApp();
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const ending = useRef(false);

  useEffect(() => {
    setApiEvents({
      lang: () => i18n.language,
      toast: (error) => void message.error({ key: `api-${error.errCode}`, content: errorText(t, error) }),
      refreshed: () => void queryClient.invalidateQueries(),
      sessionEnded: (error: ApiError) => {
        // Several calls fail together when a session dies; the user hears about it once.
        if (ending.current) return;
        ending.current = true;
        const { confirm, redirectTo } = sessionEndPolicy(error.errCode);
        if (confirm) {
          modal.confirm({
            title: t('session.endedTitle'),
            content: errorText(t, error),
            okText: t('session.loginAgain'),
            cancelButtonProps: { style: { display: 'none' } },
            onOk: () => endSession(redirectTo),
          });
          return;
        }
        // A forced logout clears locally without a server call (000 section 4); the page reloads
        // once the user has seen why.
        clearSession();
        void message.warning({ key: `api-${error.errCode}`, content: errorText(t, error), duration: 1.5 }).then(() => endSession(redirectTo));
      },
    });
  }, [i18n, message, modal, queryClient, t]);
  return null;
}
