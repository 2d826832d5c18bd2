// Energy statistics, the sankey and power curves on a hand-written series (fixtures/monitoring-series.ts):
// every figure exact to the watt-hour in the plants' local days, months, years and lifetime,
// breakdowns adding up to totals, rates within 0..100, and the comparisons. The app validates
// every answer against the contract (responseContract strict), so errCode 0 means it held.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, plants } from '../../server/db/schema/index.ts';
import { Grain } from '../../server/db/schema/telemetry.ts';
import { dayPowerCurve, hourlyDayCurve, plantDayCurve } from '../../server/repositories/statistics-power.ts';
import { ingest } from '../../server/telemetry/ingest.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { statementsOf } from '../fixtures/statements.ts';
import { EXPECTED, ingestSeries, plus, wh, NY, type Series } from '../fixtures/monitoring-series.ts';

let t: TestApp;
let s: Series;
beforeAll(async () => {
  t = await createTestApp();
  s = await ingestSeries(t);
});
afterAll(() => t.close());

type Energy = { time?: string; pvEnergy: number; loadEnergy: number; gridImportEnergy: number; gridExportEnergy: number; batteryChargeEnergy: number; batteryDischargeEnergy: number; selfConsumptionRate: number; selfSufficiencyRate: number };
type Stats = { dateType: string; date: string | null; total: Energy; items: Energy[]; savings: { currencyName: string; amount: number }[]; co2Avoided: number; previous: Energy | null; lastYear: Energy | null };

async function stats(query: Record<string, string>) {
  const { body } = await t.api.get<Stats>('/api/v1/monitor/home/getHomeEneryStatisticsData', { token: s.userToken, query });
  expect(body.errCode, body.errMsg).toBe(0);
  return body.data;
}

const { a, b } = EXPECTED;
const todayNy = new Intl.DateTimeFormat('en-CA', { timeZone: NY }).format(new Date());
/** What today's sample adds to a period of 2026 (the tests run after March 2026). */
const inYear2026 = todayNy.startsWith('2026') ? a.today : plus();

/** Items add up to the total, and rates are within 0..100 and as defined. */
function checkSums(data: Stats) {
  expect(wh(data.total)).toEqual(plus(...data.items.map(wh)));
  for (const row of [data.total, ...data.items, ...(data.previous ? [data.previous, data.lastYear!] : [])]) {
    for (const rate of [row.selfConsumptionRate, row.selfSufficiencyRate]) {
      expect(rate).toBeGreaterThanOrEqual(0);
      expect(rate).toBeLessThanOrEqual(100);
    }
    const sc = row.pvEnergy > 0 ? (100 * (row.pvEnergy - row.gridExportEnergy)) / row.pvEnergy : 0;
    expect(row.selfConsumptionRate).toBeCloseTo(Math.min(100, Math.max(0, sc)), 2);
  }
}

