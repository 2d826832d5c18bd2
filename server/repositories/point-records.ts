// Reading the points ledger: a user's own records, the records and points accounts of the users
// in the caller's organisations (scoped like accounts: scope.ts userScope, narrowed by
// searchOfficeIdArr), the device-installation awards with their totals, and income against
// consumption per period. Every record is answered in one shape (point-record.schema.json) from
// one select, whatever list it comes from.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { fieldError } from '../errors.ts';
import type { ScopeCaller, Scope } from './scope.ts';
import { assertUserInScope, escapeLike, resolveScope, userScope } from './scope.ts';
import { COUNT_CAP, pageWindow, plannerEstimate, type Page, type PageRequest } from './paging.ts';
import { rowsOf } from '../services/points-ledger.ts';
import { memberLevelOf } from '../services/member-level.ts';
import type { DataOf } from '../../src/api/contract-types.ts';

export type PointRecord = DataOf<'pointTransfer'>['outRecord'];
export type PointAccount = NonNullable<DataOf<'webUserPointsRecordList'>['list']>[number];

/** Exports answer at most this many rows (the contract's limit); more asks to narrow the filters. */
export const EXPORT_ROW_LIMIT = 50_000;

interface RecordRow {
  id: number; user_id: string; login_name: string; nickname: string | null; office_id: string; office_name: string | null;
  change_type: number; points: number; balance_after: number; event_type: number | null; rule_id: number | null; rule_name: string | null;
  order_id: number | null; order_no: string | null; device_sn: string | null; plant_uid: string | null; plant_name: string | null;
  counterpart_user_id: string | null; counterpart_login_name: string | null; expire_date: string | null; operator_name: string | null;
  remark: string | null; created_at: string | Date;
}

/** Drops the absent fields: the contract types them as strings or integers, never null. */
export const present = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));

export function recordDto(r: RecordRow): PointRecord {
  return {
    id: Number(r.id), userId: r.user_id, changeType: Number(r.change_type), points: Number(r.points), balance: Number(r.balance_after),
    createTime: new Date(r.created_at).toISOString(),
    ...present({
      loginName: r.login_name, nickname: r.nickname, officeId: r.office_id, officeName: r.office_name,
      eventType: r.event_type === null ? null : Number(r.event_type), ruleId: r.rule_id === null ? null : Number(r.rule_id), ruleName: r.rule_name,
      orderId: r.order_id === null ? null : Number(r.order_id), orderNo: r.order_no, deviceSn: r.device_sn, plantUid: r.plant_uid, plantName: r.plant_name,
      counterpartUserId: r.counterpart_user_id, counterpartLoginName: r.counterpart_login_name, expireDate: r.expire_date,
      operatorName: r.operator_name, remark: r.remark,
    }),
  } as PointRecord;
}

const ORDER_SOURCES = sql`l.source in ('order', 'orderRefund')`;

/** The record columns, over `records` (the FROM and joins below). */
const recordColumns = sql`l.id, l.user_id, users.login_name, users.nickname, users.office_id, o.name as office_name,
  l.change_type, l.points, l.balance_after, a.event_type, a.rule_id, a.rule_name,
  case when ${ORDER_SOURCES} then mo.id end as order_id, mo.order_no, a.device_sn, a.plant_uid, p.plant_name,
  case when l.source = 'transfer' then (case when l.points > 0 then t.from_user_id else t.to_user_id end) end as counterpart_user_id,
  cu.login_name as counterpart_login_name,
  (select to_char(min(lot.expires_at) at time zone 'UTC', 'YYYY-MM-DD') from point_lots lot where lot.entry_id = l.id) as expire_date,
  op.nickname as operator_name, t.remark, l.created_at`;

const records = sql`point_ledger l
  join users on users.id = l.user_id
  left join offices o on o.id = users.office_id
  left join point_awards a on a.entry_id = l.id
  left join plants p on p.plant_uid = a.plant_uid
  left join point_transfers t on l.source = 'transfer' and t.id = (case when l.source_id ~ '^[0-9]{1,9}$' then l.source_id::int end)
  left join users cu on cu.id = (case when l.points > 0 then t.from_user_id else t.to_user_id end)
  left join users op on op.id = t.operator_id
  left join mall_orders mo on ${ORDER_SOURCES} and mo.id = (case when l.source_id ~ '^[0-9]{1,9}$' then l.source_id::int end)`;

