// The points earned for installing devices (webDeviceManagerRecordList and its totals and
// export): the awards of event types 2 (device bound) and 3 (installed capacity) credited to users
// in the caller's organisations, with the device and the plant they were earned on.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../services/points-ledger.ts';
import type { Page, PageRequest } from './paging.ts';
import { checkRange, exportRows, rawPage, recordDto, utcDay } from './point-records.ts';
import { escapeLike, resolveScope, userScope, type ScopeCaller } from './scope.ts';
import type { DataOf } from '../../src/api/contract-types.ts';

export type DeviceAward = NonNullable<DataOf<'webDeviceManagerRecordList'>['list']>[number];

export interface DeviceAwardFilter {
  deviceSn?: string | undefined;
  keyword?: string | undefined;
  plantName?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
}

const awards = sql`point_awards a
  join point_ledger l on l.id = a.entry_id
  join users on users.id = a.user_id
  left join offices o on o.id = users.office_id
  left join plants p on p.plant_uid = a.plant_uid
  left join devices d on d.sn = a.device_sn
  left join lateral (select max(bound_at) as bound_at from device_bindings db
    where db.device_sn = a.device_sn and db.plant_uid = a.plant_uid) bind on true`;

const columns = sql`l.id, l.user_id, users.login_name, users.nickname, users.office_id, o.name as office_name,
  l.change_type, l.points, l.balance_after, a.event_type, a.rule_id, a.rule_name, a.device_sn, a.plant_uid, p.plant_name,
  (select to_char(min(lot.expires_at) at time zone 'UTC', 'YYYY-MM-DD') from point_lots lot where lot.entry_id = l.id) as expire_date,
  l.created_at, d.sn_type, d.model_code, d.rated_power, bind.bound_at`;

type Row = Parameters<typeof recordDto>[0] & { sn_type: number | null; model_code: string | null; rated_power: string | number | null; bound_at: string | Date | null };

function dto(r: Row): DeviceAward {
  const base = recordDto({ ...r, order_id: null, order_no: null, counterpart_user_id: null, counterpart_login_name: null, operator_name: null, remark: null });
  return {
    ...base,
    ...(r.sn_type !== null ? { snType: Number(r.sn_type) } : {}),
    ...(r.model_code ? { modelCode: r.model_code } : {}),
    ...(r.rated_power !== null ? { ratedPower: Number(r.rated_power) } : {}),
    ...(r.bound_at ? { bindTime: new Date(r.bound_at).toISOString() } : {}),
  } as DeviceAward;
}

const contains = (column: SQL, text: string) => sql`${column} ilike ${`%${escapeLike(text.trim())}%`}`;

async function whereOf(db: Db, caller: ScopeCaller, searchOfficeIdArr: string | undefined, f: DeviceAwardFilter): Promise<SQL> {
  checkRange(f.startDate, f.endDate);
  const scope = await resolveScope(db, caller, searchOfficeIdArr);
  const parts: SQL[] = [userScope(scope), sql`a.event_type in (2, 3)`];
  if (f.deviceSn?.trim()) parts.push(contains(sql`a.device_sn`, f.deviceSn));
  if (f.keyword?.trim()) parts.push(sql`(${contains(sql`users.login_name`, f.keyword)} or ${contains(sql`coalesce(users.nickname, '')`, f.keyword)})`);
  if (f.plantName?.trim()) parts.push(contains(sql`p.plant_name`, f.plantName));
  if (f.startDate) parts.push(sql`a.created_at >= ${utcDay(f.startDate)}`);
  if (f.endDate) parts.push(sql`a.created_at < ${utcDay(f.endDate)} + interval '1 day'`);
  return sql.join(parts, sql` and `);
}

const order = sql`a.created_at desc, a.id desc`;

export async function deviceAwards(db: Db, caller: ScopeCaller, searchOfficeIdArr: string | undefined, filter: DeviceAwardFilter & PageRequest): Promise<Page<DeviceAward>> {
  const where = await whereOf(db, caller, searchOfficeIdArr, filter);
  const page = await rawPage<Row>(db, awards, columns, where, order, filter);
  return { list: page.rows.map(dto), total: page.total, pageNo: page.pageNo, pageSize: page.pageSize };
}

export async function deviceAwardsForExport(db: Db, caller: ScopeCaller, searchOfficeIdArr: string | undefined, filter: DeviceAwardFilter): Promise<DeviceAward[]> {
  const where = await whereOf(db, caller, searchOfficeIdArr, filter);
  return (await exportRows<Row>(db, awards, columns, where, order, 'startDate')).map(dto);
}

export async function deviceAwardTotals(db: Db, caller: ScopeCaller, searchOfficeIdArr: string | undefined, filter: DeviceAwardFilter) {
  const where = await whereOf(db, caller, searchOfficeIdArr, filter);
  const [row] = await rowsOf<{ devices: number; plants: number; users: number; power: string | number | null; points: number }>(db.execute(sql`
    with matched as (select a.device_sn, a.plant_uid, a.user_id, l.points, d.rated_power from ${awards} where ${where})
    select count(distinct device_sn)::int as devices, count(distinct plant_uid)::int as plants, count(distinct user_id)::int as users,
      (select coalesce(sum(rated_power), 0) from (select distinct on (device_sn) device_sn, rated_power from matched where device_sn is not null) x) as power,
      coalesce(sum(points), 0)::int as points
    from matched`));
  return {
    deviceNum: Number(row!.devices), plantNum: Number(row!.plants), userNum: Number(row!.users),
    totalRatedPower: Number(row!.power ?? 0), totalPoints: Number(row!.points),
  };
}
