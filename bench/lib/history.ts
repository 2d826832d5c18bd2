// The dashboard benchmark's fleet and history, built with SQL (generate_series) rather than through
// the ingest pipeline: plants with three devices each, hourly rollups per plant and per device summed
// into days, months and years, raw 5-minute samples of recent days, and the devices' latest state.
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client.ts';
import { ensurePartitions } from '../../server/telemetry/partitions.ts';
import { addFleet, seconds } from './fleet.ts';

export const PREFIX = 'fleet';
/** Plants per statement while building (a statement's rows stay in the hundreds of thousands to millions). */
const CHUNK = 50;
const ENERGY = 'pv_energy, grid_import_energy, grid_export_energy, load_energy, battery_charge_energy, battery_discharge_energy';
const SUMS = 'sum(pv_energy), sum(grid_import_energy), sum(grid_export_energy), sum(load_energy), sum(battery_charge_energy), sum(battery_discharge_energy), max(pv_peak), sum(samples)';
/** The plants of chunk `i`, by their zero-padded uid. */
const chunkOf = (i: number, count: number) => `p.plant_uid between '${PREFIX}-${String(i * CHUNK + 1).padStart(5, '0')}' and '${PREFIX}-${String(Math.min(count, (i + 1) * CHUNK)).padStart(5, '0')}'`;

async function timed(label: string, work: () => Promise<void>) {
  const at = performance.now();
  await work();
  console.log(`  built ${label} in ${seconds(performance.now() - at)}`);
}

async function forChunks(count: number, statement: (where: string) => string, database: Database) {
  for (let i = 0; i * CHUNK < count; i++) await database.db.execute(sql.raw(statement(chunkOf(i, count))));
}

/**
 * Hourly plant energy (kWh, local hours) from `fromDays` to `toDays` days ago: PV on a bell from 6:00 to
 * 18:00 scaled by season and weather, a household load, a battery charging from PV by day and
 * discharging by night, and the grid taking the difference, so that each hour balances.
 */
const plantHours = (fromDays: number, toDays: number) => (where: string) => `
  insert into plant_energy (plant_uid, grain, bucket, ${ENERGY}, pv_peak, samples)
  select p.plant_uid, 1, b, a.pv, greatest(-n.net, 0), greatest(n.net, 0), a.load, c.chg, c.dis, a.pv * 1200, 36
  from plants p
  cross join lateral generate_series(date_trunc('hour', now() at time zone p.time_zone) - interval '${fromDays} days',
    date_trunc('hour', now() at time zone p.time_zone) - interval '${toDays} days' - interval '1 hour', interval '1 hour') b
  cross join lateral (select p.system_power * greatest(0, sin(pi() * (extract(hour from b) + 0.5 - 6) / 12))
      * (0.75 + 0.25 * cos(2 * pi() * (extract(doy from b) - 172) / 365)) * (0.6 + 0.4 * random()) as pv,
    0.3 + 0.6 * random() as load) a
  cross join lateral (select least(a.pv * 0.2, 1.5) as chg, case when a.pv < 0.05 then least(a.load * 0.6, 0.8) else 0 end as dis) c
  cross join lateral (select a.pv - c.chg + c.dis - a.load as net) n
  where ${where}
  order by p.plant_uid, b
  -- The older years are built later than the first, so their last hour can be its first.
  on conflict do nothing`;

/** The days, months and years of the plants' hours, rebuilt. */
async function plantGrains(database: Database) {
  for (const [from, to, unit] of [[1, 2, 'day'], [2, 3, 'month'], [3, 4, 'year']] as const) {
    await database.db.execute(sql.raw(`delete from plant_energy where grain = ${to} and plant_uid like '${PREFIX}-%'`));
    await database.db.execute(sql.raw(`insert into plant_energy (plant_uid, grain, bucket, ${ENERGY}, pv_peak, samples)
      select plant_uid, ${to}, date_trunc('${unit}', bucket), ${SUMS} from plant_energy
      where grain = ${from} and plant_uid like '${PREFIX}-%' group by 1, 3 order by 1, 3`));
  }
}

/** Each device's share of its plant's buckets of `grains`: the hybrid inverter 60 % of the PV and the battery, the PV inverter 40 %, the meter the grid and load. */
const deviceShares = (grains: string, extra = '') => (where: string) => `
  insert into device_energy (device_id, grain, bucket, plant_uid, ${ENERGY}, pv_peak, samples)
  select d.id, e.grain, e.bucket, e.plant_uid,
    case right(d.sn, 1) when 'H' then e.pv_energy * 0.6 when 'P' then e.pv_energy * 0.4 else 0 end,
    case right(d.sn, 1) when 'M' then e.grid_import_energy else 0 end, case right(d.sn, 1) when 'M' then e.grid_export_energy else 0 end,
    case right(d.sn, 1) when 'M' then e.load_energy else 0 end,
    case right(d.sn, 1) when 'H' then e.battery_charge_energy else 0 end, case right(d.sn, 1) when 'H' then e.battery_discharge_energy else 0 end,
    case right(d.sn, 1) when 'M' then null else e.pv_peak / 2 end, e.samples / 3
  from plants p join devices d on d.plant_uid = p.plant_uid
  join plant_energy e on e.plant_uid = p.plant_uid and e.grain in (${grains})
  where ${where} ${extra}
  order by d.id, e.grain, e.bucket`;

