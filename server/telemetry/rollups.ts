// Energy rollups, recomputed from the raw samples for each device's span of local hours that a
// batch touched, so that late and out-of-order samples land exactly where they belong while a live
// batch re-reads only the hour or two it adds to (not the whole day).
//
// Interval energy (kWh) of a sample is the difference between its lifetime counter and the
// device's previous sample's counter (the one just before it in time, looked up across any gap):
// - a counter lower than the previous one is a reset (a replaced meter, a firmware reset): the
//   interval's energy is the new counter value, the energy counted since the reset;
// - a gap of any length is credited to the bucket of the sample that ends it, since the counter
//   says how much flowed but not when;
// - a sample without the counter (or the first sample of a device) falls back to the trapezoid of
//   the matching power over the interval, and only across gaps up to POWER_GAP_MINUTES; beyond
//   that nothing is credited, as nothing is known.
// A late sample also changes the interval of the device's next sample, so a span reaches the hour
// of the first stored sample after it. Hours sum into days, days into months and months into
// years, so every breakdown adds up exactly.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { Grain } from '../db/schema/telemetry.ts';

export const POWER_GAP_MINUTES = 15;

/** The first and last instant of one device's samples in a batch. */
export interface TouchedSpan {
  deviceId: number;
  from: Date;
  to: Date;
}

const ENERGY_COLUMNS = ['pv_energy', 'grid_import_energy', 'grid_export_energy', 'load_energy', 'battery_charge_energy', 'battery_discharge_energy'] as const;

/** The energy of one field for the interval ending at the row: counter difference, else power trapezoid. */
function intervalEnergy(counter: string, power: string): string {
  return `case
    when ${counter} is not null and prev_${counter} is not null
      then case when ${counter} >= prev_${counter} then ${counter} - prev_${counter} else ${counter} end
    when prev_ts is not null and ts - prev_ts <= interval '${POWER_GAP_MINUTES} minutes'
      then coalesce((${power} + prev_p_${counter}) / 2.0 * extract(epoch from ts - prev_ts) / 3600000.0, 0)
    else 0 end`;
}

// Power of each field, as the sign conventions of the record split it.
const POWERS: Record<string, string> = {
  pv_energy_total: 'greatest(pv_power, 0)',
  grid_import_total: 'greatest(grid_power, 0)',
  grid_export_total: 'greatest(-grid_power, 0)',
  load_energy_total: 'greatest(load_power, 0)',
  battery_charge_total: 'greatest(-battery_power, 0)',
  battery_discharge_total: 'greatest(battery_power, 0)',
};
const COUNTERS = Object.keys(POWERS);

// Local hours are buckets of the plant's wall clock: when clocks go back, one bucket spans two real
// hours, and PostgreSQL reads an ambiguous local time as the later instant. The span's first
// instant is therefore the earlier of its start read directly and read from the hour before
// (unambiguous, then moved on an hour). Its end, the next hour read directly, is never early: an
// ambiguous end reads as the later instant, a skipped one (clocks going forward) as standard time.
// The samples between are read, and those whose bucket lies in the span summed.
const SPAN_START = "least(r.b0 at time zone r.tz, ((r.b0 - interval '1 hour') at time zone r.tz) + interval '1 hour')";
const SPAN_END = "(r.b1 + interval '1 hour') at time zone r.tz";

const LAGGED = COUNTERS.map((c) => `lag(${c}) over w as prev_${c}, lag(${POWERS[c]}) over w as prev_p_${c}`).join(', ');
const ENERGIES = COUNTERS.map((c, i) => `sum(${intervalEnergy(c, POWERS[c]!)}) as ${ENERGY_COLUMNS[i]}`).join(', ');
const SUMS = ENERGY_COLUMNS.map((c) => `sum(e.${c})`).join(', ');
const grain = (g: Grain) => String(Number(g));