/**
 * A page of rows in the list's order (LIMIT/OFFSET, so that an index of the order serves it) and
 * the list's total, counted exactly up to COUNT_CAP and the planner's estimate past it, as the
 * other lists count (paging.ts).
 */
export async function rawPage<Row>(db: Db, from: SQL, columns: SQL, where: SQL, orderBy: SQL, request: PageRequest): Promise<{ rows: Row[]; total: number; pageNo: number; pageSize: number }> {
  const { pageNo, pageSize, offset } = pageWindow(request);
  const rows = await rowsOf<Row>(db.execute(sql`select ${columns} from ${from} where ${where} order by ${orderBy} limit ${pageSize} offset ${offset}`));
  const [capped] = await rowsOf<{ n: number }>(db.execute(sql`select count(*)::int as n from (select 1 from ${from} where ${where} limit ${COUNT_CAP + 1}) capped`));
  let total = Number(capped!.n);
  if (total > COUNT_CAP) total = Math.max(COUNT_CAP + 1, await plannerEstimate(db, sql`explain (format json) select 1 from ${from} where ${where}`));
  return { rows, total, pageNo, pageSize };
}

/** All rows for an export, refused past EXPORT_ROW_LIMIT before any file starts. */
export async function exportRows<Row>(db: Db, from: SQL, columns: SQL, where: SQL, orderBy: SQL, narrowField: string): Promise<Row[]> {
  const rows = await rowsOf<Row>(db.execute(sql`select ${columns} from ${from} where ${where} order by ${orderBy} limit ${EXPORT_ROW_LIMIT + 1}`));
  if (rows.length > EXPORT_ROW_LIMIT) throw fieldError(narrowField, 'exportTooLarge', { limit: EXPORT_ROW_LIMIT });
  return rows;
}

const and = (...parts: (SQL | undefined)[]) => sql.join(parts.filter((p): p is SQL => p !== undefined), sql` and `);
const contains = (column: SQL, text: string | undefined) => (text?.trim() ? sql`${column} ilike ${`%${escapeLike(text.trim())}%`}` : undefined);
const keywordOf = (keyword: string | undefined) => (keyword?.trim()
  ? sql`(${contains(sql`users.login_name`, keyword)} or ${contains(sql`coalesce(users.nickname, '')`, keyword)})` : undefined);
/** The start of a day (YYYY-MM-DD): days are UTC days, as the records' times are answered, whatever the session's zone. */
export const utcDay = (day: string) => sql`(${day}::date::timestamp at time zone 'UTC')`;
const fromDay = (column: SQL, day: string | undefined) => (day ? sql`${column} >= ${utcDay(day)}` : undefined);
const toDay = (column: SQL, day: string | undefined) => (day ? sql`${column} < ${utcDay(day)} + interval '1 day'` : undefined);

/** A day PostgreSQL can read: the contract's date format lets year 0 through, which has no dates there. */
export function checkDay(field: string, day: string | undefined) {
  if (day !== undefined && day < '0001-01-01') throw fieldError(field, 'format', { format: 'date' });
}

export function checkRange(startDate: string | undefined, endDate: string | undefined) {
  checkDay('startDate', startDate);
  checkDay('endDate', endDate);
  if (startDate && endDate && endDate < startDate) throw fieldError('endDate', 'notBefore', { other: 'startDate' });
}

// ---- the caller's own records

export interface OwnRecordFilter extends PageRequest {
  direction?: number | undefined;
  changeType?: number | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
}