/** 5-minute samples of the last `days` days (to now) of every device, as each kind of device reports them. */
const rawSamples = (days: number) => (where: string) => `
  insert into device_data (device_id, ts, pv_power, ac_power, grid_power, load_power, battery_power, battery_soc,
    pv_energy_total, grid_import_total, grid_export_total, load_energy_total, battery_charge_total, battery_discharge_total, temperature, fault_code)
  select d.id, ts,
    case when k.kind <> 'M' then pv end, case when k.kind <> 'M' then pv * 0.97 end,
    case when k.kind = 'M' then load - pv * 2 end, case when k.kind = 'M' then load end,
    case when k.kind = 'H' then case when pv > 500 then -pv * 0.2 else 300 end end, case when k.kind = 'H' then 40 + 30 * sin(s.hour / 4) end,
    case when k.kind <> 'M' then 1000 + s.epoch / 3600 * 0.8 end, case when k.kind = 'M' then 500 + s.epoch / 3600 * 0.3 end,
    case when k.kind = 'M' then 200 + s.epoch / 3600 * 0.2 end, case when k.kind = 'M' then 700 + s.epoch / 3600 * 0.5 end,
    case when k.kind = 'H' then 100 + s.epoch / 3600 * 0.1 end, case when k.kind = 'H' then 90 + s.epoch / 3600 * 0.1 end,
    case when k.kind <> 'M' then 20 + pv / 200 end, case when k.kind <> 'M' then 0 end
  from plants p join devices d on d.plant_uid = p.plant_uid
  cross join lateral (select right(d.sn, 1) as kind) k
  cross join lateral generate_series(to_timestamp(floor(extract(epoch from now()) / 300) * 300) - interval '${days} days',
    to_timestamp(floor(extract(epoch from now()) / 300) * 300), interval '5 minutes') ts
  cross join lateral (select extract(hour from ts at time zone p.time_zone) + extract(minute from ts) / 60 as hour,
    extract(epoch from ts) - 1.7e9 as epoch) s
  cross join lateral (select p.system_power * 1000 * greatest(0, sin(pi() * (s.hour - 6) / 12)) * (0.8 + 0.2 * random()) / 2 as pv,
    300 + 600 * random() as load) v
  where ${where}
  order by d.id, ts`;

export async function buildFleet(database: Database, plants: number, rawDays: number, deviceHours: boolean) {
  await timed(`${plants} plants × 3 devices`, async () => {
    await addFleet(database, PREFIX, plants);
  });
  await timed(`plant hourly rollups, 1 year (${(plants * 8760).toLocaleString('en-US')} rows)`, () => forChunks(plants, plantHours(365, 0), database));
  await timed('plant days, months, years', () => plantGrains(database));
  await timed(`device rollups${deviceHours ? `, hourly included (${(plants * 3 * 8760).toLocaleString('en-US')} rows)` : ' by day, month and year'}`,
    () => forChunks(plants, deviceShares(deviceHours ? '1, 2, 3, 4' : '2, 3, 4'), database));
  await timed(`${rawDays} days of raw 5-minute samples (${(plants * 3 * rawDays * 288).toLocaleString('en-US')} rows)`, async () => {
    const months = new Set<string>();
    for (let d = 0; d <= rawDays + 1; d++) months.add(new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 7));
    await ensurePartitions(database.db, months);
    await forChunks(plants, rawSamples(rawDays), database);
    await database.db.execute(sql.raw(`insert into device_latest (device_id, plant_uid, ts, pv_power, ac_power, grid_power, load_power, battery_power, battery_soc, fault_code)
      select distinct on (x.device_id) x.device_id, d.plant_uid, x.ts, x.pv_power, x.ac_power, x.grid_power, x.load_power, x.battery_power, x.battery_soc, x.fault_code
      from device_data x join devices d on d.id = x.device_id
      where d.plant_uid like '${PREFIX}-%' and x.ts > now() - interval '1 hour'
      order by x.device_id, x.ts desc`));
  });
  await timed('vacuum analyze', () => settle(database));
}

/** Statistics and the visibility map, as autovacuum leaves tables at rest. */
async function settle(database: Database) {
  for (const table of ['plants', 'devices', 'device_latest', 'device_data', 'device_energy', 'plant_energy']) {
    await database.db.execute(sql.raw(`vacuum analyze ${table}`));
  }
}

/** Two more years of history before the first: plant rollups at every grain, device rollups by day, month and year. */
export async function twoMoreYears(database: Database, plants: number) {
  await timed(`2 more years of plant hourly rollups (${(plants * 2 * 8760).toLocaleString('en-US')} rows)`, () => forChunks(plants, plantHours(3 * 365, 365), database));
  await timed('plant days, months, years again', () => plantGrains(database));
  await timed('device days, months, years again', async () => {
    await database.db.execute(sql.raw(`delete from device_energy where grain > 1 and plant_uid like '${PREFIX}-%'`));
    await forChunks(plants, deviceShares('2, 3, 4'), database);
  });
  await timed('vacuum analyze', () => settle(database));
}

