// @vitest-environment jsdom
// The home dashboard's cards through their states, with a mocked `call`: loading while the calls
// are under way, empty when the scope has nothing, the figures on the unit ladders once answered,
// and the not-yet state of an operation the server does not implement.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import dayjs from 'dayjs';
import '@/i18n';
import { ApiError, call } from '@/api/client';
import { todayIn } from '@/lib/date-time';
import HomePage from './home-page';

vi.mock('@/api/client', async (original) => ({ ...(await original<typeof import('@/api/client')>()), call: vi.fn() }));
vi.mock('@/providers/session', () => ({ currentLoginInfo: async () => ({ userInfo: { nickname: 'Ann', userId: 'u-ann' } }) }));
vi.mock('@/custom/charts/g2-plot', () => import('@/custom/charts/g2-plot.stub'));
const api = vi.mocked(call);

afterEach(() => {
  cleanup();
  api.mockReset();
});

const CARDS = ['plants', 'power', 'energy', 'battery', 'devices', 'alarms', 'weather'];

const energy = (pv: number, fields: Record<string, number> = {}) => ({
  pvEnergy: pv, loadEnergy: 10, gridImportEnergy: 4, gridExportEnergy: 6.5, batteryChargeEnergy: 3, batteryDischargeEnergy: 2.5, selfConsumptionRate: 47.37, selfSufficiencyRate: 60, ...fields,
});
const ZERO = energy(0, { loadEnergy: 0, gridImportEnergy: 0, gridExportEnergy: 0, batteryChargeEnergy: 0, batteryDischargeEnergy: 0, selfConsumptionRate: 0, selfSufficiencyRate: 0 });
const PLANT = { plantUid: 'P1', plantName: 'Sunny Roof', timeZone: 'Europe/Berlin', gridPrice: 0.3, currencyName: 'EUR', systemPower: 8.2, address: 'x' };

const FULL: Record<string, unknown> = {
  getTopPlantList: { list: [PLANT], total: 1, pageNo: 1, pageSize: 20 },
  getHomePlantStatisticsData: { plantNum: 1, normalNum: 1, faultNum: 0, offlineNum: 0, totalSystemPower: 8.2, currentPower: 4321, todayEnergy: 12.345, monthEnergy: 250, yearEnergy: 1800, totalEnergy: 4200 },
  getHomePowerStatisticsData: {
    dateType: 'day', systemPower: 8.2, points: [
      { time: '2026-05-01T10:00', pvPower: 3000, loadPower: 900, gridPower: -1500, batteryPower: -600 },
      { time: '2026-05-01T10:05', pvPower: 3500, loadPower: 1000, gridPower: -2000, batteryPower: -500 },
      { time: '2026-05-01T10:10', pvPower: null, loadPower: null, gridPower: null, batteryPower: null },
    ],
  },
  getHomeEneryStatisticsData: {
    dateType: 'day', total: energy(12.345), items: [{ time: '2026-05-01T10:00', ...energy(12.345) }],
    savings: [{ currencyName: 'EUR', amount: 3.7035 }], co2Avoided: 12.308,
    previous: { time: '2026-04-30', ...energy(10) }, lastYear: { time: '2025-05-01', ...energy(0) },
  },
  getHomeBatteryStatisticsData: { batteryNum: 2, chargingNum: 1, dischargingNum: 0, idleNum: 1, offlineNum: 0, batteryPower: -600, averageSoc: 62, batteryChargeEnergy: 3, batteryDischargeEnergy: 2.5, items: [] },
  getHomeDeviceStatisticsData: { totalNum: 3, onlineNum: 2, faultNum: 0, offlineNum: 1, deviceTypes: [{ deviceType: 1, totalNum: 1, onlineNum: 1, faultNum: 0, offlineNum: 0 }] },
  getUntreatedAlarmNum: { untreatedNum: 120 },
  getCurrentWeather: { plantUid: 'P1', weatherCode: 'partlyCloudy', temperature: 18.46, humidity: 55, windSpeed: 3.2, cloudCover: 40, irradiance: 640, observationTime: '2026-05-01T10:00:00Z' },
  getForecastWeather: [{ date: '2026-05-01', weatherCode: 'clear', temperatureMax: 21, temperatureMin: 9, pvEnergyForecast: 31.5 }],
};

