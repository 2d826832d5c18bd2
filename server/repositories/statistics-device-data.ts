// One device's stored measurements (getPvMeterData, pagePvMeterData) and a plant's inverters side
// by side (getInverterPvMeterData). A device is seen through its plant: one bound to no plant the
// caller sees answers 10005, as it has no telemetry anyone may read.
import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { devices, plants } from '../db/schema/index.ts';
import { deviceData, Grain, grainSql } from '../db/schema/telemetry.ts';
import { fieldError, notFoundOrForbidden } from '../errors.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { pageWindow, type PageRequest } from './paging.ts';
import { plantScope } from './scope.ts';
import { FIVE_MINUTE_SLOT, rowsOf, shiftDays, todayIn } from './statistics-scope.ts';

/** The longest range of the history table and its export. */
export const MAX_RANGE_DAYS = 31;
type SnType = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** The device with what its data and its remote settings need (its plant's zone and country); 10005 when not visible. */
export async function assertDeviceVisible(db: Db, user: AuthContext, deviceSn: string) {
  const [row] = await db.select({ id: devices.id, sn: devices.sn, snType: devices.snType, timeZone: plants.timeZone, countryCode: plants.countryCode })
    .from(devices).innerJoin(plants, eq(plants.plantUid, devices.plantUid))
    .where(and(sql`lower(${devices.sn}) = lower(${deviceSn})`, plantScope(user)));
  if (!row) throw notFoundOrForbidden();
  return row;
}

/** The instants of a local day's start and end in the plant's zone. */
export async function dayBounds(db: Db, timeZone: string | null, first: string, last: string) {
  const [b] = await rowsOf<{ t0: Date | string; t1: Date | string }>(db, sql`
    select ${first}::timestamp at time zone ${timeZone ?? 'UTC'} as t0, (${last}::timestamp + interval '1 day') at time zone ${timeZone ?? 'UTC'} as t1`);
  return { t0: new Date(b!.t0), t1: new Date(b!.t1) };
}

const MEASURED = {
  pvPower: deviceData.pvPower, acPower: deviceData.acPower, gridPower: deviceData.gridPower, loadPower: deviceData.loadPower,
  batteryPower: deviceData.batteryPower, batterySoc: deviceData.batterySoc, pvEnergyTotal: deviceData.pvEnergyTotal,
  gridImportTotal: deviceData.gridImportTotal, gridExportTotal: deviceData.gridExportTotal, loadEnergyTotal: deviceData.loadEnergyTotal,
  batteryChargeTotal: deviceData.batteryChargeTotal, batteryDischargeTotal: deviceData.batteryDischargeTotal,
  temperature: deviceData.temperature, faultCode: deviceData.faultCode,
};
const record = ({ ts, ...fields }: { ts: Date } & Record<keyof typeof MEASURED, number | null>) => ({ time: ts.toISOString(), ...fields });

export async function deviceDay(db: Db, user: AuthContext, deviceSn: string, date: string | undefined) {
  const device = await assertDeviceVisible(db, user, deviceSn);
  const day = date ?? todayIn(device.timeZone);
  const { t0, t1 } = await dayBounds(db, device.timeZone, day, day);
  const rows = await db.select({ ts: deviceData.ts, ...MEASURED }).from(deviceData)
    .where(and(eq(deviceData.deviceId, device.id), gte(deviceData.ts, t0), lt(deviceData.ts, t1))).orderBy(deviceData.ts);
  return { deviceSn: device.sn, deviceType: device.snType as SnType, date: day, points: rows.map(record) };
}

export async function deviceHistory(db: Db, user: AuthContext, query: PageRequest & { deviceSn: string; queryStartDate?: string | undefined; queryEndDate?: string | undefined }) {
  const device = await assertDeviceVisible(db, user, query.deviceSn);
  const first = query.queryStartDate ?? todayIn(device.timeZone);
  const last = query.queryEndDate ?? first;
  if (last < first || last > shiftDays(first, MAX_RANGE_DAYS)) throw fieldError('queryEndDate', 'invalid');
  const { pageNo, pageSize, offset } = pageWindow(query);
  const { t0, t1 } = await dayBounds(db, device.timeZone, first, last);
  const where = and(eq(deviceData.deviceId, device.id), gte(deviceData.ts, t0), lt(deviceData.ts, t1));
  const [rows, [total]] = await Promise.all([
    db.select({ ts: deviceData.ts, ...MEASURED }).from(deviceData).where(where).orderBy(desc(deviceData.ts)).limit(pageSize).offset(offset),
    db.select({ n: count() }).from(deviceData).where(where),
  ]);
  return { list: rows.map(record), total: total?.n ?? 0, pageNo, pageSize };
}

/** Each inverter's 5-minute PV and AC averages over the plant's day, and its PV energy from the rollup. */
export async function invertersDay(db: Db, plant: { plantUid: string; timeZone: string | null }, date: string | undefined) {
  const day = date ?? todayIn(plant.timeZone);
  const { t0, t1 } = await dayBounds(db, plant.timeZone, day, day);
  const inverters = await rowsOf<{ id: number; sn: string; alias: string | null; rated_power: number | null; pv_energy: number | null }>(db, sql`
    select d.id, d.sn, d.alias, d.rated_power::float8 as rated_power, e.pv_energy
    from devices d left join device_energy e on e.device_id = d.id and e.grain = ${grainSql(Grain.day)} and e.bucket = ${day}::timestamp
    where d.plant_uid = ${plant.plantUid} and d.sn_type = 1 order by d.sn`);
  const points = await rowsOf<{ id: number; slot: Date | string; pv: number | null; ac: number | null }>(db, sql`
    select x.device_id as id, ${FIVE_MINUTE_SLOT} as slot, avg(x.pv_power)::float8 as pv, avg(x.ac_power)::float8 as ac
    from device_data x where x.device_id in (select id from devices where plant_uid = ${plant.plantUid} and sn_type = 1)
      and x.ts >= ${t0.toISOString()}::timestamptz and x.ts < ${t1.toISOString()}::timestamptz
    group by 1, 2 order by 2`);
  const w = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);
  return {
    plantUid: plant.plantUid, date: day,
    inverters: inverters.map((inv) => ({
      deviceSn: inv.sn, alias: inv.alias, ratedPower: inv.rated_power && inv.rated_power > 0 ? inv.rated_power : null,
      pvEnergy: Math.round((inv.pv_energy ?? 0) * 1000) / 1000,
      points: points.filter((p) => p.id === inv.id).map((p) => ({ time: new Date(p.slot).toISOString(), pvPower: w(p.pv === null ? null : Math.max(0, p.pv)), acPower: w(p.ac) })),
    })),
  };
}
