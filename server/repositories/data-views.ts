// A plant's data views: named sub-groups of its devices (getPlantDataViews, editPlantDataViews)
// and a sub-group's day (getSubGroupData). Members are read through the devices still bound to
// the plant, so a device unbound from it drops out of its sub-group at once (and its stale row is
// cleared by the plant's next edit). Edits of one plant are serialised on its row, so the checks
// (the sub-group limit, unique names, a device in one sub-group) hold under concurrent edits; the
// tables' keys hold them as well.
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { dataViewDevices, dataViewGroups, devices } from '../db/schema/index.ts';
import { Grain, grainSql } from '../db/schema/telemetry.ts';
import { fieldError } from '../errors.ts';
import { liveState, TODAY } from './pv-topology.ts';
import { kwh } from './statistics-energy.ts';
import { instants, plantSlots } from './plant-day-slots.ts';
import { rowsOf } from './statistics-scope.ts';
import { splitList } from '../../src/lib/list-split.ts';

export const MAX_SUB_GROUPS = 50;

interface Member { group_id: number; sn: string; sn_type: 1 | 2 | 3 | 4 | 5 | 6 | 7; alias: string | null; id: number; ts: Date | string | null; pv_power: number | null; fault_code: number | null; energy: number | null }

/** The members of the plant's sub-groups (or of one), live state and their PV energy of a local day (today by default). */
function members(db: Db, plantUid: string, groupId?: number, day?: string) {
  const bucket = day ? sql`${day}::timestamp` : TODAY;
  return rowsOf<Member>(db, sql`
    select m.group_id, d.sn, d.sn_type, d.alias, d.id, l.ts, l.pv_power, l.fault_code, e.pv_energy as energy
    from data_view_devices m join devices d on d.sn = m.device_sn and d.plant_uid = m.plant_uid
    join plants p on p.plant_uid = d.plant_uid
    left join device_latest l on l.device_id = d.id
    left join device_energy e on e.device_id = d.id and e.grain = ${grainSql(Grain.day)} and e.bucket = ${bucket}
    where m.plant_uid = ${plantUid} ${groupId === undefined ? sql`` : sql`and m.group_id = ${groupId}`} order by d.sn`);
}

/** Watt-hour sums of kWh figures, so that a group's energy is exactly the sum of its devices'. */
const sumKwh = (values: (number | null)[]) => values.reduce<number>((s, v) => s + Math.round((v ?? 0) * 1000), 0) / 1000;

export async function dataViews(db: Db, plantUid: string) {
  const [groups, rows, loose] = await Promise.all([
    db.select().from(dataViewGroups).where(eq(dataViewGroups.plantUid, plantUid)).orderBy(asc(dataViewGroups.sort), asc(dataViewGroups.id)),
    members(db, plantUid),
    rowsOf<{ sn: string }>(db, sql`select d.sn from devices d where d.plant_uid = ${plantUid}
      and not exists (select 1 from data_view_devices m where m.plant_uid = d.plant_uid and m.device_sn = d.sn) order by d.sn`),
  ]);
  return {
    plantUid,
    subGroups: groups.map((g) => {
      const mine = rows.filter((r) => r.group_id === g.id);
      const live = mine.map((r) => liveState(r.ts, r.fault_code, r.pv_power).pvPower).filter((v): v is number => v !== null);
      return {
        subGroupId: g.id, subGroupName: g.name, sort: g.sort, deviceSns: mine.map((r) => r.sn),
        pvPower: live.length ? Math.round(live.reduce((a, b) => a + b, 0) * 10) / 10 : null,
        todayPvEnergy: sumKwh(mine.map((r) => r.energy)),
      };
    }),
    ungroupedDeviceSns: loose.map((r) => r.sn),
  };
}

async function groupOf(db: Db, plantUid: string, subGroupId: number) {
  const [group] = await db.select().from(dataViewGroups).where(and(eq(dataViewGroups.id, subGroupId), eq(dataViewGroups.plantUid, plantUid)));
  if (!group) throw fieldError('subGroupId', 'exists');
  return group;
}

/** The serials as the plant's devices spell them; 10003 for one that is no device of the plant. */
async function plantSerials(db: Db, plantUid: string, list: string): Promise<string[]> {
  const wanted = splitList(list);
  if (!wanted.length) return [];
  const found = await db.select({ sn: devices.sn }).from(devices)
    .where(and(eq(devices.plantUid, plantUid), inArray(sql`lower(${devices.sn})`, wanted.map((s) => s.toLowerCase()))));
  const bySn = new Map(found.map((d) => [d.sn.toLowerCase(), d.sn]));
  const missing = wanted.find((s) => !bySn.has(s.toLowerCase()));
  if (missing) throw fieldError('deviceSnArr', 'deviceNotInPlant', { value: missing });
  return [...new Set(wanted.map((s) => bySn.get(s.toLowerCase())!))];
}

