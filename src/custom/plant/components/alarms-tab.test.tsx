// @vitest-environment jsdom
// The plant's alarms tab with a mocked `call`: the plant's alarms with their level and state, a
// failure shown as such, and an alarm's detail with its history.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import '@/i18n';
import { ApiError, call } from '@/api/client';
import { AlarmsTab } from './alarms-tab';

vi.mock('@/api/client', async (original) => ({ ...(await original<typeof import('@/api/client')>()), call: vi.fn() }));
const api = vi.mocked(call);
configure({ asyncUtilTimeout: 10_000 });
afterEach(() => {
  cleanup();
  api.mockReset();
});

const alarm = {
  id: 5, alarmCode: 1001, alarmName: 'Grid over-voltage', level: 2, state: 1, deviceSn: 'INV1', deviceType: 1, plantUid: 'P1', plantName: 'Home',
  alarmStartTime: '2026-11-20T10:00:00Z', alarmUpdateTime: '2026-11-20T10:05:00Z', alarmEndTime: null, occurrenceNum: 2, suggestion: 'Ask the grid operator',
};
const events = { list: [{ id: 9, alarmId: 5, eventType: 2, eventTime: '2026-11-20T10:05:00Z', alarmName: 'Grid over-voltage', level: 2, deviceSn: 'INV1', plantUid: 'P1', operatorName: null, remark: null }], total: 1, pageNo: 1, pageSize: 10 };

function serve(answers: Record<string, unknown>) {
  api.mockImplementation((async (operation: string) => {
    const answer = answers[operation];
    if (answer instanceof Error) throw answer;
    if (answer === undefined) throw new Error(`unexpected ${operation}`);
    return answer;
  }) as never);
}

describe('the plant\'s alarms tab', { timeout: 60_000 }, () => {
  it('lists the plant\'s alarms with their level and state', async () => {
    serve({ userAlarmPage: { list: [alarm], total: 1, pageNo: 1, pageSize: 10 } });
    render(<App><AlarmsTab plantUid="P1" /></App>);
    const table = await screen.findByTestId('plant-alarms');
    expect(await within(table).findByText('Grid over-voltage')).toBeTruthy();
    expect(within(table).getByText('Critical')).toBeTruthy();
    expect(within(table).getByText('Untreated')).toBeTruthy();
    expect(api).toHaveBeenCalledWith('userAlarmPage', { query: { pageNo: 1, pageSize: 10 }, body: { plantUid: 'P1', orderByIndex: 1 }, silent: true });
  });

  it('shows a refusal as an error', async () => {
    serve({ userAlarmPage: new ApiError(10005, 'No permission') });
    render(<App><AlarmsTab plantUid="P1" /></App>);
    expect(await screen.findByText('No permission', { exact: false })).toBeTruthy();
  });

  it('opens an alarm\'s detail with its history', async () => {
    serve({ userAlarmPage: { list: [alarm], total: 1, pageNo: 1, pageSize: 10 }, getAlarmInfo: alarm, alarmEventPage: events });
    render(<App><AlarmsTab plantUid="P1" /></App>);
    fireEvent.click(await screen.findByText('Grid over-voltage'));
    const drawer = await screen.findByTestId('alarm-info');
    expect(within(drawer).getByText('Ask the grid operator')).toBeTruthy();
    expect(await within(await screen.findByTestId('alarm-events')).findByText('Reported again')).toBeTruthy();
    expect(api).toHaveBeenCalledWith('alarmEventPage', { query: { alarmId: 5, pageNo: 1, pageSize: 10 }, silent: true });
  });
});
