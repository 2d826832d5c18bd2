// @vitest-environment jsdom
// The error bridge against a fake server: failures with the same code at once show one toast,
// another code its own; a session that died under several calls asks once.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, configure, render, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import '@/i18n';
import { envelope, installFakeServer, pathOf } from '@/api/fake-server';

const fake = installFakeServer();
configure({ asyncUtilTimeout: 10_000 });
afterEach(cleanup);

async function showBridge() {
  // Imported after the fake server's fresh client, so that the bridge sets that client's events.
  const { ApiEventsBridge } = await import('./api-events-bridge');
  render(<QueryClientProvider client={new QueryClient()}><App><ApiEventsBridge /></App></QueryClientProvider>);
}

const notices = () => [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent);
const settle = (calls: Promise<unknown>[]) => Promise.allSettled(calls);

describe('toasts of failed calls', () => {
  it('show one toast for failures of the same code at once, and one per other code', async () => {
    fake.reply = async (request) => (pathOf(request) === '/api/v1/sys/office/getApiInfo' ? envelope(10006) : envelope(10005));
    await showBridge();
    await settle([fake.client.call('getApiInfo'), fake.client.call('getApiInfo'), fake.client.call('getApiInfo'), fake.client.call('pageList'), fake.client.call('pageList')]);
    await waitFor(() => expect(notices()).toHaveLength(2));
    expect(notices().sort()).toEqual(['No permission', 'Too many requests']);
  });

  it('show one network toast when several calls fail to reach the server', async () => {
    fake.reply = () => Promise.reject(new TypeError('Failed to fetch'));
    await showBridge();
    await settle([fake.client.call('getApiInfo'), fake.client.call('pageList')]);
    await waitFor(() => expect(notices()).toEqual(['Network error, please check your connection']));
  });
});

describe('a session that ended (10002)', () => {
  it('asks once, however many calls met it', async () => {
    fake.reply = async () => envelope(10002);
    await showBridge();
    await settle([fake.client.call('getApiInfo'), fake.client.call('pageList'), fake.client.call('getApiInfo')]);
    await waitFor(() => expect(document.querySelectorAll('.ant-modal-confirm')).toHaveLength(1));
    expect(document.querySelector('.ant-modal-confirm')?.textContent).toContain('Session ended');
    expect(notices()).toEqual([]);
  });
});
