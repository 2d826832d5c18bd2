// Refine's notifications shown with antd's message API of the surrounding <App>; one key per
// message so that the same toast is not stacked (000 section 8 "de-duplicated").
import type { NotificationProvider } from '@refinedev/core';
import { App } from 'antd';

export function useNotificationProvider(): NotificationProvider {
  const { message } = App.useApp();
  return {
    open: ({ key, type, message: title, description }) => {
      // A record that cannot be read is the screen's to say (resources/components/record-missing.tsx).
      if (type === 'error' && key?.endsWith('-getOne-notification')) return;
      const content = description && description !== title ? `${title}: ${description}` : title;
      void message.open({ key: key ?? content, type: type === 'progress' ? 'loading' : type, content });
    },
    close: (key) => message.destroy(key),
  };
}
