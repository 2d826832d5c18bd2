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
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { Grain, grainSql } from '../db/schema/telemetry.ts';

export const POWER_GAP_MINUTES = 15;

/** The first and last instant of one device's samples in a batch. */
export interface TouchedSpan {
  deviceId: number;
  from: Date;
  to: Date;
}

const ENERGY_COLUMNS = ['pv_energy', 'grid_import_energy', 'grid_export_energy', 'load_energy', 'battery_charge_energy', 'battery_discharge_energy'] as const;

/** The energy of one field for the interval ending at the row: counter difference, else power trapezoid. */
function intervalEnergy(counter: string, power: SQL): SQL {
  return sql.raw(`case
    when ${counter} is not null and prev_${counter} is not null
      then case when ${counter} >= prev_${counter} then ${counter} - prev_${counter} else ${counter} end
    when prev_ts is not null and ts - prev_ts <= interval '${POWER_GAP_MINUTES} minutes'
      then coalesce((`).append(power).append(sql.raw(` + prev_p_${counter}) / 2.0 * extract(epoch from ts - prev_ts) / 3600000.0, 0)
    else 0 end`));
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

/** Recomputes the hour, day, month and year rollups of these device spans and of their plants. */
export async function recomputeRollups(tx: Db | Tx, touched: TouchedSpan[]): Promise<void> {
  if (!touched.length) return;
  const keys = JSON.stringify(touched.map((t) => ({ device_id: t.deviceId, t0: t.from.toISOString(), t1: t.to.toISOString() })));
  const lagged = COUNTERS.map((c) => `lag(${c}) over w as prev_${c}, lag(${POWERS[c]}) over w as prev_p_${c}`).join(', ');
  const energies = COUNTERS.map((c, i) => sql`sum(`.append(intervalEnergy(c, sql.raw(POWERS[c]!))).append(sql.raw(`) as ${ENERGY_COLUMNS[i]}`)));

  // Each device's span of local hours [b0, b1], with its plant's time zone.
  // Scratch tables of the connection, made by its first batch and emptied by each commit (making
  // them afresh in every transaction costs catalogue writes).
  await tx.execute(sql`create temporary table if not exists rollup_spans (device_id int, plant_uid text, tz text, t1 timestamptz, b0 timestamp, b1 timestamp) on commit delete rows`);
  await tx.execute(sql`
    insert into rollup_spans
    select k.device_id, d.plant_uid, z.tz, k.t1, date_trunc('hour', k.t0 at time zone z.tz), date_trunc('hour', k.t1 at time zone z.tz)
    from jsonb_to_recordset(${keys}::jsonb) as k(device_id int, t0 timestamptz, t1 timestamptz)
    join devices d on d.id = k.device_id
    left join plants p on p.plant_uid = d.plant_uid
    cross join lateral (select coalesce(p.time_zone, 'UTC') as tz) z`);
  // The next stored sample's interval changes too: its hour joins the span.
  await tx.execute(sql`
    update rollup_spans s set b1 = greatest(s.b1, (select date_trunc('hour', x.ts at time zone s.tz) from device_data x
      where x.device_id = s.device_id and x.ts > s.t1 order by x.ts limit 1))`);

  await tx.execute(sql`delete from device_energy e using rollup_spans r
    where e.device_id = r.device_id and e.grain = ${grainSql(Grain.hour)} and e.bucket between r.b0 and r.b1`);
  await tx.execute(sql`
    insert into device_energy (device_id, grain, bucket, plant_uid, ${sql.raw(ENERGY_COLUMNS.join(', '))}, pv_peak, samples)
    select device_id, ${Grain.hour}, bucket, plant_uid, `.append(sql.join(energies, sql`, `)).append(sql`, max(pv_power), count(*)
    from (
      select s.*, r.plant_uid, r.b0, r.b1, date_trunc('hour', s.ts at time zone r.tz) as bucket,
        lag(s.ts) over w as prev_ts, ${sql.raw(lagged)}
      from rollup_spans r
      cross join lateral (select ${sql.raw(SPAN_START)} as w0, ${sql.raw(SPAN_END)} as w1) w
      join lateral (
        (select * from device_data b where b.device_id = r.device_id and b.ts < w.w0 order by b.ts desc limit 1)
        union all
        (select * from device_data x where x.device_id = r.device_id and x.ts >= w.w0 and x.ts < w.w1)
      ) s on true
      window w as (partition by r.device_id order by s.ts)
    ) samples
    where bucket between b0 and b1
    group by device_id, bucket, plant_uid`));

  // The local days of the spans, for the grains above the hour.
  await tx.execute(sql`create temporary table if not exists rollup_days (device_id int, day date, plant_uid text) on commit delete rows`);
  await tx.execute(sql`
    insert into rollup_days
    select distinct device_id, generate_series(b0::date, b1::date, interval '1 day')::date, plant_uid from rollup_spans`);

  await rollUp(tx, 'device_energy', 'device_id', Grain.hour, Grain.day, 'day');
  await rollUp(tx, 'device_energy', 'device_id', Grain.day, Grain.month, 'month');
  await rollUp(tx, 'device_energy', 'device_id', Grain.month, Grain.year, 'year');
  await plantRollups(tx);
}

/** Rebuilds the `to` buckets containing the touched days from the `from` buckets inside them. */
async function rollUp(tx: Db | Tx, table: 'device_energy' | 'plant_energy', key: 'device_id' | 'plant_uid', from: Grain, to: Grain, unit: 'day' | 'month' | 'year') {
  const sums = ENERGY_COLUMNS.map((c) => `sum(e.${c})`).join(', ');
  const touched = sql.raw(`(select distinct ${key}, date_trunc('${unit}', day::timestamp) as bucket from rollup_days where ${key} is not null)`);
  await tx.execute(sql`delete from ${sql.raw(table)} e using ${touched} t
    where e.${sql.raw(key)} = t.${sql.raw(key)} and e.grain = ${grainSql(to)} and e.bucket = t.bucket`);
  await tx.execute(sql`
    insert into ${sql.raw(table)} (${sql.raw(key)}, grain, bucket, ${sql.raw(table === 'device_energy' ? 'plant_uid, ' : '')}${sql.raw(ENERGY_COLUMNS.join(', '))}, pv_peak, samples)
    select e.${sql.raw(key)}, ${to}, t.bucket, ${sql.raw(table === 'device_energy' ? 'max(e.plant_uid), ' : '')}${sql.raw(sums)}, max(e.pv_peak), sum(e.samples)
    from ${touched} t
    join ${sql.raw(table)} e on e.${sql.raw(key)} = t.${sql.raw(key)} and e.grain = ${grainSql(from)}
      and e.bucket >= t.bucket and e.bucket < t.bucket + ${sql.raw(`interval '1 ${unit}'`)}
    group by e.${sql.raw(key)}, t.bucket`);
}

/** The plants' hours in their devices' spans are the sums of their devices' hours; then up the grains. */
async function plantRollups(tx: Db | Tx) {
  const sums = ENERGY_COLUMNS.map((c) => `sum(e.${c})`).join(', ');
  const plantSpans = sql`(select plant_uid, min(b0) as b0, max(b1) as b1 from rollup_spans where plant_uid is not null group by plant_uid)`;
  await tx.execute(sql`delete from plant_energy e using ${plantSpans} t
    where e.plant_uid = t.plant_uid and e.grain = ${grainSql(Grain.hour)} and e.bucket between t.b0 and t.b1`);
  await tx.execute(sql`
    insert into plant_energy (plant_uid, grain, bucket, ${sql.raw(ENERGY_COLUMNS.join(', '))}, pv_peak, samples)
    select t.plant_uid, ${Grain.hour}, e.bucket, ${sql.raw(sums)}, max(e.pv_peak), sum(e.samples)
    from ${plantSpans} t
    join device_energy e on e.plant_uid = t.plant_uid and e.grain = ${grainSql(Grain.hour)} and e.bucket between t.b0 and t.b1
    group by t.plant_uid, e.bucket`);
  await rollUp(tx, 'plant_energy', 'plant_uid', Grain.hour, Grain.day, 'day');
  await rollUp(tx, 'plant_energy', 'plant_uid', Grain.day, Grain.month, 'month');
  await rollUp(tx, 'plant_energy', 'plant_uid', Grain.month, Grain.year, 'year');
}