const EMPTY: Record<string, unknown> = {
  getTopPlantList: { list: [], total: 0, pageNo: 1, pageSize: 20 },
  getHomePlantStatisticsData: { plantNum: 0, normalNum: 0, faultNum: 0, offlineNum: 0, totalSystemPower: 0, currentPower: 0, todayEnergy: 0, monthEnergy: 0, yearEnergy: 0, totalEnergy: 0 },
  getHomePowerStatisticsData: { dateType: 'day', systemPower: 0, points: [] },
  getHomeEneryStatisticsData: { dateType: 'day', total: ZERO, items: [], savings: [], co2Avoided: 0, previous: ZERO, lastYear: ZERO },
  getHomeBatteryStatisticsData: { batteryNum: 0, chargingNum: 0, dischargingNum: 0, idleNum: 0, offlineNum: 0, batteryPower: 0, averageSoc: null, batteryChargeEnergy: 0, batteryDischargeEnergy: 0, items: [] },
  getHomeDeviceStatisticsData: { totalNum: 0, onlineNum: 0, faultNum: 0, offlineNum: 0, deviceTypes: [] },
  getUntreatedAlarmNum: { untreatedNum: 0 },
};

function serve(answers: Record<string, unknown>, failures: Record<string, unknown> = {}) {
  api.mockImplementation((async (operation: string) => {
    if (operation in failures) throw failures[operation];
    if (operation in answers) return answers[operation];
    throw new Error(`unexpected ${operation}`);
  }) as never);
}

const text = (id: string) => screen.getByTestId(id).textContent ?? '';
const home = () => render(<App><HomePage /></App>);