// Every statement looks a batch's few spans up in tables that grow with the history, and the
// planner cannot know how few: the scratch tables are never analysed (temporary tables never are,
// and PGlite analyses nothing), and unanalysed, a filter on the grain reads as one row in two
// hundred. At some 40,000 hourly rows (a 90-day demo) it chose to hash whole tables for each
// batch, and a live step of twelve plants took 0.4 s, growing with the history. Lookups by key
// are right at any size, so the rollups are planned with index scans and nested loops only. The
// scratch tables, which have no index, then cost what a disabled scan costs (10^10), and
// PostgreSQL would compile every statement to machine code for it (JIT: 0.3 s a statement).
const PLANNER = ['enable_seqscan', 'enable_bitmapscan', 'enable_hashjoin', 'enable_mergejoin', 'enable_material', 'jit'];

/**
 * Rebuilds the `to` buckets containing the touched days from the `from` buckets inside them, in
 * place (one statement rather than a delete and an insert): a bucket that has a row has rows to
 * sum, since samples, and so the hours that sum them, are never taken away.
 */
function rollUp(table: 'device_energy' | 'plant_energy', key: 'device_id' | 'plant_uid', from: Grain, to: Grain, unit: 'day' | 'month' | 'year'): string {
  const touched = `(select distinct ${key}, date_trunc('${unit}', day::timestamp) as bucket from rollup_days where ${key} is not null)`;
  const columns = [...(table === 'device_energy' ? ['plant_uid'] : []), ...ENERGY_COLUMNS, 'pv_peak', 'samples'];
  return `insert into ${table} (${key}, grain, bucket, ${columns.join(', ')})
    select e.${key}, ${grain(to)}, t.bucket, ${table === 'device_energy' ? 'max(e.plant_uid), ' : ''}${SUMS}, max(e.pv_peak), sum(e.samples)
    from ${touched} t
    join ${table} e on e.${key} = t.${key} and e.grain = ${grain(from)}
      and e.bucket >= t.bucket and e.bucket < t.bucket + interval '1 ${unit}'
    group by e.${key}, t.bucket
    on conflict (${key}, grain, bucket) do update set ${columns.map((c) => `${c} = excluded.${c}`).join(', ')};`;
}

// The plants' hours in their devices' spans are the sums of their devices' hours.
const PLANT_SPANS = '(select plant_uid, min(b0) as b0, max(b1) as b1 from rollup_spans where plant_uid is not null group by plant_uid)';

/**
 * The recomputation of a batch's spans (a JSON array of {device_id, t0, t1}) as one script of
 * statements without parameters, sent in one round trip: one by one, each had cost a round trip
 * through the driver and the database's protocol several times what running it did.
 *
 * The scratch tables belong to the connection, made by its first batch and emptied by each commit
 * (making them afresh in every transaction costs catalogue writes): each device's span of local
 * hours [b0, b1], with its plant's time zone, reaching the hour of its first stored sample after
 * the batch (whose interval the batch changes too), and the local days of the spans. Then the
 * hours, days, months and years of the devices, and of their plants.
 */
