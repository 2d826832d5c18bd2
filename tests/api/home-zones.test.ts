// The home over plants in three zones at an instant when their local dates differ (23:30 UTC on
// 31 December 2026: 1 January 2027 07:30 in Shanghai, 00:30 in Berlin, still 31 December 16:30 in
// Denver): every home card counts each plant's own today (its month, its year, its yesterday),
// summed, so each of its figures is the sum of what the plant's own dashboard answers. The caller's
// own date (the signed clientDate) is 31 December. Only Date is faked: the server reads "now" once
// per request, as the plants' today, from it.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { devices, plants } from '../../server/db/schema/index.ts';
import { hashPassword } from '../../server/domain/auth/passwords.ts';
import { createEndUser } from '../../server/repositories/registration.ts';
import { hourlyDayCurve } from '../../server/repositories/statistics-power.ts';
import { periodOf, requestedPeriod } from '../../server/repositories/statistics-scope.ts';
import { ingest } from '../../server/telemetry/ingest.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../fixtures/app.ts';

const NOW = Date.parse('2026-12-31T23:30:00Z');
const CALLERS_DATE = '2026-12-31';
/** The zones' offsets in December and January (none of them changes clocks then). */
const ZONES = { shanghai: ['Asia/Shanghai', '+08:00'], berlin: ['Europe/Berlin', '+01:00'], denver: ['America/Denver', '-07:00'] } as const;
type Site = keyof typeof ZONES;

let t: TestApp;
let token: string;
const uid: Record<Site, string> = { shanghai: randomUUID(), berlin: randomUUID(), denver: randomUUID() };

/**
 * Each plant's inverter: [local time, PV counter, charge counter, discharge counter, PV power, SOC].
 * Shanghai and Berlin make most of their energy on 31 December, their yesterday, and a little on
 * their today; Denver on 30 and 31 December, its yesterday and today. Summing one date for all
 * (31 December) would count 23 kWh of PV; each plant's own today counts 9.5.
 */