// Rendering every card with antd in jsdom is slow on a busy machine; nothing here measures time.
describe('the home dashboard', { timeout: 30_000 }, () => {
  it('shows every card loading while its call is under way', async () => {
    api.mockImplementation((() => new Promise(() => undefined)) as never);
    home();
    for (const card of CARDS) expect(await screen.findByTestId(`${card}-loading`)).toBeTruthy();
  });

  it('shows every card empty when the user has no plant', async () => {
    serve(EMPTY);
    home();
    for (const card of CARDS) expect(await screen.findByTestId(`${card}-empty`)).toBeTruthy();
  });

  it('shows the figures on the unit ladders once the calls answer', async () => {
    serve(FULL);
    home();
    expect(await screen.findByTestId('plants-data')).toBeTruthy();
    expect(text('plants-total')).toContain('1');
    expect(text('plants-capacity')).toBe('8.2 kWp');
    expect(text('plants-power')).toBe('4.32 kW');
    expect(text('plants-today')).toBe('12.35 kWh');

    await screen.findByTestId('power-data');
    // Now is the plants' current power (the curve's last slot is no single instant over several time zones).
    expect(text('power-current')).toContain('4.32 kW');
    expect(text('power-peak')).toContain('3.5 kW');
    expect(screen.getByTestId('power-chart').getAttribute('data-rows')).toBe('12');

    await screen.findByTestId('energy-data');
    expect(text('energy-pvEnergy')).toContain('12.35 kWh');
    expect(text('energy-gridExportEnergy')).toContain('6.5 kWh');
    expect(text('energy-selfConsumptionRate')).toContain('47.4 %');
    expect(text('energy-savings')).toContain('3.7 EUR');
    expect(text('energy-co2')).toContain('12.31 kg');

    await screen.findByTestId('battery-data');
    expect(text('battery-soc')).toBe('62 %');
    expect(text('battery-power')).toBe('600 W');
    expect(text('battery-state')).toBe('Charging');

    await screen.findByTestId('devices-data');
    expect(text('devices-online')).toContain('2');
    expect(text('devices-offline')).toContain('1');

    await screen.findByTestId('alarms-data');
    expect(text('alarms-all')).toContain('99+');

    await screen.findByTestId('weather-data');
    expect(text('weather-temperature')).toBe('18.5 °C');
    expect(text('weather-condition')).toBe('Partly cloudy');
    expect(text('weather-plant')).toBe('Sunny Roof');
    // Drawn icons, not emoji (which need a font many systems lack); the forecast's is named.
    const weather = screen.getByTestId('weather-data');
    expect(weather.querySelector('svg[data-weather="partlyCloudy"]')?.getAttribute('aria-hidden')).toBe('true');
    expect(within(screen.getByTestId('weather-forecast')).getByRole('img', { name: 'Clear' }).getAttribute('data-weather')).toBe('clear');
    expect(weather.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
    expect(api).toHaveBeenCalledWith('getCurrentWeather', expect.objectContaining({ query: { plantUid: 'P1' } }));
  });

  it('keeps the alarm slot as a not-yet state while the server does not count alarms', async () => {
    serve(FULL, { getUntreatedAlarmNum: new ApiError(10001, 'not implemented: getUntreatedAlarmNum') });
    home();
    expect((await screen.findByTestId('alarms-not-yet')).textContent).toContain('Alarms arrive with telemetry');
    expect(await screen.findByTestId('plants-data')).toBeTruthy();
  });

  it('shows another failure as an error of that card alone', async () => {
    serve(FULL, { getHomeDeviceStatisticsData: new ApiError(10005, 'No permission') });
    home();
    expect((await screen.findByTestId('devices-error')).textContent).toContain('No permission');
    expect(await screen.findByTestId('battery-data')).toBeTruthy();
  });

  it('compares the period with the previous one and the same one last year', async () => {
    serve(FULL);
    home();
    await screen.findByTestId('energy-data');
    fireEvent.click(screen.getByRole('tab', { name: 'Comparison' }));
    const table = await screen.findByTestId('energy-comparison');
    // Production 12.345 kWh against 10 kWh the day before: +23.5 %; last year had none, so no ratio.
    expect(table.textContent).toContain('Previous period (2026-04-30)');
    expect(table.textContent).toContain('10 kWh+23.5 %');
    expect(table.textContent).toContain('Same period last year (2025-05-01)');
  });

  it('asks for the period chosen with the switch and the arrows', async () => {
    serve(FULL);
    home();
    await screen.findByTestId('energy-data');
    const asked = () => api.mock.calls.filter(([op]) => op === 'getHomeEneryStatisticsData').map(([, args]) => (args as { query: { dateType: string; date: string } }).query);
    const today = asked().at(-1)!.date;
    fireEvent.click(screen.getByText('Month', { selector: '[data-testid="energy-period"] *' }));
    await waitFor(() => expect(asked().at(-1)).toEqual({ dateType: 'month', date: today }));
    fireEvent.click(screen.getByTestId('energy-period-prev'));
    await waitFor(() => expect(asked().at(-1)).toEqual({ dateType: 'month', date: dayjs(today).subtract(1, 'month').format('YYYY-MM-DD') }));
    // Nothing after the period holding today.
    expect((screen.getByTestId('energy-period-next') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByTestId('energy-period-next'));
    await waitFor(() => expect((screen.getByTestId('energy-period-next') as HTMLButtonElement).disabled).toBe(true));
  });

  it('counts the days of plants that share a zone in that zone, not the browser one', async () => {
    // UTC+14: its date is ahead of every browser's for most of the day.
    const far = { ...PLANT, timeZone: 'Pacific/Kiritimati' };
    serve({ ...FULL, getTopPlantList: { list: [far, { ...far, plantUid: 'P2', plantName: 'Second Roof' }], total: 2, pageNo: 1, pageSize: 20 } });
    home();
    const day = todayIn('Pacific/Kiritimati');
    await waitFor(() => expect(screen.getByTestId('home-today').getAttribute('data-date')).toBe(day));
    await screen.findByTestId('energy-data');
    for (const operation of ['getHomeEneryStatisticsData', 'getHomePowerStatisticsData', 'getHomeBatteryStatisticsData']) {
      const dates = api.mock.calls.filter(([op]) => op === operation).map(([, args]) => (args as { query: { date: string } }).query.date);
      expect(dates.at(-1)).toBe(day);
    }
  });

  it('over plants in several zones asks for the user\'s today, which every card counts as each plant\'s own', async () => {
    const berlin = { ...PLANT, plantUid: 'P2', plantName: 'Berlin Roof' };
    const denver = { ...PLANT, plantUid: 'P3', plantName: 'Denver Roof', timeZone: 'America/Denver' };
    serve({ ...FULL, getTopPlantList: { list: [berlin, denver], total: 2, pageNo: 1, pageSize: 20 } });
    home();
    const day = dayjs().format('YYYY-MM-DD');
    await waitFor(() => expect(screen.getByTestId('home-today').textContent).toContain('each plant\'s own day in its time zone'));
    expect(screen.getByTestId('home-today').getAttribute('data-date')).toBe(day);
    // The plants card's today is the others' today: no caveat beside it.
    expect((await screen.findByTestId('plants-card')).textContent).not.toContain('each plant');
    expect((await screen.findByTestId('power-local-clocks')).textContent).toBe('Times are each plant\'s local time: every plant counts its own today');
    for (const operation of ['getHomeEneryStatisticsData', 'getHomePowerStatisticsData', 'getHomeBatteryStatisticsData']) {
      const dates = api.mock.calls.filter(([op]) => op === operation).map(([, args]) => (args as { query: { date: string } }).query.date);
      expect(dates.at(-1)).toBe(day);
    }
  });

  it('one zone: no note on local clocks', async () => {
    serve(FULL);
    home();
    await screen.findByTestId('power-chart');
    expect(screen.queryByTestId('power-local-clocks')).toBeNull();
  });

  it('shows the weather of the user own plant before one shared with them', async () => {
    const shared = { ...PLANT, plantUid: 'S1', plantName: 'A shared roof', endUserId: 'u-someone' };
    const own = { ...PLANT, plantUid: 'O1', plantName: 'My roof', endUserId: 'u-ann' };
    serve({ ...FULL, getTopPlantList: { list: [shared, own], total: 2, pageNo: 1, pageSize: 20 } });
    home();
    await waitFor(() => expect(text('weather-plant')).toBe('My roof'));
    expect(api).toHaveBeenCalledWith('getCurrentWeather', expect.objectContaining({ query: { plantUid: 'O1' } }));
  });
});