export async function ownRecords(db: Db, userId: string, filter: OwnRecordFilter): Promise<Page<PointRecord>> {
  checkRange(filter.startDate, filter.endDate);
  const where = and(
    sql`l.user_id = ${userId}`,
    filter.direction === 1 ? sql`l.points > 0` : filter.direction === 2 ? sql`l.points < 0` : undefined,
    filter.changeType !== undefined ? sql`l.change_type = ${filter.changeType}` : undefined,
    fromDay(sql`l.created_at`, filter.startDate), toDay(sql`l.created_at`, filter.endDate),
  );
  const page = await rawPage<RecordRow>(db, records, recordColumns, where, sql`l.created_at desc, l.id desc`, filter);
  return { list: page.rows.map(recordDto), total: page.total, pageNo: page.pageNo, pageSize: page.pageSize };
}

// ---- the records of the users in the caller's organisations

export interface RecordFilter {
  userId?: string | undefined;
  keyword?: string | undefined;
  changeType?: number | undefined;
  eventType?: number | undefined;
  orderNo?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
}

async function recordWhere(db: Db, caller: ScopeCaller, searchOfficeIdArr: string | undefined, filter: RecordFilter) {
  checkRange(filter.startDate, filter.endDate);
  if (filter.userId) await assertUserInScope(db, caller, filter.userId);
  const scope = await resolveScope(db, caller, searchOfficeIdArr);
  return and(
    userScope(scope),
    filter.userId ? sql`l.user_id = ${filter.userId}` : undefined,
    keywordOf(filter.keyword),
    filter.changeType !== undefined ? sql`l.change_type = ${filter.changeType}` : undefined,
    filter.eventType !== undefined ? sql`a.event_type = ${filter.eventType}` : undefined,
    filter.orderNo?.trim() ? sql`mo.order_no = ${filter.orderNo.trim()}` : undefined,
    fromDay(sql`l.created_at`, filter.startDate), toDay(sql`l.created_at`, filter.endDate),
  );
}

export async function scopedRecords(db: Db, caller: ScopeCaller, searchOfficeIdArr: string | undefined, filter: RecordFilter & PageRequest): Promise<Page<PointRecord>> {
  const where = await recordWhere(db, caller, searchOfficeIdArr, filter);
  const page = await rawPage<RecordRow>(db, records, recordColumns, where, sql`l.created_at desc, l.id desc`, filter);
  return { list: page.rows.map(recordDto), total: page.total, pageNo: page.pageNo, pageSize: page.pageSize };
}

export async function scopedRecordsForExport(db: Db, caller: ScopeCaller, searchOfficeIdArr: string | undefined, filter: RecordFilter): Promise<PointRecord[]> {
  const where = await recordWhere(db, caller, searchOfficeIdArr, filter);
  return (await exportRows<RecordRow>(db, records, recordColumns, where, sql`l.created_at desc, l.id desc`, 'startDate')).map(recordDto);
}

/** The records of these ledger entries (a transfer's two), as the lists answer them. */
export async function recordsByIds(db: Db, ids: number[]): Promise<PointRecord[]> {
  const rows = await rowsOf<RecordRow>(db.execute(sql`select ${recordColumns} from ${records}
    where l.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) order by l.id`));
  return rows.map(recordDto);
}

// ---- points accounts

export interface AccountFilter {
  keyword?: string | undefined;
  userType?: number | undefined;
  memberLevel?: number | undefined;
}

const accounts = sql`point_balances b
  join users on users.id = b.user_id
  join roles r on r.id = users.role_id
  left join offices o on o.id = users.office_id
  left join lateral (select m.level, m.level_name from member_equity_rules m
    where m.status = 1 and m.min_points <= b.lifetime_earned order by m.min_points desc, m.level desc limit 1) lv on true`;

const accountColumns = sql`b.user_id, users.login_name, users.nickname, r.user_type, users.office_id, o.name as office_name,
  b.balance, b.lifetime_earned, b.used_points, b.expired_points, lv.level, lv.level_name, b.updated_at`;

interface AccountRow {
  user_id: string; login_name: string; nickname: string | null; user_type: number; office_id: string; office_name: string | null;
  balance: number; lifetime_earned: number; used_points: number; expired_points: number; level: number | null; level_name: string | null; updated_at: string | Date;
}

