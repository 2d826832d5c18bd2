// Energy rollups, recomputed from the raw samples for each device-day a batch touched, so that late
// and out-of-order samples land exactly where they belong.
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
// Hours sum into days, days into months and months into years, so every breakdown adds up exactly.
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { Grain } from '../db/schema/telemetry.ts';

export const POWER_GAP_MINUTES = 15;

/** One device-day (the plant's local date) whose samples changed. */
export interface TouchedDay {
  deviceId: number;
  day: string;
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

/** Recomputes the hour, day, month and year rollups of these device-days and of their plants. */
export async function recomputeRollups(tx: Db | Tx, touched: TouchedDay[]): Promise<void> {
  if (!touched.length) return;
  const keys = JSON.stringify(touched.map((t) => ({ device_id: t.deviceId, day: t.day })));
  const lagged = COUNTERS.map((c) => `lag(${c}) over w as prev_${c}, lag(${POWERS[c]}) over w as prev_p_${c}`).join(', ');
  const energies = COUNTERS.map((c, i) => sql`sum(`.append(intervalEnergy(c, sql.raw(POWERS[c]!))).append(sql.raw(`) as ${ENERGY_COLUMNS[i]}`)));

  // The device-days, with their plant's time zone and the day's bounds in UTC.
  await tx.execute(sql`create temporary table if not exists rollup_days (device_id int, day date, plant_uid text, tz text, t0 timestamptz, t1 timestamptz) on commit drop`);
  await tx.execute(sql`delete from rollup_days`);
  await tx.execute(sql`
    insert into rollup_days
    select device_id, day, plant_uid, tz, day::timestamp at time zone tz, (day + 1)::timestamp at time zone tz
    from (select distinct k.device_id, k.day, d.plant_uid, coalesce(p.time_zone, 'UTC') as tz
      from jsonb_to_recordset(${keys}::jsonb) as k(device_id int, day date)
      join devices d on d.id = k.device_id
      left join plants p on p.plant_uid = d.plant_uid) k`);
  // A sample that arrived late changes the first interval of the device's next day with samples.
  await tx.execute(sql`
    insert into rollup_days
    select distinct r.device_id, n.day, r.plant_uid, r.tz, n.day::timestamp at time zone r.tz, (n.day + 1)::timestamp at time zone r.tz
    from rollup_days r
    cross join lateral (select (x.ts at time zone r.tz)::date as day from device_data x
      where x.device_id = r.device_id and x.ts >= r.t1 order by x.ts limit 1) n
    where not exists (select 1 from rollup_days q where q.device_id = r.device_id and q.day = n.day)`);

  // Hours: every sample of the day plus the one just before it, whose counters start the first interval.
  await tx.execute(sql`delete from device_energy e using rollup_days r
    where e.device_id = r.device_id and e.grain = ${Grain.hour} and e.bucket >= r.day::timestamp and e.bucket < (r.day + 1)::timestamp`);
  await tx.execute(sql`
    insert into device_energy (device_id, grain, bucket, plant_uid, ${sql.raw(ENERGY_COLUMNS.join(', '))}, pv_peak, samples)
    select device_id, ${Grain.hour}, bucket, plant_uid, `.append(sql.join(energies, sql`, `)).append(sql`, max(pv_power), count(*)
    from (
      select s.*, r.plant_uid, r.t0, date_trunc('hour', s.ts at time zone r.tz) as bucket,
        lag(s.ts) over w as prev_ts, ${sql.raw(lagged)}
      from rollup_days r
      join lateral (
        (select * from device_data b where b.device_id = r.device_id and b.ts < r.t0 order by b.ts desc limit 1)
        union all
        (select * from device_data x where x.device_id = r.device_id and x.ts >= r.t0 and x.ts < r.t1)
      ) s on true
      window w as (partition by r.device_id, r.day order by s.ts)
    ) samples
    where ts >= t0
    group by device_id, bucket, plant_uid`));

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
    where e.${sql.raw(key)} = t.${sql.raw(key)} and e.grain = ${to} and e.bucket = t.bucket`);
  await tx.execute(sql`
    insert into ${sql.raw(table)} (${sql.raw(key)}, grain, bucket, ${sql.raw(table === 'device_energy' ? 'plant_uid, ' : '')}${sql.raw(ENERGY_COLUMNS.join(', '))}, pv_peak, samples)
    select e.${sql.raw(key)}, ${to}, t.bucket, ${sql.raw(table === 'device_energy' ? 'max(e.plant_uid), ' : '')}${sql.raw(sums)}, max(e.pv_peak), sum(e.samples)
    from ${touched} t
    join ${sql.raw(table)} e on e.${sql.raw(key)} = t.${sql.raw(key)} and e.grain = ${from}
      and e.bucket >= t.bucket and e.bucket < t.bucket + ${sql.raw(`interval '1 ${unit}'`)}
    group by e.${sql.raw(key)}, t.bucket`);
}

/** The plants' hours of the touched days are the sums of their devices' hours; then up the grains. */
async function plantRollups(tx: Db | Tx) {
  const sums = ENERGY_COLUMNS.map((c) => `sum(e.${c})`).join(', ');
  const plantDays = sql`(select distinct plant_uid, day from rollup_days where plant_uid is not null)`;
  await tx.execute(sql`delete from plant_energy e using ${plantDays} t
    where e.plant_uid = t.plant_uid and e.grain = ${Grain.hour} and e.bucket >= t.day::timestamp and e.bucket < (t.day + 1)::timestamp`);
  await tx.execute(sql`
    insert into plant_energy (plant_uid, grain, bucket, ${sql.raw(ENERGY_COLUMNS.join(', '))}, pv_peak, samples)
    select t.plant_uid, ${Grain.hour}, e.bucket, ${sql.raw(sums)}, max(e.pv_peak), sum(e.samples)
    from ${plantDays} t
    join device_energy e on e.plant_uid = t.plant_uid and e.grain = ${Grain.hour}
      and e.bucket >= t.day::timestamp and e.bucket < (t.day + 1)::timestamp
    group by t.plant_uid, e.bucket`);
  await rollUp(tx, 'plant_energy', 'plant_uid', Grain.hour, Grain.day, 'day');
  await rollUp(tx, 'plant_energy', 'plant_uid', Grain.day, Grain.month, 'month');
  await rollUp(tx, 'plant_energy', 'plant_uid', Grain.month, Grain.year, 'year');
}
