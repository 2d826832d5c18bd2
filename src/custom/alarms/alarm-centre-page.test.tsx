// @vitest-environment jsdom
// The alarm centre with a mocked client: the level figures and the list for the filters, a level
// figure narrowing the list, Close for the selected alarms, and the export of the filtered list.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import '@/i18n';
import { call, download } from '@/api/client';
import { saveFile } from '@/custom/shell/save-file';
import AlarmCentrePage from './alarm-centre-page';

vi.mock('@/api/client', async (original) => ({ ...(await original<typeof import('@/api/client')>()), call: vi.fn(), download: vi.fn() }));
vi.mock('@/custom/charts/g2-plot', () => import('@/custom/charts/g2-plot.stub'));
vi.mock('@/custom/shell/save-file', () => ({ saveFile: vi.fn() }));
const api = vi.mocked(call);
configure({ asyncUtilTimeout: 10_000 });
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const alarm = (id: number, level: number, state: number) => ({
  id, alarmName: `Device fault ${id}`, level, state, deviceSn: `INV${id}`, deviceType: 1, plantUid: 'P1', plantName: 'Home',
  alarmStartTime: '2026-11-20T10:00:00Z', alarmUpdateTime: '2026-11-20T10:05:00Z', occurrenceNum: 1,
});
const answers: Record<string, unknown> = {
  getAlarmLevelCountInState: { totalNum: 3, levelCounts: [{ level: 0, alarmNum: 1 }, { level: 1, alarmNum: 0 }, { level: 2, alarmNum: 2 }] },
  listAlarmDeviceType: [{ deviceType: 1, deviceTypeName: 'Inverter' }],
  alarmNameInfoList: [{ alarmCode: 1001, alarmName: 'Device fault 1', level: 2, deviceType: 1 }],
  userAlarmPage: { list: [alarm(1, 2, 1), alarm(2, 2, 3), alarm(3, 0, 2)], total: 3, pageNo: 1, pageSize: 10 },
  closeAlarm: { closedNum: 1 },
};

function show() {
  api.mockImplementation((async (operation: string) => {
    if (!(operation in answers)) throw new Error(`unexpected ${operation}`);
    return answers[operation];
  }) as never);
  render(<App><MemoryRouter><AlarmCentrePage /></MemoryRouter></App>);
}

describe('the alarm centre', { timeout: 60_000 }, () => {
  it('shows the level figures and the list, and a level figure narrows the list to its level', async () => {
    show();
    await waitFor(() => expect(screen.getByTestId('alarm-count-total').textContent).toContain('3'));
    expect(screen.getByTestId('alarm-count-2').textContent).toContain('2');
    expect(await within(screen.getByTestId('alarm-table')).findByText('Device fault 3')).toBeTruthy();
    fireEvent.click(screen.getByTestId('alarm-count-2'));
    await waitFor(() => expect(api).toHaveBeenCalledWith('userAlarmPage', { query: { pageNo: 1, pageSize: 10 }, body: { level: 2, orderByIndex: 1 }, silent: true }));
    // The counts keep every level: they are asked without it.
    expect(api).not.toHaveBeenCalledWith('getAlarmLevelCountInState', expect.objectContaining({ body: expect.objectContaining({ level: 2 }) }));
  });

  it('closes the selected alarms, a closed one not selectable', async () => {
    show();
    const table = screen.getByTestId('alarm-table');
    await within(table).findByText('Device fault 1');
    const boxes = within(table).getAllByRole('checkbox', { name: /^Select Device fault/ });
    expect(boxes.map((b) => (b as HTMLInputElement).disabled)).toEqual([false, true, false]);
    fireEvent.click(boxes[0]!);
    fireEvent.click(screen.getByTestId('alarm-close-selected'));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api).toHaveBeenCalledWith('closeAlarm', { body: { ids: '1' } }));
  });

  it('exports the filtered list and saves the file', async () => {
    vi.mocked(download).mockResolvedValue({ blob: new Blob(['x']), filename: 'Alarms.xlsx' });
    show();
    await waitFor(() => expect(screen.getByTestId('alarm-count-total').textContent).toContain('3'));
    fireEvent.click(screen.getByTestId('alarm-count-0'));
    fireEvent.click(screen.getByTestId('alarm-export'));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith({ blob: expect.any(Blob), filename: 'Alarms.xlsx' }));
    expect(download).toHaveBeenCalledWith('exportAlarmList', expect.objectContaining({ query: { level: 0, orderByIndex: 1 } }));
  });
});
