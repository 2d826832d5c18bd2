// The demo simulator through the real ingest pipeline: every demo plant gets history, each plant's
// energy balances per day (PV + import + discharge = load + export + charge, within 2 %), days add
// up to months exactly, and the battery stays within its limits.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { recomputeRollups } from '../../server/telemetry/rollups.ts';
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

  it('stores the rollups that ingest\'s recomputation from the stored samples gives, to the last bits of rounding', async () => {
    const energies = ['pv_energy', 'grid_import_energy', 'grid_export_energy', 'load_energy', 'battery_charge_energy', 'battery_discharge_energy'];
    type Row = Record<string, number | string | null>;
    const snapshot = async () => ({
      devices: await rows<Row>(sql.raw(`select device_id::text as key, grain, bucket::text, plant_uid, ${energies.join(', ')}, pv_peak, samples from device_energy order by 1, 2, 3`)),
      plants: await rows<Row>(sql.raw(`select plant_uid as key, grain, bucket::text, ${energies.join(', ')}, pv_peak, samples from plant_energy order by 1, 2, 3`)),
    });
    const stored = await snapshot();
    // What live ingest's rollups make of every device's whole span of samples.
    const spans = await rows<{ device_id: number; first: string; last: string }>(sql`select device_id, min(ts)::text as first, max(ts)::text as last from device_data group by device_id`);
    await t.database.db.transaction((tx) => recomputeRollups(tx, spans.map((s) => ({ deviceId: s.device_id, from: new Date(s.first), to: new Date(s.last) }))));
    const recomputed = await snapshot();
    for (const table of ['devices', 'plants'] as const) {
      expect(stored[table].map((r) => `${r.key} ${r.grain} ${r.bucket}`)).toEqual(recomputed[table].map((r) => `${r.key} ${r.grain} ${r.bucket}`));
      stored[table].forEach((row, i) => {
        const again = recomputed[table][i]!;
        expect({ ...row, ...Object.fromEntries(energies.map((c) => [c, null])) }, `${table} ${row.key} ${row.bucket}`).toEqual({ ...again, ...Object.fromEntries(energies.map((c) => [c, null])) });
        // Sums of the same terms, perhaps in another order.
        for (const c of energies) expect(Math.abs(Number(row[c]) - Number(again[c])), `${table} ${row.key} ${row.bucket} ${c}`).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(Number(again[c]))));
      });
    }
  });
});

/** A fresh app with the demo seed, whose logger's lines of `level` are kept, and the demo administrator's token. */
async function appWithLog() {
  const app = await createTestApp();
  const lines: { level: string; msg: string; fields: Record<string, unknown> }[] = [];
  const keep = (level: string) => (fields: Record<string, unknown> | string, msg?: string) => {
    lines.push(typeof fields === 'string' ? { level, msg: fields, fields: {} } : { level, msg: msg ?? '', fields });
  };
  const log = Object.create(app.app.log, {
    info: { value: keep('info') }, warn: { value: keep('warn') }, error: { value: keep('error') }, debug: { value: keep('debug') },
  }) as typeof app.app.log;
  const { token } = await app.api.login('admin');
  const plantsWithDevices = (await (async () => {
    const result = await app.database.db.execute(sql`select distinct plant_uid from devices where plant_uid is not null order by plant_uid`);
    return (result as unknown as { rows: { plant_uid: string }[] }).rows.map((r) => r.plant_uid);
  })());
  return { app, log, lines, token, plantsWithDevices };
}

type PlantRow = { plantUid: string; status: number; totalEnergy: number; lastDataTime?: string };

