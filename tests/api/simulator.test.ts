// The demo simulator through the real ingest pipeline: every demo plant gets history, each plant's
// energy balances per day (PV + import + discharge = load + export + charge, within 2 %), days add
// up to months exactly, and the battery stays within its limits.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Simulator } from '../../server/telemetry/simulator.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

let t: TestApp;
const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** The backfill's progress lines, as logged. */
const progress: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const log = Object.create(t.app.log, {
    info: { value: (fields: { percent?: number }) => void (fields.percent !== undefined && progress.push(fields.percent)) },
  }) as typeof t.app.log;
  const simulator = new Simulator(t.database.db, log, { backfillDays: 2, liveStepS: 60, backfillStepS: 300 });
  await simulator.start();
  await simulator.stop();
});
afterAll(() => t.close());

describe('the demo simulator', () => {
  it('logs its backfill\'s progress in tens up to 100 %', () => {
    expect(progress.length).toBeGreaterThan(0);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(Math.max(...progress)).toBeLessThanOrEqual(100);
    expect(progress.every((p) => p % 10 === 0)).toBe(true);
  });

  it('gives every plant with devices a history', async () => {
    const [counts] = await rows<{ plants: number; fed: number }>(sql`
      select (select count(distinct plant_uid)::int from devices where plant_uid is not null) as plants,
        (select count(distinct plant_uid)::int from plant_energy) as fed`);
    expect(counts!.plants).toBeGreaterThanOrEqual(12);
    expect(counts!.fed).toBe(counts!.plants);
  });

  it('balances every plant-day within 2 %, with some sun, some import and some export across the fleet', async () => {
    const days = await rows<{ plant_uid: string; bucket: string; pv: number; imp: number; exp: number; load: number; chg: number; dis: number }>(sql`
      select plant_uid, bucket, pv_energy as pv, grid_import_energy as imp, grid_export_energy as exp, load_energy as load,
        battery_charge_energy as chg, battery_discharge_energy as dis from plant_energy where grain = 2`);
    expect(days.length).toBeGreaterThan(0);
    for (const d of days) {
      const sources = d.pv + d.imp + d.dis;
      const sinks = d.load + d.exp + d.chg;
      expect(Math.abs(sources - sinks), `${d.plant_uid} ${d.bucket}`).toBeLessThanOrEqual(0.02 * Math.max(sinks, 0.001));
    }
    expect(days.reduce((s, d) => s + d.pv, 0)).toBeGreaterThan(0);
    expect(days.reduce((s, d) => s + d.imp, 0)).toBeGreaterThan(0);
    expect(days.reduce((s, d) => s + d.exp, 0)).toBeGreaterThan(0);
  });

  it('takes the grid and the load from a plant\'s meter, and from its inverter nothing of them; a charger its own draw', async () => {
    const [meter, inverter] = await rows<{ samples: number; grid: number; pv: number }>(sql`
      select count(*)::int as samples, count(x.grid_power)::int as grid, count(x.pv_power)::int as pv
      from device_data x join devices d on d.id = x.device_id where d.sn in ('DEMOMTR0101', 'DEMOINV0101') group by d.sn order by d.sn desc`);
    expect(meter!.samples).toBeGreaterThan(0);
    expect(meter).toMatchObject({ grid: meter!.samples, pv: 0 });
    expect(inverter!.samples).toBe(meter!.samples);
    expect(inverter).toMatchObject({ grid: 0, pv: inverter!.samples });
    // A charger reports what it draws (its evening sessions), part of its plant's load.
    const [charger] = await rows<{ samples: number; load: number; drawn: number; pv: number }>(sql`
      select count(*)::int as samples, count(x.load_power)::int as load, coalesce(max(x.load_power), 0)::float8 as drawn, count(x.pv_power)::int as pv
      from device_data x join devices d on d.id = x.device_id where d.sn = 'DEMOCHG0401'`);
    expect(charger!.samples).toBeGreaterThan(0);
    expect(charger).toMatchObject({ load: charger!.samples, pv: 0 });
    expect(charger!.drawn).toBeGreaterThan(0);
  });

  it('adds days up to months exactly, and keeps batteries within 10..100 %', async () => {
    const mismatched = await rows<{ plant_uid: string }>(sql`
      select m.plant_uid from plant_energy m
      join plant_energy d on d.plant_uid = m.plant_uid and d.grain = 2 and date_trunc('month', d.bucket) = m.bucket
      where m.grain = 3 group by m.plant_uid, m.bucket, m.pv_energy, m.load_energy
      having abs(sum(d.pv_energy) - m.pv_energy) > 1e-9 or abs(sum(d.load_energy) - m.load_energy) > 1e-9`);
    expect(mismatched).toEqual([]);
    const [{ low, high } = { low: null, high: null }] = await rows<{ low: number | null; high: number | null }>(sql`select min(battery_soc) as low, max(battery_soc) as high from device_data`);
    expect(low).not.toBeNull();
    expect(low!).toBeGreaterThanOrEqual(10);
    expect(high!).toBeLessThanOrEqual(100);
  });
});
