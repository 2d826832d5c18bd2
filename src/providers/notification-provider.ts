// Refine's notifications shown with antd's message API of the surrounding <App>, never the same
// toast twice at once (000 section 8 "de-duplicated"): an error is keyed by its text, so that
// several queries failing with the same code show one toast; others by Refine's key.
import type { NotificationProvider } from '@refinedev/core';
import { App } from 'antd';

export function useNotificationProvider(): NotificationProvider {
  const { message } = App.useApp();
  return {
    open: ({ key, type, message: title, description }) => {
      // A record that cannot be read is the screen's to say (resources/components/record-missing.tsx).
      if (type === 'error' && key?.endsWith('-getOne-notification')) return;
      const content = description && description !== title ? `${title}: ${description}` : title;
      const toastKey = type === 'error' ? `error:${content}` : key ?? content;
      void message.open({ key: toastKey, type: type === 'progress' ? 'loading' : type, content });
    },
    close: (key) => message.destroy(key),
  };
}