describe('while the backfill runs', () => {
  // Fourteen days, so that the backfill still runs when the checks are done on a quick machine; a
  // busy one takes a minute over them.
  it('answers the plant list and the fleet dashboard, with the history stored so far, newest first', async () => {
    const { app, log, lines, token, plantsWithDevices } = await appWithLog();
    try {
      const stats = async () => (await app.api.get<{ totalEnergy: number; offlineNum: number; plantNum: number }>('/api/v1/monitor/home/getHomePlantStatisticsData', { token })).body;
      // Asked before any telemetry: an answer the fleet memo keeps until a commit is announced.
      const before = await stats();
      expect(before).toMatchObject({ errCode: 0, data: { totalEnergy: 0 } });

      let finished = false;
      let latestDay!: () => void;
      const latestDayStored = new Promise<void>((resolve) => {
        latestDay = resolve;
      });
      const watching = Object.create(log, {
        info: { value: (fields: unknown, msg?: string) => {
          (log.info as (f: unknown, m?: string) => void)(fields, msg);
          if (msg === 'simulator: backfill has the latest days of every plant') latestDay();
        } },
      }) as typeof log;
      const simulator = new Simulator(app.database.db, watching, { backfillDays: 14, liveStepS: 60, backfillStepS: 300 }, (plants) => app.app.live.committed(plants));
      const backfill = simulator.start().then(() => {
        finished = true;
      });
      await latestDayStored;

      // The latest days of every plant are in, the older ones still to come.
      const { body } = await app.api.get<{ list: PlantRow[] }>('/api/v1/monitor/plant/getPlantList', { token, query: { pageSize: 100 } });
      expect(body.errCode).toBe(0);
      // The administrator's plants with devices (the demo's other organisations' are not theirs to see).
      const fed = body.data.list.filter((p) => plantsWithDevices.includes(p.plantUid));
      expect(fed.length).toBeGreaterThan(1);
      const stepMs = 300_000;
      for (const plant of fed) {
        // Its newest sample is the backfill's last step: online (or faulty), as in the field.
        expect([1, 2], plant.plantUid).toContain(plant.status);
        expect(Date.now() - Date.parse(plant.lastDataTime!), plant.plantUid).toBeLessThan(2 * stepMs);
      }
      expect(fed.reduce((sum, p) => sum + p.totalEnergy, 0)).toBeGreaterThan(0);
      expect(finished).toBe(false);

      // The fleet's memoised answer gives way to the commits announced since (at most a second later).
      await vi.waitFor(async () => {
        const now = await stats();
        expect(now.errCode).toBe(0);
        expect(now.data.totalEnergy).toBeGreaterThan(0);
        expect(now.data.offlineNum).toBe(now.data.plantNum - fed.length);
      }, { timeout: 60_000, interval: 50 });
      expect(finished).toBe(false);

      await backfill;
      await simulator.stop();
      expect(lines.filter((l) => l.level === 'warn' || l.level === 'error')).toEqual([]);
      // What was stored newest first adds up like the rest: days into months, exactly.
      const mismatched = await app.database.db.execute(sql`
        select m.plant_uid from plant_energy m
        join plant_energy d on d.plant_uid = m.plant_uid and d.grain = 2 and date_trunc('month', d.bucket) = m.bucket
        where m.grain = 3 group by m.plant_uid, m.bucket, m.pv_energy, m.load_energy
        having abs(sum(d.pv_energy) - m.pv_energy) > 1e-9 or abs(sum(d.load_energy) - m.load_energy) > 1e-9`);
      expect((mismatched as unknown as { rows: unknown[] }).rows).toEqual([]);
    } finally {
      await app.close();
    }
  }, 180_000);
});