const recomputeScript = (keys: string) => `
  ${PLANNER.map((name) => `set local ${name} = off;`).join(' ')}
  create temporary table if not exists rollup_spans (device_id int, plant_uid text, tz text, b0 timestamp, b1 timestamp) on commit delete rows;
  create temporary table if not exists rollup_days (device_id int, day date, plant_uid text) on commit delete rows;
  insert into rollup_spans
    select k.device_id, d.plant_uid, z.tz, date_trunc('hour', k.t0 at time zone z.tz),
      greatest(date_trunc('hour', k.t1 at time zone z.tz), (select date_trunc('hour', x.ts at time zone z.tz) from device_data x
        where x.device_id = k.device_id and x.ts > k.t1 order by x.ts limit 1))
    from jsonb_to_recordset($keys$${keys}$keys$::jsonb) as k(device_id int, t0 timestamptz, t1 timestamptz)
    join devices d on d.id = k.device_id
    left join plants p on p.plant_uid = d.plant_uid
    cross join lateral (select coalesce(p.time_zone, 'UTC') as tz) z;
  delete from device_energy e using rollup_spans r
    where e.device_id = r.device_id and e.grain = ${grain(Grain.hour)} and e.bucket between r.b0 and r.b1;
  insert into device_energy (device_id, grain, bucket, plant_uid, ${ENERGY_COLUMNS.join(', ')}, pv_peak, samples)
    select device_id, ${grain(Grain.hour)}, bucket, plant_uid, ${ENERGIES}, max(pv_power), count(*)
    from (
      select s.*, r.plant_uid, r.b0, r.b1, date_trunc('hour', s.ts at time zone r.tz) as bucket,
        lag(s.ts) over w as prev_ts, ${LAGGED}
      from rollup_spans r
      cross join lateral (select ${SPAN_START} as w0, ${SPAN_END} as w1) w
      join lateral (
        (select * from device_data b where b.device_id = r.device_id and b.ts < w.w0 order by b.ts desc limit 1)
        union all
        (select * from device_data x where x.device_id = r.device_id and x.ts >= w.w0 and x.ts < w.w1)
      ) s on true
      window w as (partition by r.device_id order by s.ts)
    ) samples
    where bucket between b0 and b1
    group by device_id, bucket, plant_uid;
  insert into rollup_days
    select distinct device_id, generate_series(b0::date, b1::date, interval '1 day')::date, plant_uid from rollup_spans;
  ${rollUp('device_energy', 'device_id', Grain.hour, Grain.day, 'day')}
  ${rollUp('device_energy', 'device_id', Grain.day, Grain.month, 'month')}
  ${rollUp('device_energy', 'device_id', Grain.month, Grain.year, 'year')}
  delete from plant_energy e using ${PLANT_SPANS} t
    where e.plant_uid = t.plant_uid and e.grain = ${grain(Grain.hour)} and e.bucket between t.b0 and t.b1;
  insert into plant_energy (plant_uid, grain, bucket, ${ENERGY_COLUMNS.join(', ')}, pv_peak, samples)
    select t.plant_uid, ${grain(Grain.hour)}, e.bucket, ${SUMS}, max(e.pv_peak), sum(e.samples)
    from ${PLANT_SPANS} t
    join device_energy e on e.plant_uid = t.plant_uid and e.grain = ${grain(Grain.hour)} and e.bucket between t.b0 and t.b1
    group by t.plant_uid, e.bucket;
  ${rollUp('plant_energy', 'plant_uid', Grain.hour, Grain.day, 'day')}
  ${rollUp('plant_energy', 'plant_uid', Grain.day, Grain.month, 'month')}
  ${rollUp('plant_energy', 'plant_uid', Grain.month, Grain.year, 'year')}
  ${PLANNER.map((name) => `set local ${name} to default;`).join(' ')}`;

/** Runs a script of statements without parameters in one round trip: PGlite's exec, PostgreSQL's simple query. */
async function runScript(tx: Db | Tx, script: string): Promise<void> {
  const client = (tx as unknown as { session: { client: { exec?: (text: string) => Promise<unknown> } } }).session.client;
  if (typeof client.exec === 'function') await client.exec(script);
  else await tx.execute(sql.raw(script));
}

/** Recomputes the hour, day, month and year rollups of these device spans and of their plants. */
export async function recomputeRollups(tx: Db | Tx, touched: TouchedSpan[]): Promise<void> {
  if (!touched.length) return;
  const keys = JSON.stringify(touched.map((t) => ({ device_id: t.deviceId, t0: t.from.toISOString(), t1: t.to.toISOString() })));
  // JSON of numbers and ISO instants, which never holds the quote's tag.
  await runScript(tx, recomputeScript(keys));
}

// The same rollups computed in memory, for a writer that holds a whole stretch of a device's
// samples (the simulator's backfill of a plant that had no data): its hours are final at once, so
// it writes them with its samples rather than having the database read the samples back. It
// follows the statements above exactly: counter differences with the same reset rule, hours of the
// plant's wall clock, days from hours, months from days and years from months, summed in bucket
// order. A sample it cannot take so (a field whose counter is missing beside a power, which the
// statements integrate in single precision) makes it answer undefined: the writer then leaves the
// rollups to recomputeRollups.