function accountDto(r: AccountRow): PointAccount {
  return {
    userId: r.user_id, loginName: r.login_name, userType: Number(r.user_type) === 0 ? 0 : 1,
    availablePoints: Number(r.balance), totalEarnedPoints: Number(r.lifetime_earned), usedPoints: Number(r.used_points), expiredPoints: Number(r.expired_points),
    lastChangeTime: new Date(r.updated_at).toISOString(),
    ...present({ nickname: r.nickname, officeId: r.office_id, officeName: r.office_name, memberLevel: r.level === null ? null : Number(r.level), memberLevelName: r.level_name }),
  } as PointAccount;
}

async function accountWhere(db: Db, caller: ScopeCaller, searchOfficeIdArr: string | undefined, filter: AccountFilter) {
  const scope: Scope = await resolveScope(db, caller, searchOfficeIdArr);
  return and(
    userScope(scope),
    // Accounts that have ever had points: a balance row is made by the first entry.
    sql`exists (select 1 from point_ledger e where e.user_id = b.user_id)`,
    keywordOf(filter.keyword),
    filter.userType === 0 ? sql`r.user_type = 0` : filter.userType === 1 ? sql`r.user_type <> 0` : undefined,
    filter.memberLevel !== undefined ? sql`lv.level = ${filter.memberLevel}` : undefined,
  );
}

const accountOrder = sql`b.balance desc, users.login_name, b.user_id`;

export async function scopedAccounts(db: Db, caller: ScopeCaller, searchOfficeIdArr: string | undefined, filter: AccountFilter & PageRequest): Promise<Page<PointAccount>> {
  const where = await accountWhere(db, caller, searchOfficeIdArr, filter);
  const page = await rawPage<AccountRow>(db, accounts, accountColumns, where, accountOrder, filter);
  return { list: page.rows.map(accountDto), total: page.total, pageNo: page.pageNo, pageSize: page.pageSize };
}

export async function scopedAccountsForExport(db: Db, caller: ScopeCaller, searchOfficeIdArr: string | undefined, filter: AccountFilter): Promise<PointAccount[]> {
  const where = await accountWhere(db, caller, searchOfficeIdArr, filter);
  return (await exportRows<AccountRow>(db, accounts, accountColumns, where, accountOrder, 'keyword')).map(accountDto);
}

// ---- the caller's summary

const EXPIRING_DAYS = 30;

export async function pointInfo(db: Db, userId: string): Promise<DataOf<'getPointInfo'>> {
  const [row] = await rowsOf<{ balance: number; lifetime_earned: number; used_points: number; expired_points: number; expiring: number; next_expire: string | null }>(db.execute(sql`
    select coalesce(b.balance, 0) as balance, coalesce(b.lifetime_earned, 0) as lifetime_earned,
      coalesce(b.used_points, 0) as used_points, coalesce(b.expired_points, 0) as expired_points,
      coalesce(s.expiring, 0)::int as expiring, s.next_expire
    from (select ${userId}::text as user_id) me
    left join point_balances b on b.user_id = me.user_id
    left join lateral (select sum(remaining) as expiring, to_char(min(expires_at) at time zone 'UTC', 'YYYY-MM-DD') as next_expire
      from point_lots where user_id = me.user_id and remaining > 0 and expires_at <= now() + make_interval(days => ${EXPIRING_DAYS})) s on true`));
  const { current, next, lifetimeEarned } = await memberLevelOf(db, userId);
  return {
    availablePoints: Number(row!.balance), totalEarnedPoints: Number(row!.lifetime_earned), usedPoints: Number(row!.used_points),
    expiredPoints: Number(row!.expired_points), expiringPoints: Number(row!.expiring),
    pointsMultiplier: current?.pointsMultiplier ?? 1, discountPercent: current?.discountPercent ?? 0,
    ...present({
      nextExpireDate: row!.next_expire,
      memberLevel: current?.level, memberLevelName: current?.levelName,
      nextLevelName: next?.levelName, pointsToNextLevel: next ? next.minPoints - lifetimeEarned : undefined,
    }),
  };
}
