// Copy to the clipboard with the spec's messages (000 section 8): success says so, a failure asks
// the user to copy by hand. navigator.clipboard is absent outside secure contexts; its TypeError
// lands in the same failure message.
import { useCallback } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';

export function useCopy(): (text: string) => Promise<boolean> {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return useCallback(async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      void message.success(t('common.copied'));
      return true;
    } catch {
      void message.error(t('common.copyFailed'));
      return false;
    }
  }, [message, t]);
}
