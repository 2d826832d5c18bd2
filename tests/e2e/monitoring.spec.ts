// The monitoring pages against the real server: the home dashboard shows the figures the API
// computes from the simulated history, and a plant's energy flow follows a record as it arrives.
import { expect, test } from '@playwright/test';
import { formatEnergy, formatPower } from '../../src/lib/units';
import { api, apiLogin } from './api';
import { openPlant } from './plants';
import { login } from './portal';

test('the home dashboard shows yesterday\'s energy as the API computes it', async ({ page }) => {
  await login(page, 'admin', { to: '/index' });
  await expect(page.getByTestId('energy-card')).toBeVisible();
  await page.getByTestId('energy-period-prev').click();
  // Yesterday is history (the simulator backfilled it): it no longer changes while the test runs.
  const yesterday = new Date(Date.now() - 24 * 3600 * 1000).toISOString().slice(0, 10);
  const token = await apiLogin('admin');
  const stats = await api<{ total: Record<string, number> }>('GET', '/api/v1/monitor/home/getHomeEneryStatisticsData', { token, query: { dateType: 'day', date: yesterday } });
  expect(stats.total.pvEnergy).toBeGreaterThan(0);
  for (const field of ['pvEnergy', 'loadEnergy', 'gridImportEnergy', 'gridExportEnergy']) {
    await expect(page.getByTestId(`energy-${field}`)).toContainText(formatEnergy(stats.total[field]!));
  }
});

test('a plant\'s energy flow follows a record the moment it is committed', async ({ page }) => {
  const token = await apiLogin('admin');
  const client = await api<{ clientId: string; clientSecret: string }>('POST', '/api/v1/sys/office/addApiInfo', { token, form: { apiName: `E2E gateway ${Date.now()}` } });
  const layout = await api<{ devices: { deviceSn: string; deviceType: number }[] }>('GET', '/api/v1/monitor/device/getPlantSiteLayoutData', { token, query: { plantUid: 'demo-plant-02' } });
  const inverter = layout.devices.find((d) => d.deviceType === 1)!;

  await login(page, 'admin');
  await openPlant(page, 'Olivia\'s home battery');
  await expect(page.getByTestId('energy-flow')).toBeVisible();
  // Four minutes ahead of the clock (five are allowed): the simulator's next sample is older, so
  // this record stays the device's latest while the page is watched.
  const record = { sn: inverter.deviceSn, ts: Date.now() + 4 * 60_000, pvPower: 4100, acPower: 4000, gridPower: -1234, loadPower: 1766, batteryPower: -1000, batterySoc: 64 };
  const result = await api<{ accepted: number }>('POST', '/api/v1/ingest/telemetry', { json: { records: [record] }, client });
  expect(result.accepted).toBe(1);
  await expect(page.getByTestId('flow-grid')).toContainText(formatPower(1234));
  await expect(page.getByTestId('flow-load')).toContainText(formatPower(1766));
  await expect(page.getByTestId('flow-soc')).toContainText('64');
  await expect(page.getByTestId('flow-grid-state')).toHaveText(/export/i);
});