const SAMPLES: Record<Site, [string, number, number, number, number, number][]> = {
  shanghai: [
    ['2026-12-01T10:00', 100, 10, 10, 500, 50], ['2026-12-31T08:00', 100, 10, 10, 800, 50], ['2026-12-31T12:00', 110, 12, 10, 3000, 70],
    ['2027-01-01T06:00', 110, 12, 10, 300, 65], ['2027-01-01T07:00', 112, 12.5, 10.25, 1200, 60],
  ],
  berlin: [
    ['2026-12-31T09:00', 50, 5, 5, 400, 40], ['2026-12-31T13:00', 56, 6, 5, 1500, 55],
    ['2027-01-01T00:05', 56, 6, 5.5, 0, 50], ['2027-01-01T00:25', 56.5, 6, 6, 0, 45],
  ],
  denver: [
    ['2026-12-30T10:00', 200, 20, 20, 700, 30], ['2026-12-30T14:00', 203, 21, 20, 900, 40],
    ['2026-12-31T07:00', 203, 21, 20.5, 0, 35], ['2026-12-31T10:00', 204, 21, 20.5, 1800, 35], ['2026-12-31T14:00', 210, 23, 20.5, 2600, 60],
  ],
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const login = `zones-${randomUUID().slice(0, 6)}`;
  const { userId } = await createEndUser(db, {
    loginName: login, nickname: 'Three zones', email: `${login}@example.test`, passwordHash: await hashPassword(DEMO_PASSWORD), countryCode: 'DE', timeZone: 'UTC', lang: 'en',
  }, 'email');
  const sites = Object.keys(ZONES) as Site[];
  await db.insert(plants).values(sites.map((site) => ({
    plantUid: uid[site], plantName: `Zones ${site} ${login}`, officeId: '11', ownerUserId: userId, timeZone: ZONES[site][0], systemPower: 5, gridPrice: 0.3, currencyName: 'EUR',
  })));
  const sn = (site: Site) => `ZN${site.slice(0, 3).toUpperCase()}${login.slice(-6).toUpperCase()}`;
  await db.insert(devices).values(sites.map((site) => ({ sn: sn(site), snType: 1, plantUid: uid[site], officeId: '11', ratedPower: 5 })));
  const records = sites.flatMap((site) => SAMPLES[site].map(([local, pv, chg, dis, pvPower, soc]) => ({
    sn: sn(site), ts: Date.parse(`${local}:00${ZONES[site][1]}`), pvEnergyTotal: pv, batteryChargeTotal: chg, batteryDischargeTotal: dis,
    pvPower, batteryPower: pvPower > 1000 ? -500 : 200, batterySoc: soc,
  })));
  const stored = await ingest(db, records, {}, NOW);
  expect(stored.rejected).toEqual([]);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  token = (await t.api.login(login)).token;
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

async function get<T>(op: string, query: Record<string, string>): Promise<T> {
  const { body } = await t.api.get<T>(`/api/v1/monitor/home/${op}`, { token, query });
  expect(body.errCode, `${op} ${JSON.stringify(query)}: ${body.errMsg}`).toBe(0);
  return body.data;
}

const SITES = Object.keys(ZONES) as Site[];
const wh = (kwh: number) => Math.round(kwh * 1000);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
/** The answer of each plant's own dashboard (no date: the plant's today). */
const perPlant = <T>(op: string, query: Record<string, string> = {}) => Promise.all(SITES.map((site) => get<T>(op, { plantUid: uid[site], ...query })));

type Energy = { pvEnergy: number; batteryChargeEnergy: number; batteryDischargeEnergy: number; time?: string };
type EnergyAnswer = { date: string; total: Energy; items: Energy[]; previous: Energy | null; lastYear: Energy | null };

describe('the home over Shanghai, Berlin and Denver at 23:30 UTC on 31 December', () => {
  it('the energy card: each plant\'s own today, yesterday, month and year, summed, hour by local hour', async () => {
    const own = await perPlant<EnergyAnswer>('getHomeEneryStatisticsData');
    expect(own.map((o) => o.date)).toEqual(['2027-01-01', '2027-01-01', '2026-12-31']);
    for (const query of [{ dateType: 'day', date: CALLERS_DATE }, { dateType: 'day' }] as Record<string, string>[]) {
      const home = await get<EnergyAnswer>('getHomeEneryStatisticsData', query);
      expect(home.date).toBe(CALLERS_DATE);
      expect(wh(home.total.pvEnergy)).toBe(9500);
      for (const f of ['pvEnergy', 'batteryChargeEnergy', 'batteryDischargeEnergy'] as const) {
        expect(wh(home.total[f]), f).toBe(sum(own.map((o) => wh(o.total[f]))));
        expect(wh(home.previous![f]), `yesterday ${f}`).toBe(sum(own.map((o) => wh(o.previous![f]))));
        expect(wh(home.lastYear![f]), `a year ago ${f}`).toBe(sum(own.map((o) => wh(o.lastYear![f]))));
      }
      // Each plant's hours move onto the caller's date by their local clock time.
      home.items.forEach((item, h) => {
        expect(item.time).toBe(`${CALLERS_DATE}T${String(h).padStart(2, '0')}:00`);
        expect(wh(item.pvEnergy), item.time).toBe(sum(own.map((o) => wh(o.items[h]!.pvEnergy))));
      });
    }
    expect(wh((await get<EnergyAnswer>('getHomeEneryStatisticsData', { dateType: 'day', date: CALLERS_DATE })).previous!.pvEnergy)).toBe(19000);

    for (const dateType of ['month', 'year']) {
      const home = await get<EnergyAnswer>('getHomeEneryStatisticsData', { dateType, date: CALLERS_DATE });
      const plantsOwn = await perPlant<EnergyAnswer>('getHomeEneryStatisticsData', { dateType });
      expect(wh(home.total.pvEnergy), dateType).toBe(sum(plantsOwn.map((o) => wh(o.total.pvEnergy))));
      expect(wh(home.previous!.pvEnergy), `${dateType} before`).toBe(sum(plantsOwn.map((o) => wh(o.previous!.pvEnergy))));
    }
    // Shanghai's and Berlin's 2027 so far, and Denver's 2026.
    expect(wh((await get<EnergyAnswer>('getHomeEneryStatisticsData', { dateType: 'year' })).total.pvEnergy)).toBe(2000 + 500 + 10000);
  });

  it('a past date is still the same local date in every plant', async () => {
    const home = await get<EnergyAnswer>('getHomeEneryStatisticsData', { dateType: 'day', date: '2026-12-30' });
    const own = await perPlant<EnergyAnswer>('getHomeEneryStatisticsData', { dateType: 'day', date: '2026-12-30' });
    expect(wh(home.total.pvEnergy)).toBe(sum(own.map((o) => wh(o.total.pvEnergy))));
    expect(wh(home.total.pvEnergy)).toBe(3000);
  });

  it('the plants card agrees with the energy card', async () => {
    type Plants = { todayEnergy: number; monthEnergy: number; yearEnergy: number };
    const home = await get<Plants>('getHomePlantStatisticsData', {});
    const own = await perPlant<Plants>('getHomePlantStatisticsData');
    for (const f of ['todayEnergy', 'monthEnergy', 'yearEnergy'] as const) expect(wh(home[f]), f).toBe(sum(own.map((o) => wh(o[f]))));
    const energy = await get<EnergyAnswer>('getHomeEneryStatisticsData', { dateType: 'day' });
    expect(wh(home.todayEnergy)).toBe(wh(energy.total.pvEnergy));
  });

  it('the power card: each plant\'s today by its local clock, slot by slot', async () => {
    type Power = { time: string; pvPower: number | null; batteryPower: number | null };
    type PowerAnswer = { date: string; points: Power[] };
    const home = await get<PowerAnswer>('getHomePowerStatisticsData', { dateType: 'day', date: CALLERS_DATE });
    const own = await perPlant<PowerAnswer>('getHomePowerStatisticsData');
    expect(home.points).toHaveLength(288);
    const seen = home.points.filter((p) => p.pvPower !== null).map((p) => p.time);
    // Shanghai's 06:00 and 07:00, Berlin's 00:05 and 00:25, Denver's 07:00, 10:00 and 14:00.
    expect(seen).toEqual(['00:05', '00:25', '06:00', '07:00', '10:00', '14:00'].map((hhmm) => `${CALLERS_DATE}T${hhmm}`));
    home.points.forEach((point, i) => {
      const values = own.map((o) => o.points[i]!.pvPower).filter((v): v is number => v !== null);
      expect(point.pvPower, point.time).toBe(values.length ? sum(values) : null);
      expect(own.every((o) => o.points[i]!.time.slice(10) === point.time.slice(10))).toBe(true);
    });
    const month = await get<PowerAnswer>('getHomePowerStatisticsData', { dateType: 'month', date: CALLERS_DATE });
    expect(month.points).toHaveLength(31);
  });

  it('a fleet\'s hourly day curve (over 50 plants) adds each plant\'s own today by local hour too', async () => {
    const listOf = (...uids: string[]) => ({ uids: sql`(select plant_uid from plants where plant_uid in (${sql.join(uids.map((u) => sql`${u}`), sql`, `)}))`, single: undefined, key: uids.join() });
    const fleet = listOf(...SITES.map((site) => uid[site]));
    const hours = await hourlyDayCurve(t.database.db, fleet, requestedPeriod('day', CALLERS_DATE, fleet, CALLERS_DATE, new Date(NOW)));
    const own = await Promise.all(SITES.map((site) => hourlyDayCurve(t.database.db, listOf(uid[site]), periodOf('day', site === 'denver' ? '2026-12-31' : '2027-01-01'))));
    expect(hours.filter((h) => h.pvPower !== null).length).toBeGreaterThan(0);
    hours.forEach((hour, h) => {
      const values = own.map((o) => o[h]!.pvPower).filter((v): v is number => v !== null);
      expect(hour.time).toBe(`${CALLERS_DATE}T${String(h).padStart(2, '0')}:00`);
      if (values.length) expect(hour.pvPower, hour.time).toBeCloseTo(sum(values), 1);
      else expect(hour.pvPower, hour.time).toBeNull();
    });
  });

  it('the battery card: each plant\'s own today\'s charge and discharge, and its state of charge by local hour', async () => {
    type Battery = { batteryChargeEnergy: number; batteryDischargeEnergy: number; items: { time: string; averageSoc?: number | null }[] };
    const home = await get<Battery>('getHomeBatteryStatisticsData', { dateType: 'day', date: CALLERS_DATE });
    const own = await perPlant<Battery>('getHomeBatteryStatisticsData');
    for (const f of ['batteryChargeEnergy', 'batteryDischargeEnergy'] as const) {
      expect(wh(home[f]), f).toBe(sum(own.map((o) => wh(o[f]))));
    }
    expect(wh(home.batteryChargeEnergy)).toBe(2500);
    const hours = (items: Battery['items']) => items.filter((i) => i.averageSoc != null).map((i) => i.time.slice(11));
    expect(hours(home.items)).toEqual([...new Set(own.flatMap((o) => hours(o.items)))].sort());
  });
});
