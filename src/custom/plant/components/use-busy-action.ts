// Runs one step of a dialog at a time: busy while it runs, and any failure shown as a toast in the
// user's language (the call's own message for a server answer), never thrown at the page.
import { useState } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { errorText } from '@/lib/error-text';

export function useBusyAction() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const run = async (step: () => Promise<void>) => {
    setBusy(true);
    try {
      await step();
    } catch (error) {
      void message.error(error instanceof ApiError ? errorText(t, error) : t('errors.unknown'));
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