/** A sample's fields, as stored (the record's names). */
export interface RollupSample { ts: number; readonly [field: string]: unknown }

/** One row of device_energy or plant_energy: energies in ENERGY_COLUMNS' order, kWh. */
export interface EnergyRow {
  grain: Grain;
  /** The bucket's start on the plant's wall clock, as ms since 1970 read as UTC. */
  bucket: number;
  energies: number[];
  pvPeak: number | null;
  samples: number;
}

/** The record's counter and power fields of each energy column, and the power's sign. */
const FIELDS: readonly (readonly [counter: string, power: string, sign: 1 | -1])[] = [
  ['pvEnergyTotal', 'pvPower', 1], ['gridImportTotal', 'gridPower', 1], ['gridExportTotal', 'gridPower', -1],
  ['loadEnergyTotal', 'loadPower', 1], ['batteryChargeTotal', 'batteryPower', -1], ['batteryDischargeTotal', 'batteryPower', 1],
];
const POWER_GAP_MS = POWER_GAP_MINUTES * 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** greatest(sign * power, 0), as the statements split a power: a missing one counts as 0. */
const valueOf = (sample: RollupSample, field: string) => sample[field] as number | null | undefined;
const split = (sample: RollupSample, power: string, sign: 1 | -1) => Math.max(sign * (valueOf(sample, power) ?? 0), 0);

/** The interval energy of each column for `sample` after `prev`, as intervalEnergy; undefined where only a power says it. */
function intervalEnergies(sample: RollupSample, prev: RollupSample | undefined): number[] | undefined {
  const energies: number[] = [];
  for (const [counter, power, sign] of FIELDS) {
    const c = valueOf(sample, counter);
    const p = prev && valueOf(prev, counter);
    if (c !== undefined && c !== null && p !== undefined && p !== null) energies.push(c >= p ? c - p : c);
    else if (prev && sample.ts - prev.ts <= POWER_GAP_MS && (split(sample, power, sign) !== 0 || split(prev, power, sign) !== 0)) return undefined;
    else energies.push(0);
  }
  return energies;
}

const emptyRow = (grain: Grain, bucket: number): EnergyRow => ({ grain, bucket, energies: ENERGY_COLUMNS.map(() => 0), pvPeak: null, samples: 0 });

/** Adds `row` into `into` (energies summed, the peak the higher, samples counted). */
function accumulate(into: EnergyRow, energies: readonly number[], pvPeak: number | null, samples: number) {
  for (let i = 0; i < energies.length; i++) into.energies[i]! += energies[i]!;
  if (pvPeak !== null && (into.pvPeak === null || pvPeak > into.pvPeak)) into.pvPeak = pvPeak;
  into.samples += samples;
}

/**
 * The hour rows of one device's samples (in time order), `before` being its stored sample just
 * before them, if any; `wallClock` gives an instant's time on the plant's wall clock (ms read as
 * UTC). Undefined when a sample needs the power fallback.
 */
export function hoursInMemory(samples: readonly RollupSample[], before: RollupSample | undefined, wallClock: (ts: number) => number): EnergyRow[] | undefined {
  const hours = new Map<number, EnergyRow>();
  let prev = before;
  for (const sample of samples) {
    const energies = intervalEnergies(sample, prev);
    if (!energies) return undefined;
    const bucket = Math.floor(wallClock(sample.ts) / HOUR_MS) * HOUR_MS;
    let row = hours.get(bucket);
    if (!row) hours.set(bucket, row = emptyRow(Grain.hour, bucket));
    // pv_power is stored as real: its peak is the single-precision value.
    const pv = valueOf(sample, 'pvPower');
    accumulate(row, energies, pv === undefined || pv === null ? null : Math.fround(pv), 1);
    prev = sample;
  }
  return [...hours.values()];
}

/** The grains summed from the one below. */
export type Coarser = Exclude<Grain, typeof Grain.hour>;

