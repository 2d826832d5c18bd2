// Counts and live figures over plants and devices, from device_latest and the rollups. A device is
// online when it reported within ONLINE_WINDOW_MINUTES, in fault when online with a fault code
// (the device's own alarm); a plant is offline when none of its devices is online, in fault when
// online with an untreated alarm or a device in fault.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { Grain, grainSql } from '../db/schema/telemetry.ts';
import { ONLINE_WINDOW_MINUTES } from '../../src/lib/live-flow.ts';
import { allocate, kwh } from './statistics-energy.ts';
import { plantBounds, rowsOf, type Period, type PlantSet } from './statistics-scope.ts';

const ONLINE = sql.raw(`l.ts > now() - interval '${ONLINE_WINDOW_MINUTES} minutes'`);
const round1 = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);

/** `now`: the instant whose local date is each plant's today (its month and year likewise). */
export async function plantStatistics(db: Db, set: PlantSet, now = new Date()) {
  const [row] = await rowsOf<Record<string, number>>(db, sql`
    with p as (
      select p.plant_uid, p.system_power, p.untreated_alarm_num, p.created_at, coalesce(p.time_zone, 'UTC') as tz,
        ${now.toISOString()}::timestamptz at time zone coalesce(p.time_zone, 'UTC') as local_now
      from plants p where p.plant_uid in ${set.uids}),
    live as (
      select d.plant_uid, count(*) filter (where ${ONLINE}) as online, count(*) filter (where ${ONLINE} and l.fault_code <> 0) as faulty,
        sum(greatest(l.pv_power, 0)) filter (where ${ONLINE}) as pv
      from devices d join device_latest l on l.device_id = d.id
      where d.plant_uid in (select plant_uid from p) group by d.plant_uid),
    energy as (
      select sum(e.pv_energy) filter (where e.grain = ${grainSql(Grain.day)} and e.bucket = date_trunc('day', p.local_now)) as today,
        sum(e.pv_energy) filter (where e.grain = ${grainSql(Grain.month)} and e.bucket = date_trunc('month', p.local_now)) as month,
        sum(e.pv_energy) filter (where e.grain = ${grainSql(Grain.year)} and e.bucket = date_trunc('year', p.local_now)) as year,
        sum(e.pv_energy) filter (where e.grain = ${grainSql(Grain.year)}) as total
      from p join plant_energy e on e.plant_uid = p.plant_uid and e.grain in (${grainSql(Grain.day)}, ${grainSql(Grain.month)}, ${grainSql(Grain.year)})
        and (e.grain = ${grainSql(Grain.year)} or e.bucket >= date_trunc('year', p.local_now)))
    select count(*)::int as "plantNum",
      count(*) filter (where coalesce(live.online, 0) = 0)::int as "offlineNum",
      count(*) filter (where live.online > 0 and (p.untreated_alarm_num > 0 or live.faulty > 0))::int as "faultNum",
      count(*) filter (where p.created_at at time zone p.tz >= date_trunc('month', p.local_now))::int as "newPlantNum",
      coalesce(sum(p.system_power), 0)::float8 as "totalSystemPower",
      coalesce(sum(live.pv), 0)::float8 as "currentPower",
      coalesce((select today from energy), 0)::float8 as "todayEnergy", coalesce((select month from energy), 0)::float8 as "monthEnergy",
      coalesce((select year from energy), 0)::float8 as "yearEnergy", coalesce((select total from energy), 0)::float8 as "totalEnergy"
    from p left join live on live.plant_uid = p.plant_uid`);
  const r = row!;
  return {
    plantNum: r.plantNum!, normalNum: r.plantNum! - r.offlineNum! - r.faultNum!, faultNum: r.faultNum!, offlineNum: r.offlineNum!,
    newPlantNum: r.newPlantNum!, totalSystemPower: kwh(r.totalSystemPower!), currentPower: round1(r.currentPower!)!,
    todayEnergy: kwh(r.todayEnergy!), monthEnergy: kwh(r.monthEnergy!), yearEnergy: kwh(r.yearEnergy!), totalEnergy: kwh(r.totalEnergy!),
  };
}

/** Installed capacity of the plants, kWp. */
export async function systemPowerOf(db: Db, set: PlantSet): Promise<number> {
  const [r] = await rowsOf<{ kwp: number }>(db, sql`select coalesce(sum(system_power), 0)::float8 as kwp from plants where plant_uid in ${set.uids}`);
  return kwh(r?.kwp ?? 0);
}

type SnType = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export async function deviceStatistics(db: Db, set: PlantSet) {
  const rows = await rowsOf<{ deviceType: SnType; totalNum: number; onlineNum: number; faultNum: number }>(db, sql`
    select d.sn_type as "deviceType", count(*)::int as "totalNum",
      count(*) filter (where ${ONLINE} and coalesce(l.fault_code, 0) = 0)::int as "onlineNum",
      count(*) filter (where ${ONLINE} and l.fault_code <> 0)::int as "faultNum"
    from devices d left join device_latest l on l.device_id = d.id
    where d.plant_uid in ${set.uids} group by d.sn_type order by d.sn_type`);
  const deviceTypes = rows.map((r) => ({ ...r, offlineNum: r.totalNum - r.onlineNum - r.faultNum }));
  const sum = (f: 'totalNum' | 'onlineNum' | 'faultNum' | 'offlineNum') => deviceTypes.reduce((s, r) => s + r[f], 0);
  return { totalNum: sum('totalNum'), onlineNum: sum('onlineNum'), faultNum: sum('faultNum'), offlineNum: sum('offlineNum'), deviceTypes };
}