export interface DataViewEdit {
  plantUid: string; subGroupId?: number | undefined; subGroupName?: string | undefined; deviceSnArr?: string | undefined;
  sort?: number | undefined; isDelete?: 0 | 1 | undefined;
}

export async function editDataViews(db: Db, userId: string, edit: DataViewEdit): Promise<void> {
  const { plantUid } = edit;
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.execute(sql`select 1 from plants where plant_uid = ${plantUid} for update`);
    await t.execute(sql`delete from data_view_devices m where m.plant_uid = ${plantUid}
      and not exists (select 1 from devices d where d.sn = m.device_sn and d.plant_uid = m.plant_uid)`);
    if (edit.isDelete === 1) {
      if (edit.subGroupId === undefined) throw fieldError('subGroupId', 'required');
      await t.delete(dataViewGroups).where(eq(dataViewGroups.id, (await groupOf(t, plantUid, edit.subGroupId)).id));
      return;
    }
    const groups = await t.select({ id: dataViewGroups.id, name: dataViewGroups.name }).from(dataViewGroups).where(eq(dataViewGroups.plantUid, plantUid));
    if (edit.subGroupId !== undefined) await groupOf(t, plantUid, edit.subGroupId);
    else if (!edit.subGroupName) throw fieldError('subGroupName', 'required');
    else if (groups.length >= MAX_SUB_GROUPS) throw fieldError('subGroupName', 'tooManyGroups', { limit: MAX_SUB_GROUPS });
    if (edit.subGroupName !== undefined && groups.some((g) => g.name === edit.subGroupName && g.id !== edit.subGroupId)) {
      throw fieldError('subGroupName', 'unique', { value: edit.subGroupName });
    }
    const serials = edit.deviceSnArr === undefined ? undefined : await plantSerials(t, plantUid, edit.deviceSnArr);
    let groupId = edit.subGroupId;
    if (groupId === undefined) {
      groupId = (await t.insert(dataViewGroups).values({ plantUid, name: edit.subGroupName!, sort: edit.sort ?? 0, createdBy: userId }).returning())[0]!.id;
    } else if (edit.subGroupName !== undefined || edit.sort !== undefined) {
      await t.update(dataViewGroups).set({ name: edit.subGroupName, sort: edit.sort, updatedAt: new Date() }).where(eq(dataViewGroups.id, groupId));
    }
    if (serials === undefined) return;
    const id = groupId;
    const [taken] = serials.length
      ? await t.select({ sn: dataViewDevices.deviceSn, name: dataViewGroups.name }).from(dataViewDevices)
        .innerJoin(dataViewGroups, eq(dataViewGroups.id, dataViewDevices.groupId))
        .where(and(eq(dataViewDevices.plantUid, plantUid), ne(dataViewDevices.groupId, id), inArray(dataViewDevices.deviceSn, serials)))
      : [];
    if (taken) throw fieldError('deviceSnArr', 'deviceInOtherGroup', { value: taken.sn, group: taken.name });
    await t.delete(dataViewDevices).where(eq(dataViewDevices.groupId, id));
    if (serials.length) await t.insert(dataViewDevices).values(serials.map((deviceSn) => ({ plantUid, deviceSn, groupId: id })));
  });
}

/** A sub-group's local day: its devices' 5-minute PV averages summed per slot, and each device's figures. */
export async function subGroupDay(db: Db, plant: { plantUid: string; timeZone: string | null }, subGroupId: number, day: string) {
  const group = await groupOf(db, plant.plantUid, subGroupId);
  const rows = await members(db, plant.plantUid, group.id, day);
  const own = await plantSlots(db, plant, day, ['pv'] as const, rows.map((r) => r.id));
  return {
    subGroupId: group.id, subGroupName: group.name, date: day,
    pvEnergy: sumKwh(rows.map((r) => r.energy)),
    points: instants(own).map(({ time, at }) => {
      const pv = at === undefined ? null : own.values.pv[at]!;
      return { time, pvPower: pv === null ? null : Math.max(0, pv) };
    }),
    devices: rows.map((r) => ({ deviceSn: r.sn, deviceType: r.sn_type, alias: r.alias, ...liveState(r.ts, r.fault_code, r.pv_power), pvEnergy: r.energy === null ? 0 : kwh(r.energy) })),
  };
}