/** The first instant of the day, month or year bucket holding a wall-clock instant. */
export function bucketOf(grain: Coarser, wall: number): number {
  if (grain === Grain.day) return Math.floor(wall / DAY_MS) * DAY_MS;
  const date = new Date(wall);
  return grain === Grain.month ? Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) : Date.UTC(date.getUTCFullYear(), 0, 1);
}

/**
 * Rows of the grain `to` summing `rows` (of the grain below it) bucket by bucket, each in bucket
 * order, as the statements sum them.
 */
export function sumInMemory(rows: readonly EnergyRow[], to: Coarser): EnergyRow[] {
  const sums = new Map<number, EnergyRow>();
  for (const row of [...rows].sort((a, b) => a.bucket - b.bucket)) {
    const bucket = bucketOf(to, row.bucket);
    let sum = sums.get(bucket);
    if (!sum) sums.set(bucket, sum = emptyRow(to, bucket));
    accumulate(sum, row.energies, row.pvPeak, row.samples);
  }
  return [...sums.values()];
}

/** The plant's hour rows: its devices' hour rows of each bucket summed, device by device. */
export function plantHoursInMemory(devices: readonly (readonly EnergyRow[])[]): EnergyRow[] {
  const sums = new Map<number, EnergyRow>();
  for (const rows of devices) {
    for (const row of rows) {
      let sum = sums.get(row.bucket);
      if (!sum) sums.set(row.bucket, sum = emptyRow(Grain.hour, row.bucket));
      accumulate(sum, row.energies, row.pvPeak, row.samples);
    }
  }
  return [...sums.values()].sort((a, b) => a.bucket - b.bucket);
}

/** A bucket as the timestamp text the rollup tables hold. */
export const bucketText = (bucket: number) => new Date(bucket).toISOString().slice(0, 19).replace('T', ' ');

/**
 * Writes rows computed in memory in one round trip, between the statements `before` and `after`
 * (the plants' locks, their list readings): device rows (with their plant) and plant rows, each
 * replacing the row of its bucket.
 */
export async function writeRollups(tx: Db | Tx, devices: { deviceId: number; plantUid: string; rows: EnergyRow[] }[], plants: { plantUid: string; rows: EnergyRow[] }[], before: string, after: string): Promise<void> {
  const json = (key: Record<string, unknown>, rows: EnergyRow[]) => rows.map((r) => ({
    ...key, grain: Number(r.grain), bucket: bucketText(r.bucket), pv_peak: r.pvPeak, samples: r.samples,
    ...Object.fromEntries(ENERGY_COLUMNS.map((c, i) => [c, r.energies[i]])),
  }));
  const deviceRows = JSON.stringify(devices.flatMap((d) => json({ device_id: d.deviceId, plant_uid: d.plantUid }, d.rows)));
  const plantRows = JSON.stringify(plants.flatMap((p) => json({ plant_uid: p.plantUid }, p.rows)));
  const typed = `${ENERGY_COLUMNS.map((c) => `${c} float8`).join(', ')}, pv_peak real, samples int, grain smallint, bucket timestamp`;
  const columns = `grain, bucket, ${ENERGY_COLUMNS.join(', ')}, pv_peak, samples`;
  const update = [...ENERGY_COLUMNS, 'pv_peak', 'samples'].map((c) => `${c} = excluded.${c}`).join(', ');
  // JSON of numbers, bucket texts and plant uids, which never holds the quote's tag.
  await runScript(tx, `${before}
    insert into device_energy (device_id, plant_uid, ${columns})
      select device_id, plant_uid, ${columns} from jsonb_to_recordset($rows$${deviceRows}$rows$::jsonb) as r(device_id int, plant_uid text, ${typed})
      on conflict (device_id, grain, bucket) do update set plant_uid = excluded.plant_uid, ${update};
    insert into plant_energy (plant_uid, ${columns})
      select plant_uid, ${columns} from jsonb_to_recordset($rows$${plantRows}$rows$::jsonb) as r(plant_uid text, ${typed})
      on conflict (plant_uid, grain, bucket) do update set ${update};${after}`);
}
