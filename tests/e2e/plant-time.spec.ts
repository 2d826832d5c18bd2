// One rule for time (issue 20 item 7): with the browser's clock far from the plants' (UTC and
// Denver against the owner's two Shanghai plants), the home, a plant's energy view, the battery
// list and the devices tab count the same "today", the plants' own, and show times on the plants'
// clock in the user's language. The simulator's live step may add energy between two readings,
// so a comparison that fails is read again from a fresh page before it counts as failed.
import { expect, test, type Page } from '@playwright/test';
import { formatEnergy } from '../../src/lib/units';
import { formatDateTime, todayIn } from '../../src/lib/date-time';
import { api, apiLogin } from './api';
import { login, openPage } from './portal';

const ZONE = 'Asia/Shanghai';
/** Olivia's rooftop (PV) and Olivia's home battery, both in Shanghai (server/db/seed/demo-plants.ts). */
const ROOFTOP = 'demo-plant-01';
const HOME_BATTERY = 'demo-plant-02';

interface Energy { total: Record<'pvEnergy' | 'loadEnergy' | 'gridImportEnergy', number> }
interface Battery { batteryChargeEnergy: number; batteryDischargeEnergy: number }

/**
 * How long a freshly opened page may take to show its first figures: on a machine shared with
 * other builds and portals a page's chunks and first answers have taken over 10 s (the home stood
 * at its loading state, the devices tab without report times, every request answered later).
 */
const PAGE_READY = { timeout: 30_000 };
/** How long one reading may take to show on a reloaded page before it is read again. */
const READING = { timeout: 15_000 };

/**
 * Loads `page` at `url` again until `check` holds: a live step between two reads changes today's
 * figures. A real reload: going to the page shown from inside the app changes nothing, and a
 * page kept in its tab shows what it read before.
 */
async function agreeOnOneReading(page: Page, url: string, check: () => Promise<void>) {
  let first = true;
  await expect(async () => {
    if (!first) await page.goto(url);
    else if (!page.url().endsWith(url)) await openPage(page, url);
    first = false;
    await check();
  }).toPass({ timeout: 90_000 });
}

/** "YYYY-MM-DD HH:mm:ss" on the plants' clock, as an instant. */
function shanghaiInstant(text: string): number {
  const [date, time] = text.trim().split(' ');
  return Date.parse(`${date}T${time}+08:00`);
}

