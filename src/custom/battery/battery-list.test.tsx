// @vitest-environment jsdom
// The battery list through its states with a mocked `call`: loading while the plants and their
// batteries are asked for, empty without plants, the plant list's failure, one plant's failure
// kept to its row, the not-yet state, and the figures: picture band, charge, power and state.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import '@/i18n';
import { ApiError, call } from '@/api/client';
import BatteryList from './battery-list';

vi.mock('@/api/client', async (original) => ({ ...(await original<typeof import('@/api/client')>()), call: vi.fn() }));
const api = vi.mocked(call);

afterEach(() => {
  cleanup();
  api.mockReset();
});

const plant = (plantUid: string, plantName: string) => ({ plantUid, plantName, timeZone: 'Europe/Berlin', address: 'x' });
const batteries = (fields: Record<string, unknown>) => ({
  batteryNum: 2, chargingNum: 1, dischargingNum: 0, idleNum: 1, offlineNum: 0, batteryPower: -1500, averageSoc: 62.4,
  batteryChargeEnergy: 3.2, batteryDischargeEnergy: 0.8, items: [], ...fields,
});

type Query = Record<string, unknown>;
/** A fixed answer (an error is thrown), or one computed from the query. */
type Answer = object | ((query: Query) => unknown);
function serve(answers: Record<string, Answer>) {
  api.mockImplementation((async (operation: string, args: { query?: Record<string, unknown> }) => {
    const answer = answers[operation];
    if (answer === undefined) throw new Error(`unexpected ${operation}`);
    const value = typeof answer === 'function' ? (answer as (q: Query) => unknown)(args.query ?? {}) : answer;
    if (value instanceof Error) throw value;
    return value;
  }) as never);
}

const list = () => render(<App><MemoryRouter><BatteryList /></MemoryRouter></App>);
const page = (...plants: ReturnType<typeof plant>[]) => ({ list: plants, total: plants.length, pageNo: 1, pageSize: 10 });

describe('the battery list', { timeout: 30_000 }, () => {
  it('shows rows loading while each plant\'s batteries are asked for', async () => {
    serve({ getPlantList: page(plant('P1', 'Sunny Roof')), getHomeBatteryStatisticsData: () => new Promise(() => undefined) });
    list();
    expect(await screen.findByText('Sunny Roof')).toBeTruthy();
    expect(screen.getAllByTestId('battery-row-loading').length).toBeGreaterThan(0);
  });

  it('says there is no plant when the scope is empty', async () => {
    serve({ getPlantList: page() });
    list();
    expect(await screen.findByText('No plant yet')).toBeTruthy();
    expect(api).not.toHaveBeenCalledWith('getHomeBatteryStatisticsData', expect.anything());
  });

  it('shows the plant list\'s failure', async () => {
    serve({ getPlantList: new ApiError(10005, 'No permission') });
    list();
    expect((await screen.findByTestId('battery-list-error')).textContent).toContain('No permission');
  });

  it('shows each plant\'s batteries: picture by band, charge, power and state, in the plant\'s own day', async () => {
    serve({
      getPlantList: page(plant('P1', 'Sunny Roof'), plant('P2', 'Barn'), plant('P3', 'Carport')),
      getHomeBatteryStatisticsData: (q) => (q.plantUid === 'P1' ? batteries({})
        : q.plantUid === 'P2' ? batteries({ batteryNum: 1, averageSoc: 100, batteryPower: 2500, chargingNum: 0, dischargingNum: 1, idleNum: 0 })
          : batteries({ batteryNum: 0, averageSoc: null, batteryPower: 0, chargingNum: 0, idleNum: 0 })),
    });
    list();
    await waitFor(() => expect(screen.getByTestId('battery-soc-P1').textContent).toBe('62 %'));
    expect(screen.getByTestId('battery-picture-P1').getAttribute('data-band')).toBe('medium');
    expect(screen.getByTestId('battery-power-P1').textContent).toBe('1.5 kW');
    expect(screen.getByTestId('battery-state-P1').textContent).toBe('Charging');
    expect(screen.getByTestId('battery-picture-P2').getAttribute('data-band')).toBe('full');
    expect(screen.getByTestId('battery-state-P2').textContent).toBe('Discharging');
    expect(screen.getByTestId('battery-picture-P3').getAttribute('data-band')).toBe('unknown');
    expect(screen.getByTestId('battery-state-P3').textContent).toBe('No battery');
    expect(screen.getByText('Sunny Roof').closest('a')!.getAttribute('href')).toBe('/battery/detail?plantUid=P1');
    expect(api).toHaveBeenCalledWith('getHomeBatteryStatisticsData', expect.objectContaining({ query: expect.objectContaining({ plantUid: 'P1', dateType: 'day', date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) }) }));
  });

  it('keeps one plant\'s failure to its row', async () => {
    serve({
      getPlantList: page(plant('P1', 'Sunny Roof'), plant('P2', 'Barn')),
      getHomeBatteryStatisticsData: (q) => (q.plantUid === 'P1' ? batteries({}) : new ApiError(10001, 'System exception')),
    });
    list();
    await waitFor(() => expect(screen.getByTestId('battery-soc-P1').textContent).toBe('62 %'));
    expect(screen.getAllByTestId('battery-row-error').length).toBeGreaterThan(0);
    expect(screen.queryByTestId('battery-list-error')).toBeNull();
  });

  it('shows the not-yet state while the server does not implement the battery figures', async () => {
    serve({
      getPlantList: page(plant('P1', 'Sunny Roof')),
      getHomeBatteryStatisticsData: new ApiError(10001, 'not implemented: getHomeBatteryStatisticsData'),
    });
    list();
    expect((await screen.findByTestId('battery-list-not-yet')).textContent).toContain('Battery figures come with telemetry');
  });

  it('unfolds a plant into its battery devices, each opening its detail', async () => {
    serve({
      getPlantList: page(plant('P1', 'Sunny Roof')),
      getHomeBatteryStatisticsData: batteries({}),
      getPlantSiteLayoutData: { plantUid: 'P1', devices: [
        { deviceSn: 'INV1', deviceType: 1, status: 1, power: 2000, batterySoc: 80 },
        { deviceSn: 'MTR1', deviceType: 2, status: 1, power: -300, batterySoc: null },
        { deviceSn: 'INV2', deviceType: 1, status: 3, power: null, batterySoc: 20 },
      ] },
    });
    list();
    await waitFor(() => expect(screen.getByTestId('battery-soc-P1').textContent).toBe('62 %'));
    fireEvent.click(screen.getByRole('button', { name: /expand/i }));
    const inv1 = await screen.findByText('INV1');
    expect(inv1.closest('a')!.getAttribute('href')).toBe('/battery/detail?plantUid=P1&deviceSn=INV1');
    expect(screen.queryByText('MTR1')).toBeNull();
    // An offline battery's last reading is not its level now.
    const row = screen.getByText('INV2').closest('tr')!;
    expect(row.querySelector('svg[data-band]')!.getAttribute('data-band')).toBe('unknown');
  });
});