describe('a plant whose samples fail', () => {
  it('is left out with its reason logged once, while the backfill and the live steps carry on with the others', async () => {
    const { app, log, lines, plantsWithDevices } = await appWithLog();
    const db = app.database.db;
    const count = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    try {
      const [zoned, refused] = plantsWithDevices as [string, string];
      // A time zone the runtime refuses (an Intl RangeError in the plant's model), written past the
      // forms' checks and the database's own (a database from before them). Should it still be
      // refused, the plant's samples are refused as the other's are.
      const checks = await db.execute(sql`select conname from pg_constraint
        where conrelid = 'plants'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%time_zone%'`);
      for (const { conname } of (checks as unknown as { rows: { conname: string }[] }).rows) {
        await db.execute(sql.raw(`alter table plants drop constraint "${conname}"`));
      }
      const zoneStored = await db.execute(sql`update plants set time_zone = 'Mars/Olympus' where plant_uid = ${zoned}`).then(() => true, () => false);
      const refusedPlants = zoneStored ? [refused] : [zoned, refused];
      // The database refuses the samples of these plants' devices, as it would a zone it cannot convert with.
      await db.execute(sql.raw(`create function test_refuse_samples() returns trigger language plpgsql as $$
        begin
          if new.device_id in (select id from devices where plant_uid in (${refusedPlants.map((uid) => `'${uid}'`).join(', ')})) then
            raise exception 'refused by the test' using errcode = '22023';
          end if;
          return new;
        end $$`));
      await db.execute(sql.raw('create trigger test_refuse_samples before insert on device_data for each row execute function test_refuse_samples()'));

      // Live steps every second, so that the test sees several without waiting long.
      const simulator = new Simulator(db, log, { backfillDays: 1, liveStepS: 1, backfillStepS: 300 });
      await simulator.start();
      const broken = [zoned, refused];
      const samplesOf = (uid: string) => count(sql`select count(*)::int as n from device_data x join devices d on d.id = x.device_id where d.plant_uid = ${uid}`);
      for (const uid of plantsWithDevices) {
        if (broken.includes(uid)) expect(await samplesOf(uid), uid).toBe(0);
        else expect(await samplesOf(uid), uid).toBeGreaterThan(0);
      }
      expect([...simulator.leftOut.keys()].sort()).toEqual([...broken].sort());
      if (zoneStored) expect(simulator.leftOut.get(zoned)).toMatch(/^RangeError: .*Mars\/Olympus/);
      else expect(simulator.leftOut.get(zoned)).toBe('database error 22023');
      expect(simulator.leftOut.get(refused)).toBe('database error 22023');

      // Live steps store the others' samples, and try the broken plants on their own.
      const backfilled = await count(sql`select extract(epoch from max(ts))::int as n from device_data`);
      await vi.waitFor(async () => {
        await simulator.stepLive();
        const live = await count(sql`select count(distinct d.plant_uid)::int as n from device_data x join devices d on d.id = x.device_id
          where x.ts > to_timestamp(${backfilled})`);
        expect(live).toBe(plantsWithDevices.length - broken.length);
      }, { timeout: 30_000, interval: 200 });
      await simulator.stepLive();
      const warned = lines.filter((l) => l.level === 'warn');
      expect(warned.map((l) => l.fields.plantUid).sort()).toEqual([...broken].sort());
      expect(warned.every((l) => typeof l.fields.reason === 'string' && l.msg.startsWith('simulator: plant left out'))).toBe(true);
      expect(lines.filter((l) => l.level === 'debug' && l.msg === 'simulator: plant still left out').length).toBeGreaterThan(0);

      // Put right, they report again.
      await db.execute(sql.raw('drop trigger test_refuse_samples on device_data'));
      if (zoneStored) await db.execute(sql`update plants set time_zone = 'Asia/Shanghai' where plant_uid = ${zoned}`);
      await vi.waitFor(async () => {
        await simulator.stepLive();
        expect(simulator.leftOut.size).toBe(0);
      }, { timeout: 30_000, interval: 200 });
      for (const uid of broken) expect(await samplesOf(uid), uid).toBeGreaterThan(0);
      expect(lines.filter((l) => l.msg === 'simulator: plant reporting again').map((l) => l.fields.plantUid).sort()).toEqual([...broken].sort());
      await simulator.stop();
    } finally {
      await app.close();
    }
  });
});