for (const timezoneId of ['UTC', 'America/Denver']) {
  test.describe(`with the browser on ${timezoneId} and the plants in Shanghai`, () => {
    test.use({ timezoneId });

    test('the home counts the plants\' today, as each plant\'s own views and the battery list do', async ({ page }) => {
      // Four pages, each read until it agrees with the API, on a loaded machine.
      test.setTimeout(240_000);
      const token = await apiLogin('owner');
      await login(page, 'owner', { to: '/index' });
      // Asked after the page has its zone: the day is Shanghai's, whatever the browser's clock says.
      await expect(page.getByTestId('home-today')).toHaveAttribute('data-date', todayIn(ZONE), PAGE_READY);
      const today = todayIn(ZONE);
      await expect(page.getByTestId('home-today')).toContainText('Asia/Shanghai, UTC+08:00');

      await agreeOnOneReading(page, '/index', async () => {
        const home = await api<Energy>('GET', '/api/v1/monitor/home/getHomeEneryStatisticsData', { token, query: { dateType: 'day', date: today } });
        const plants = await api<{ todayEnergy: number }>('GET', '/api/v1/monitor/home/getHomePlantStatisticsData', { token });
        const battery = await api<Battery>('GET', '/api/v1/monitor/home/getHomeBatteryStatisticsData', { token, query: { dateType: 'day', date: today } });
        // The house has drawn power since Shanghai's midnight, night or day (PV may still be 0 before
        // sunrise); the browser's date would be another day, with another figure.
        expect(home.total.loadEnergy).toBeGreaterThan(0);
        // The plants card's "today" (each plant's own) and the energy card's day are one day.
        expect(formatEnergy(plants.todayEnergy)).toBe(formatEnergy(home.total.pvEnergy));
        await expect(page.getByTestId('plants-today')).toHaveText(formatEnergy(plants.todayEnergy), READING);
        for (const field of ['pvEnergy', 'loadEnergy', 'gridImportEnergy'] as const) {
          await expect(page.getByTestId(`energy-${field}`)).toContainText(formatEnergy(home.total[field]), READING);
        }
        // The battery card is below the fold and loads when it comes near the screen.
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await expect(page.getByTestId('battery-charged')).toHaveText(formatEnergy(battery.batteryChargeEnergy), READING);
      });

      // Each plant's energy view counts the same day.
      const perPlant = await Promise.all([ROOFTOP, HOME_BATTERY].map((plantUid) =>
        api<Energy & { date: string }>('GET', '/api/v1/monitor/home/getHomeEneryStatisticsData', { token, query: { plantUid, dateType: 'day' } })));
      expect(perPlant.map((p) => p.date)).toEqual([today, today]);
      await openPage(page, `/plant?plantUid=${ROOFTOP}`);
      await expect(page.getByTestId('plant-zone')).toContainText('Asia/Shanghai, UTC+08:00', PAGE_READY);
      await agreeOnOneReading(page, `/plant?plantUid=${ROOFTOP}`, async () => {
        const own = await api<Energy>('GET', '/api/v1/monitor/home/getHomeEneryStatisticsData', { token, query: { plantUid: ROOFTOP, dateType: 'day' } });
        for (const field of ['pvEnergy', 'loadEnergy'] as const) {
          await expect(page.getByTestId(`energy-${field}`)).toContainText(formatEnergy(own.total[field]), READING);
        }
      });

      // The battery list's "charged today" is the plant's today too, the home's figure (one battery plant).
      await agreeOnOneReading(page, '/battery/index', async () => {
        const battery = await api<Battery>('GET', '/api/v1/monitor/home/getHomeBatteryStatisticsData', { token, query: { dateType: 'day', date: today } });
        await expect(page.getByTestId(`battery-charged-${HOME_BATTERY}`)).toHaveText(formatEnergy(battery.batteryChargeEnergy), READING);
      });
    });

    test('the devices tab shows the last reports on the plant\'s clock, in English and in Chinese', async ({ page }) => {
      test.setTimeout(180_000);
      await login(page, 'owner', { to: `/plant?plantUid=${HOME_BATTERY}&tab=devices` });
      const times = page.getByTestId('device-last-report');
      // A device that has not reported yet shows a dash; the others their last report.
      const reported = times.filter({ hasText: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/ });
      await expect(reported.first()).toBeVisible(PAGE_READY);
      for (const text of await times.allInnerTexts()) expect(text).toMatch(/^(–|\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})$/);
      await expect(page.getByTestId('plant-devices').locator('th').filter({ hasText: 'Asia/Shanghai, UTC+08:00' })).toHaveCount(1);
      // The simulator's devices report every minute: read on Shanghai's clock, the last report is
      // minutes old (on the browser's clock it would be 8 hours off, or 15 in Denver).
      const shown = shanghaiInstant(await reported.first().innerText());
      expect(Math.abs(Date.now() - shown)).toBeLessThan(15 * 60_000);
      // The same reading, formatted by the page, is the one the API holds.
      const token = await apiLogin('owner');
      await agreeOnOneReading(page, `/plant?plantUid=${HOME_BATTERY}&tab=devices`, async () => {
        const fresh = await api<{ devices: { lastReportTime: string | null }[] }>('GET', '/api/v1/monitor/device/getPlantSiteLayoutData', { token, query: { plantUid: HOME_BATTERY } });
        const now = fresh.devices.map((d) => formatDateTime(d.lastReportTime, { lang: 'en', timeZone: ZONE }));
        // The tab nests child devices under their parent: compare as sets.
        await expect(times).toHaveCount(now.length, READING);
        expect((await times.allInnerTexts()).sort()).toEqual([...now].sort());
      });

      await page.goto(`/plant?plantUid=${HOME_BATTERY}&tab=devices&lang=zh-CN`);
      await expect(page.getByRole('tab', { name: '设备', exact: true })).toBeVisible(PAGE_READY);
      await expect(times.filter({ hasText: /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/ }).first()).toBeVisible(PAGE_READY);
      for (const text of await times.allInnerTexts()) expect(text).toMatch(/^(–|\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2})$/);
      await expect(page.getByTestId('plant-devices')).not.toContainText(/AM|PM|上午|下午/);
    });
  });
}

test.describe('a home over plants in several zones, the browser on UTC', () => {
  test.use({ timezoneId: 'UTC' });

  test('every card counts each plant\'s own today, as the plants card does, and the power card says its times are local', async ({ page }) => {
    test.setTimeout(180_000);
    // The administrator sees the Sunrise plants, from Shanghai to Denver.
    const token = await apiLogin('admin');
    await login(page, 'admin', { to: '/index' });
    await expect(page.getByTestId('home-today')).toContainText('each plant\'s own day in its time zone', PAGE_READY);
    const today = todayIn('UTC');
    await expect(page.getByTestId('home-today')).toHaveAttribute('data-date', today);
    await expect(page.getByTestId('power-local-clocks')).toHaveText('Times are each plant\'s local time: every plant counts its own today');
    await agreeOnOneReading(page, '/index', async () => {
      const plants = await api<{ todayEnergy: number }>('GET', '/api/v1/monitor/home/getHomePlantStatisticsData', { token });
      const home = await api<Energy>('GET', '/api/v1/monitor/home/getHomeEneryStatisticsData', { token, query: { dateType: 'day', date: today } });
      // The energy card's day and the plants card's today are one figure (each plant's own today).
      expect(formatEnergy(home.total.pvEnergy)).toBe(formatEnergy(plants.todayEnergy));
      await expect(page.getByTestId('plants-today')).toHaveText(formatEnergy(plants.todayEnergy), READING);
      await expect(page.getByTestId('energy-pvEnergy')).toContainText(formatEnergy(home.total.pvEnergy), READING);
    });
  });
});