/** Devices that report a battery, by their current state. */
export async function batteryNow(db: Db, set: PlantSet) {
  const [r] = await rowsOf<Record<string, number | null>>(db, sql`
    select count(*)::int as "batteryNum",
      count(*) filter (where ${ONLINE} and l.battery_power < 0)::int as "chargingNum",
      count(*) filter (where ${ONLINE} and l.battery_power > 0)::int as "dischargingNum",
      count(*) filter (where ${ONLINE} and coalesce(l.battery_power, 0) = 0)::int as "idleNum",
      count(*) filter (where not ${ONLINE})::int as "offlineNum",
      coalesce(sum(l.battery_power) filter (where ${ONLINE}), 0)::float8 as "batteryPower",
      (avg(l.battery_soc) filter (where ${ONLINE}))::float8 as "averageSoc"
    from devices d join device_latest l on l.device_id = d.id
    where d.plant_uid in ${set.uids} and (l.battery_power is not null or l.battery_soc is not null)`);
  return {
    batteryNum: r!.batteryNum!, chargingNum: r!.chargingNum!, dischargingNum: r!.dischargingNum!, idleNum: r!.idleNum!, offlineNum: r!.offlineNum!,
    batteryPower: round1(r!.batteryPower!)!, averageSoc: round1(r!.averageSoc ?? null),
  };
}

/**
 * Mean state of charge per local hour of one day (a day's curve may read that day's samples); over
 * plants that each count their own today, per hour of each one's local clock.
 */
export async function hourlySoc(db: Db, set: PlantSet, day: Period): Promise<Map<string, number>> {
  const rows = await rowsOf<{ time: string; soc: number }>(db, sql`
    select to_char(date_trunc('hour', x.ts at time zone b.tz) + b.shift, 'YYYY-MM-DD"T"HH24:MI') as time, avg(x.battery_soc)::float8 as soc
    from (${plantBounds(set, day)}) b join devices d on d.plant_uid = b.plant_uid
    join device_data x on x.device_id = d.id
      and x.ts >= b.start at time zone b.tz and x.ts < (b.start + interval '1 day') at time zone b.tz
    where x.battery_soc is not null group by 1`);
  return new Map(rows.map((r) => [r.time, round1(r.soc)!]));
}

interface LatestRow {
  ts: Date | string; pv_power: number | null; grid_power: number | null; load_power: number | null;
  battery_power: number | null; battery_soc: number | null; fault_code: number | null;
}

const SIDE = { pv: 'pv', gridImport: 'grid', batteryDischarge: 'battery', load: 'load', gridExport: 'grid', batteryCharge: 'battery' } as const;

/** The plant's live flow: its online devices' latest powers summed, and who feeds whom. */
export async function energyFlow(db: Db, plant: { plantUid: string; untreatedAlarmNum: number }) {
  const rows = await rowsOf<LatestRow>(db, sql`
    select l.ts, l.pv_power, l.grid_power, l.load_power, l.battery_power, l.battery_soc, l.fault_code
    from devices d join device_latest l on l.device_id = d.id where d.plant_uid = ${plant.plantUid}`);
  const now = Date.now();
  const online = rows.filter((r) => now - new Date(r.ts).getTime() <= ONLINE_WINDOW_MINUTES * 60_000);
  const sum = (f: keyof Omit<LatestRow, 'ts'>) => online.reduce((s, r) => s + (r[f] ?? 0), 0);
  const has = (...fields: (keyof LatestRow)[]) => rows.some((r) => fields.some((f) => r[f] !== null));
  const socs = online.map((r) => r.battery_soc).filter((v): v is number => v !== null);
  const pvPower = Math.max(0, round1(sum('pv_power'))!);
  const gridPower = round1(sum('grid_power'))!;
  const loadPower = Math.max(0, round1(sum('load_power'))!);
  const batteryPower = round1(sum('battery_power'))!;
  const newest = rows.reduce<number | null>((m, r) => Math.max(m ?? 0, new Date(r.ts).getTime()), null);
  const flows = allocate({
    pv: pvPower, gridImport: Math.max(0, gridPower), batteryDischarge: Math.max(0, batteryPower),
    load: loadPower, gridExport: Math.max(0, -gridPower), batteryCharge: Math.max(0, -batteryPower),
  }).map((l) => ({ from: SIDE[l.source], to: SIDE[l.target], power: round1(l.value)! })).filter((l) => l.power > 0);
  return {
    plantUid: plant.plantUid,
    status: (!online.length ? 3 : plant.untreatedAlarmNum > 0 || online.some((r) => r.fault_code) ? 2 : 1) as 1 | 2 | 3,
    hasPv: has('pv_power'), hasGrid: has('grid_power'), hasBattery: has('battery_power', 'battery_soc'),
    pvPower, gridPower, loadPower, batteryPower,
    batterySoc: socs.length ? round1(socs.reduce((a, b) => a + b, 0) / socs.length) : null,
    flows,
    updateTime: newest === null ? null : new Date(newest).toISOString(),
  };
}
