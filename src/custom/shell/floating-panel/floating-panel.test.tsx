// @vitest-environment jsdom
// The floating panel with a mocked `call`: badges capped at 99+, one tab at a time with the spec's
// numbers, a second click and Esc closing it, the alarm tab's request, and the folded state kept.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import '@/i18n';
import { call, openStream } from '@/api/client';
import { FloatingPanel } from './floating-panel';

vi.mock('@/api/client', async (original) => ({ ...(await original<typeof import('@/api/client')>()), call: vi.fn(), openStream: vi.fn() }));
const api = vi.mocked(call);
configure({ asyncUtilTimeout: 10_000 });
afterEach(() => {
  cleanup();
  api.mockReset();
  localStorage.clear();
});

const alarm = (id: number) => ({
  id, alarmName: `Device fault ${id}`, level: 1, state: 1, deviceSn: `INV${id}`, deviceType: 1, plantUid: 'P1', plantName: 'Home',
  alarmStartTime: '2026-11-20T10:00:00Z', alarmUpdateTime: '2026-11-20T10:05:00Z',
});
const answers: Record<string, unknown> = {
  getUntreatedAlarmNum: { untreatedNum: 250 },
  getMsgStatictics: { groups: [{ messageType: 1, sendRange: 1, totalNum: 4, readNum: 1 }, { messageType: 3, sendRange: 2, totalNum: 2, readNum: 2 }, { messageType: 2, sendRange: 1, totalNum: 0, readNum: 0 }], unreadNum: 3 },
  getChatInfo: { available: true, state: 'open', unreadNum: 0 },
  userAlarmPage: { list: [alarm(1), alarm(2), alarm(3)], total: 250, pageNo: 1, pageSize: 3 },
  getPrivateMsgList: { list: [], total: 0, pageNo: 1, pageSize: 3 },
};

function show() {
  api.mockImplementation((async (operation: string) => {
    if (!(operation in answers)) throw new Error(`unexpected ${operation}`);
    return answers[operation];
  }) as never);
  vi.mocked(openStream).mockReturnValue(new Promise(() => undefined));
  return render(<App><MemoryRouter><FloatingPanel /></MemoryRouter></App>);
}

const count = (entry: string) => screen.getByTestId(`panel-badge-${entry}`).getAttribute('data-count');

describe('the floating panel', { timeout: 60_000 }, () => {
  it('shows unread badges up to 99, then 99+', async () => {
    show();
    await waitFor(() => expect(count('alarm')).toBe('99+'));
    await waitFor(() => expect(count('message')).toBe('3'));
    expect(count('service')).toBe('');
    expect(screen.getByRole('button', { name: 'Alarms (99+ new)' })).toBeTruthy();
  });

  it('opens one tab at a time, numbered as the spec does, and closes it on a second click or Esc', async () => {
    show();
    fireEvent.click(screen.getByTestId('panel-entry-message'));
    expect(screen.getByTestId('panel-content').getAttribute('data-tab')).toBe('1');
    fireEvent.click(screen.getByTestId('panel-entry-alarm'));
    expect(screen.getByTestId('panel-content').getAttribute('data-tab')).toBe('2');
    expect(screen.getAllByTestId('panel-content')).toHaveLength(1);
    await waitFor(() => expect(screen.getAllByTestId('panel-alarm')).toHaveLength(3));
    expect(api).toHaveBeenCalledWith('userAlarmPage', expect.objectContaining({ query: { pageNo: 1, pageSize: 3 }, body: expect.objectContaining({ alarmCommonState: 1 }) }));
    fireEvent.click(screen.getByTestId('panel-entry-alarm'));
    expect(screen.queryByTestId('panel-content')).toBeNull();
    fireEvent.click(screen.getByTestId('panel-entry-qr'));
    expect(screen.getByTestId('panel-content').getAttribute('data-tab')).toBe('5');
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByTestId('panel-content')).toBeNull();
  });

  it('stays folded once folded', async () => {
    const first = show();
    fireEvent.click(screen.getByTestId('panel-collapse'));
    expect(screen.queryByTestId('panel-entry-alarm')).toBeNull();
    first.unmount();
    show();
    expect(screen.getByTestId('panel-expand')).toBeTruthy();
    fireEvent.click(screen.getByTestId('panel-expand'));
    expect(screen.getByTestId('panel-entry-alarm')).toBeTruthy();
  });
});
