// @vitest-environment jsdom
// Refine's notifications as antd toasts: errors of the same text at once show one toast, whatever
// Refine's keys; other texts and other kinds of notification their own.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, configure, render, waitFor } from '@testing-library/react';
import type { NotificationProvider } from '@refinedev/core';
import { App } from 'antd';
import { useNotificationProvider } from './notification-provider';

configure({ asyncUtilTimeout: 10_000 });
afterEach(cleanup);

function renderProvider(): NotificationProvider {
  let provider: NotificationProvider | undefined;
  function Capture() {
    provider = useNotificationProvider();
    return null;
  }
  render(<App><Capture /></App>);
  return provider!;
}

const notices = () => [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent);

describe('the notification provider', () => {
  it('shows one toast for errors of the same text, one per other text', async () => {
    const provider = renderProvider();
    act(() => {
      provider.open!({ key: 'plants-useList-notification', type: 'error', message: 'Error (status code: 10005)', description: 'No permission' });
      provider.open!({ key: 'alarms-useList-notification', type: 'error', message: 'Error (status code: 10005)', description: 'No permission' });
      provider.open!({ key: 'orders-useList-notification', type: 'error', message: 'Error (status code: 10006)', description: 'Too many requests' });
    });
    await waitFor(() => expect(notices()).toHaveLength(2));
    expect(notices().sort()).toEqual(['Error (status code: 10005): No permission', 'Error (status code: 10006): Too many requests']);
  });

  it('leaves the screen to say that one record cannot be read', async () => {
    const provider = renderProvider();
    act(() => {
      provider.open!({ key: '7-plants-getOne-notification', type: 'error', message: 'Error', description: 'Not found' });
      provider.open!({ key: 'saved', type: 'success', message: 'Saved' });
    });
    await waitFor(() => expect(notices()).toEqual(['Saved']));
  });
});