describe('getHomeEneryStatisticsData of one plant', () => {
  it('a day: the plant\'s local hours, exact, with the day before and the same day last year', async () => {
    const data = await stats({ plantUid: s.plantA, dateType: 'day', date: '2026-03-15' });
    checkSums(data);
    expect(data.items.map((i) => i.time)).toEqual(Array.from({ length: 24 }, (_, h) => `2026-03-15T${String(h).padStart(2, '0')}:00`));
    expect(wh(data.total)).toEqual(a.day20260315);
    for (const [hour, energies] of Object.entries(a.hours20260315)) expect(wh(data.items.find((i) => i.time === `2026-03-15T${hour}:00`)!)).toEqual(energies);
    // (10 - 4.75) / 10 and (7.75 - 1.5) / 7.75
    expect(data.total.selfConsumptionRate).toBe(52.5);
    expect(data.total.selfSufficiencyRate).toBe(80.65);
    expect(data.previous!.time).toBe('2026-03-14');
    expect(wh(data.previous!)).toEqual(a.day20260314);
    expect(data.lastYear!.time).toBe('2025-03-15');
    expect(wh(data.lastYear!)).toEqual(a.day20250315);
    expect(data.savings).toEqual([{ currencyName: 'USD', amount: 3 }]);
    expect(data.co2Avoided).toBe(9.97);
  });

  it('a month, a year and the lifetime add up from the days', async () => {
    const march = await stats({ plantUid: s.plantA, dateType: 'month', date: '2026-03-20' });
    checkSums(march);
    expect(march.items).toHaveLength(31);
    expect(wh(march.total)).toEqual(plus(a.day20260314, a.day20260315, a.day20260316));
    expect(wh(march.items[14]!)).toEqual(a.day20260315);
    expect(march.previous!.time).toBe('2026-02');
    expect(wh(march.previous!)).toEqual(a.feb2026);
    expect(march.lastYear!.time).toBe('2025-03');
    expect(wh(march.lastYear!)).toEqual(a.day20250315);

    const year = await stats({ plantUid: s.plantA, dateType: 'year', date: '2026-01-01' });
    checkSums(year);
    expect(year.items.map((i) => i.time)).toEqual(Array.from({ length: 12 }, (_, m) => `2026-${String(m + 1).padStart(2, '0')}`));
    expect(wh(year.items[1]!)).toEqual(a.feb2026);
    expect(wh(year.items[2]!)).toEqual(wh(march.total));
    expect(wh(year.total)).toEqual(plus(a.feb2026, wh(march.total), inYear2026));
    expect(wh(year.previous!)).toEqual(a.day20250315);
    expect(year.previous!.time).toBe('2025');

    const total = await stats({ plantUid: s.plantA, dateType: 'total' });
    checkSums(total);
    expect(total.date).toBeNull();
    expect(total.previous).toBeNull();
    expect(total.lastYear).toBeNull();
    expect(total.items[0]!.time).toBe('2025');
    expect(wh(total.total)).toEqual(plus(a.day20250315, a.feb2026, wh(march.total), a.today));
  });

  it('defaults to today in the plant\'s time zone', async () => {
    const today = await stats({ plantUid: s.plantA });
    expect(today.date).toBe(todayNy);
    expect(wh(today.total)).toEqual(a.today);
  });

  it('reads the plant once: the plant-access guard hands the row it checked to the handler', async () => {
    const statements = await statementsOf(t.database, () => stats({ plantUid: s.plantA, dateType: 'day', date: '2026-03-15' }));
    const plantReads = statements.filter((statement) => /from "plants" where \("plants"\."plant_uid" = \$1/.test(statement.text));
    expect(plantReads).toHaveLength(1);
    expect(plantReads[0]!.params[0]).toBe(s.plantA);
  });
});

describe('getHomeEneryStatisticsData over every plant the caller sees', () => {
  it('sums the plants\' buckets of the same local date and values each currency apart', async () => {
    const day = await stats({ dateType: 'day', date: '2026-03-15' });
    checkSums(day);
    expect(wh(day.total)).toEqual(plus(a.day20260315, b.day20260315));
    // Plant B's 16:00 in Tokyo is its own local hour.
    expect(wh(day.items[16]!)).toEqual(b.day20260315);
    expect(day.savings).toEqual([{ currencyName: 'JPY', amount: 150 }, { currencyName: 'USD', amount: 3 }]);
    const month = await stats({ dateType: 'month', date: '2026-03-01' });
    expect(wh(month.total)).toEqual(plus(a.day20260314, a.day20260315, a.day20260316, b.day20260315));
  });

  it('is empty once narrowed to offices an end user does not manage', async () => {
    const day = await stats({ dateType: 'day', date: '2026-03-15', searchOfficeIdArr: '11' });
    expect(wh(day.total)).toEqual(plus());
    expect(day.savings).toEqual([]);
  });
});

describe('getPlantSankeyDiagram', () => {
  it('allocates the hours of the day and adds up to the nodes', async () => {
    const { body } = await t.api.get<{ nodes: { id: string; value: number }[]; links: { source: string; target: string; value: number }[] }>(
      '/api/v1/monitor/home/getPlantSankeyDiagram', { token: s.userToken, query: { plantUid: s.plantA, dateType: 'day', date: '2026-03-15' } });
    expect(body.errCode, body.errMsg).toBe(0);
    const node = Object.fromEntries(body.data.nodes.map((n) => [n.id, Math.round(n.value * 1000)]));
    expect(node).toEqual({ pv: 10000, gridImport: 1500, batteryDischarge: 2500, load: 7750, gridExport: 4750, batteryCharge: 1500 });
    const link = Object.fromEntries(body.data.links.map((l) => [`${l.source}>${l.target}`, Math.round(l.value * 1000)]));
    expect(link).toEqual({ 'pv>load': 3750, 'pv>batteryCharge': 1500, 'pv>gridExport': 4750, 'batteryDischarge>load': 2500, 'gridImport>load': 1500 });
    for (const id of Object.keys(node)) {
      const flows = Object.entries(link).filter(([k]) => k.split('>').includes(id)).reduce((sum, [, v]) => sum + v, 0);
      expect(flows, id).toBe(node[id]);
    }
  });
});

describe('power curves', () => {
  type Point = { time: string; pvPower: number | null; loadPower: number | null; gridPower: number | null; batteryPower: number | null; pvPeak?: number | null };
  const power = async (query: Record<string, string>) => {
    const { body } = await t.api.get<{ systemPower: number; points: Point[] }>('/api/v1/monitor/home/getHomePowerStatisticsData', { token: s.userToken, query });
    expect(body.errCode, body.errMsg).toBe(0);
    return body.data;
  };

  it('a day: 5-minute averages of the samples in each plant\'s local time', async () => {
    const day = await power({ dateType: 'day', date: '2026-03-15' });
    expect(day.systemPower).toBe(9.7);
    expect(day.points).toHaveLength(288);
    const at = (hhmm: string) => day.points.find((p) => p.time === `2026-03-15T${hhmm}`)!;
    expect(at('10:30')).toEqual({ time: '2026-03-15T10:30', pvPower: 3100, loadPower: 800, gridPower: -1700, batteryPower: -500 });
    expect(at('16:00')).toMatchObject({ pvPower: 1000, loadPower: 400, gridPower: -600, batteryPower: null });
    expect(at('12:00').pvPower).toBeNull();
  });

  /** A set of these plants read as a list of plants (no `single`): the several-plant query. */
  const listOf = (...uids: string[]) => ({ uids: sql`(select plant_uid from plants where plant_uid in (${sql.join(uids.map((u) => sql`${u}`), sql`, `)}))`, single: undefined, key: uids.join() });
  const plantRow = async (plantUid: string) => (await t.database.db.select().from(plants).where(eq(plants.plantUid, plantUid)))[0]!;

  it('a day of one plant (a dashboard\'s own query) is the curve the several-plant query gives for it', async () => {
    const own = await dayPowerCurve(t.database.db, { uids: listOf(s.plantA).uids, single: await plantRow(s.plantA), key: undefined }, '2026-03-15');
    expect(own).toHaveLength(288);
    expect(own.filter((p) => p.pvPower !== null).length).toBeGreaterThan(2);
    expect(own).toEqual(await dayPowerCurve(t.database.db, listOf(s.plantA), '2026-03-15'));
  });

  it('a day when clocks change: a repeated hour\'s slots add up, a skipped hour is empty', async () => {
    const plantUid = randomUUID();
    const sn = `DST${randomUUID().slice(0, 8).toUpperCase()}`;
    const [a] = await t.database.db.select().from(plants).where(eq(plants.plantUid, s.plantA));
    await t.database.db.insert(plants).values({ plantUid, plantName: 'Clock change', officeId: a!.officeId, ownerUserId: a!.ownerUserId, timeZone: NY });
    await t.database.db.insert(devices).values({ sn, snType: 1, plantUid, officeId: a!.officeId });
    const result = await ingest(t.database.db, [
      // 1 November 2026: 01:30 EDT, then 01:30 again in EST.
      { sn, ts: '2026-11-01T05:30:00Z', pvPower: 1000 }, { sn, ts: '2026-11-01T06:30:00Z', pvPower: 2000 },
      // 8 March 2026: 01:55 EST, then 03:00 EDT (02:00 to 02:55 never happen).
      { sn, ts: '2026-03-08T06:55:00Z', pvPower: 500 }, { sn, ts: '2026-03-08T07:00:00Z', pvPower: 700 },
    ]);
    expect(result.accepted).toBe(4);
    const single = { uids: listOf(plantUid).uids, single: await plantRow(plantUid), key: undefined };
    for (const set of [single, listOf(plantUid)]) {
      const autumn = await dayPowerCurve(t.database.db, set, '2026-11-01');
      expect(autumn).toHaveLength(288);
      expect(autumn.filter((p) => p.pvPower !== null)).toEqual([{ time: '2026-11-01T01:30', pvPower: 3000, loadPower: null, gridPower: null, batteryPower: null }]);
      const spring = await dayPowerCurve(t.database.db, set, '2026-03-08');
      expect(spring.filter((p) => p.pvPower !== null).map((p) => [p.time, p.pvPower])).toEqual([['2026-03-08T01:55', 500], ['2026-03-08T03:00', 700]]);
    }
    // The AC and PV curve lists instants: 25 hours of slots, then 23.
    const autumn = await plantDayCurve(t.database.db, single, '2026-11-01');
    expect(autumn).toHaveLength(300);
    expect(autumn[0]!.time).toBe('2026-11-01T04:00:00.000Z');
    expect(autumn.filter((p) => p.pvPower !== null).map((p) => [p.time, p.pvPower])).toEqual([['2026-11-01T05:30:00.000Z', 1000], ['2026-11-01T06:30:00.000Z', 2000]]);
    const spring = await plantDayCurve(t.database.db, single, '2026-03-08');
    expect(spring).toHaveLength(276);
    expect(spring.filter((p) => p.pvPower !== null).map((p) => [p.time, p.pvPower])).toEqual([['2026-03-08T06:55:00.000Z', 500], ['2026-03-08T07:00:00.000Z', 700]]);
  });

  it('a day over a fleet: each local hour\'s average power from the hourly rollups', async () => {
    const set = { uids: sql`(select plant_uid from plants where plant_uid in (${s.plantA}, ${s.plantB}))`, single: undefined, key: 'both' };
    const hours = await hourlyDayCurve(t.database.db, set, '2026-03-15');
    expect(hours).toHaveLength(24);
    const at = (hh: string) => hours.find((p) => p.time === `2026-03-15T${hh}:00`)!;
    // The hours' energies of both plants (kWh over one hour, in W), import less export, discharge less charge.
    const energy = await t.database.db.execute(sql`select to_char(bucket, 'HH24') as hh, sum(pv_energy) * 1000 as pv, sum(grid_import_energy - grid_export_energy) * 1000 as grid
      from plant_energy where plant_uid in (${s.plantA}, ${s.plantB}) and grain = ${Grain.hour} and bucket >= '2026-03-15' and bucket < '2026-03-16' group by 1`);
    const rows = (energy as unknown as { rows: { hh: string; pv: number; grid: number }[] }).rows;
    expect(rows.length).toBeGreaterThan(2);
    for (const r of rows) expect([at(r.hh).pvPower, at(r.hh).gridPower]).toEqual([Math.round(Number(r.pv) * 10) / 10, Math.round(Number(r.grid) * 10) / 10]);
    expect(hours.filter((p) => p.pvPower !== null)).toHaveLength(rows.length);
  });

  it('a month: each day\'s average power from its energy, and the PV peak', async () => {
    const month = await power({ dateType: 'month', date: '2026-03-15' });
    expect(month.points).toHaveLength(31);
    const d15 = month.points[14]!;
    // (10 + 5) kWh over 24 hours; import 1.5 less export 7.75; discharge 2.5 less charge 1.5.
    expect(d15).toEqual({ time: '2026-03-15', pvPower: 625, loadPower: 406.3, gridPower: -260.4, batteryPower: 41.7, pvPeak: 4200 });
    expect(month.points[0]!.pvPower).toBeNull();
  });

  it('a plant\'s AC and PV curve over its day, as instants', async () => {
    const { body } = await t.api.get<{ systemPower: number; points: { time: string; power: number | null; pvPower: number | null }[] }>(
      '/api/v1/monitor/dataViews/getPlantPowerAndPVPowerCurve', { token: s.userToken, query: { plantUid: s.plantA, date: '2026-03-15' } });
    expect(body.errCode, body.errMsg).toBe(0);
    expect(body.data.systemPower).toBe(6.5);
    expect(body.data.points).toHaveLength(288);
    expect(body.data.points[0]!.time).toBe('2026-03-15T04:00:00.000Z');
    expect(body.data.points.find((p) => p.time === '2026-03-15T14:30:00.000Z')).toEqual({ time: '2026-03-15T14:30:00.000Z', power: 3000, pvPower: 3100 });
  });
});
