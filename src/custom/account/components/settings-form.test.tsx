// @vitest-environment jsdom
// The display settings form with the contract client mocked: it offers the server's choices,
// sends only what changed, and applies the saved settings at once.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import '@/i18n';
import { call } from '@/api/client';
import { formatPower } from '@/lib/units';
import { forgetDisplaySettings, preferredPageSize } from '@/providers/display-settings';
import { SettingsForm, changedSettings } from './settings-form';

vi.mock('@/api/client', async (original) => ({ ...(await original<typeof import('@/api/client')>()), call: vi.fn() }));
const api = vi.mocked(call);
afterEach(() => {
  cleanup();
  api.mockReset();
  forgetDisplaySettings();
});

const DEFAULTS = {
  powerUnit: 'auto', energyUnit: 'auto', temperatureUnit: 'C', dateFormat: 'YYYY-MM-DD', timeFormat: '24h', defaultPage: '/index', pageSize: 10,
  themeColor: '#0076fe', sideTheme: 'theme-light', topNav: 0, tagsView: 1, fixedHeader: 0, sidebarLogo: 1, dynamicTitle: 1, alarmEmail: 0,
} as const;
const option = (value: string | number, label = String(value)) => ({ value, label });
const RANGE = {
  defaults: DEFAULTS,
  options: {
    powerUnit: [option('auto', 'Automatic (W to GW)'), option('W'), option('kW')], energyUnit: [option('auto', 'Automatic (Wh to GWh)'), option('kWh')],
    temperatureUnit: [option('C', 'Degrees Celsius (°C)')], dateFormat: [option('YYYY-MM-DD')], timeFormat: [option('24h', '24-hour')],
    pageSize: [option(10, '10 per page'), option(20, '20 per page')], defaultPage: [option('/index', 'Home')],
    themeColor: [option('#0076fe', 'Blue')], sideTheme: [option('theme-light', 'Light')],
  },
};

describe('changedSettings', () => {
  it('keeps only the fields whose values differ', () => {
    expect(changedSettings({ ...DEFAULTS }, { ...DEFAULTS, pageSize: 50, topNav: 1 })).toEqual({ pageSize: 50, topNav: 1 });
    expect(changedSettings({ ...DEFAULTS }, { ...DEFAULTS })).toEqual({});
  });
});

describe('the settings form', () => {
  it('shows the saved values by the server\'s labels, saves only a changed switch and applies the answer', async () => {
    api.mockImplementation((async (operation: string, args?: { body?: object }) => {
      if (operation === 'settingsGetInfo') return { ...DEFAULTS };
      if (operation === 'getSettingsRange') return RANGE;
      if (operation === 'setUp') return { ...DEFAULTS, ...args!.body, pageSize: 20, powerUnit: 'kW', updateTime: '2026-11-27T05:00:00.000Z' };
      throw new Error(operation);
    }) as never);
    render(<App><SettingsForm /></App>);
    expect(await screen.findByText('Automatic (W to GW)')).toBeTruthy();
    expect(screen.getByText('10 per page')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Fixed top bar' }));
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(api).toHaveBeenCalledWith('setUp', { body: { fixedHeader: 1 }, silent: true }));
    await screen.findByText('20 per page');
    expect(preferredPageSize()).toBe(20);
    expect(formatPower(1500)).toBe('1.5 kW');
    expect(formatPower(40_000)).toBe('40 kW');
    // jsdom renders antd's form slowly on a loaded machine: a budget, not a timing assertion.
  }, 60_000);

  it('saves nothing when nothing changed', async () => {
    api.mockImplementation((async (operation: string) => (operation === 'settingsGetInfo' ? { ...DEFAULTS } : RANGE)) as never);
    render(<App><SettingsForm /></App>);
    await screen.findByText('Automatic (W to GW)');
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect(api).not.toHaveBeenCalledWith('setUp', expect.anything());
  }, 60_000);
});
