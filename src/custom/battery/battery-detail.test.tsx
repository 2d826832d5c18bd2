// @vitest-environment jsdom
// The battery detail with a mocked `call`: a plant's batteries now, its day's power and charge and
// its energy by period; one device's latest reading and its day from its records; and the page
// without a target.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import '@/i18n';
import { call } from '@/api/client';
import BatteryDetail from './battery-detail';

vi.mock('@/api/client', async (original) => ({ ...(await original<typeof import('@/api/client')>()), call: vi.fn() }));
vi.mock('@/custom/charts/g2-plot', () => import('@/custom/charts/g2-plot.stub'));
const api = vi.mocked(call);

afterEach(() => {
  cleanup();
  api.mockReset();
});

const ANSWERS: Record<string, unknown> = {
  getOnePlantInfo: { plantUid: 'P1', plantName: 'Sunny Roof', timeZone: 'UTC' },
  getHomeBatteryStatisticsData: {
    batteryNum: 1, chargingNum: 0, dischargingNum: 1, idleNum: 0, offlineNum: 0, batteryPower: 1200, averageSoc: 84,
    batteryChargeEnergy: 5, batteryDischargeEnergy: 2.5, items: [{ time: '2026-05-01T10:00', batteryChargeEnergy: 1, batteryDischargeEnergy: 0, averageSoc: 84 }],
  },
  getHomePowerStatisticsData: { dateType: 'day', systemPower: 5, points: [{ time: '2026-05-01T10:00', pvPower: 1, loadPower: 1, gridPower: 0, batteryPower: 1200 }] },
  getPvMeterData: { deviceSn: 'INV1', deviceType: 1, date: '2026-05-01', points: [
    { time: '2026-05-01T10:00:00Z', batteryPower: -800, batterySoc: 30, batteryChargeTotal: 10, batteryDischargeTotal: 4 },
    { time: '2026-05-01T10:05:00Z', batteryPower: -900, batterySoc: 31, batteryChargeTotal: 10.5, batteryDischargeTotal: 4 },
  ] },
};

function serve() {
  api.mockImplementation((async (operation: string) => {
    if (operation in ANSWERS) return ANSWERS[operation];
    throw new Error(`unexpected ${operation}`);
  }) as never);
}
const detail = (path: string) => render(<App><MemoryRouter initialEntries={[path]}><BatteryDetail /></MemoryRouter></App>);

describe('the battery detail', { timeout: 30_000 }, () => {
  it('shows a plant\'s batteries now, its day and its energy by period', async () => {
    serve();
    detail('/battery/detail?plantUid=P1');
    expect((await screen.findByTestId('battery-detail-title')).textContent).toContain('Sunny Roof');
    await waitFor(() => expect(screen.getByTestId('battery-now-soc').textContent).toContain('84 %'));
    expect(screen.getByTestId('battery-now-picture').getAttribute('data-band')).toBe('high');
    expect(screen.getByTestId('battery-now-power').textContent).toContain('1.2 kW');
    expect(screen.getByTestId('battery-now-state').textContent).toBe('Discharging');
    // Both axes read the same rows: power on the left, charge on the right.
    const rows = [{ time: '10:00', power: 1200, soc: 84 }];
    await waitFor(() => expect(JSON.parse(screen.getByTestId('battery-curve-chart').getAttribute('data-json')!)).toEqual([rows, rows]));
    expect(screen.getByTestId('battery-energy-charge').textContent).toContain('5 kWh');
    expect(api).toHaveBeenCalledWith('getHomeBatteryStatisticsData', expect.objectContaining({ query: expect.objectContaining({ plantUid: 'P1', dateType: 'month' }) }));
  });

  it('shows one device\'s latest reading and its day from its records', async () => {
    serve();
    detail('/battery/detail?plantUid=P1&deviceSn=INV1');
    await waitFor(() => expect(screen.getByTestId('battery-now-soc').textContent).toContain('31 %'));
    expect(screen.getByTestId('battery-now-picture').getAttribute('data-band')).toBe('low');
    expect(screen.getByTestId('battery-now-state').textContent).toBe('Charging');
    await waitFor(() => expect(screen.getByTestId('battery-energy-charge').textContent).toContain('500 Wh'));
    expect(JSON.parse(screen.getByTestId('battery-curve-chart').getAttribute('data-json')!)[0]).toHaveLength(2);
    expect(api).toHaveBeenCalledWith('getPvMeterData', expect.objectContaining({ query: expect.objectContaining({ deviceSn: 'INV1' }) }));
  });

  it('asks for a plant or a battery when the address names none', async () => {
    serve();
    detail('/battery/detail');
    expect(await screen.findByText('Choose a plant or a battery in the battery list')).toBeTruthy();
  });
});
