// Alarms as the alarm centre, the floating panel and the plant pages read and handle them: every
// read and write is limited to the alarms of plants the caller sees with `viewAlarms` (their
// organisations' and own plants, and plants shared with that permission), narrowed by
// searchOfficeIdArr; anything else answers 10005 or an empty list. Names, descriptions and
// suggestions come from the alarm-code catalogue in the request's language.
import { and, asc, desc, eq, gte, ilike, inArray, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { alarmCodes, alarmCounts, alarmEvents, alarms, devices, plants, type Texts } from '../db/schema/index.ts';
import { ALARM_EVENT, ALARM_STATE } from '../alarms/rules.ts';
import { refreshUntreated, type AlarmChange } from '../alarms/evaluate.ts';
import { fieldError, notFoundOrForbidden } from '../errors.ts';
import { translate } from '../i18n/messages.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { listKey, pageWindow, readCountedPage, readPage, type CountColumn, type Page, type PageRequest } from './paging.ts';
import { callerScope, escapeLike, plantManagedScope, plantScope, resolveScope, type Scope } from './scope.ts';
import { plantsPermitting } from './shares.ts';
import { MAX_INT_COLUMN } from '../../src/lib/value-formats.ts';
import { directReads, type ListReads } from '../services/list-memo.ts';

type CodeRow = typeof alarmCodes.$inferSelect;

/** The catalogue is seeded by its migration and never written by the server: read once. */
let catalogue: Promise<CodeRow[]> | undefined;
export function alarmCatalogue(db: Db | Tx): Promise<CodeRow[]> {
  catalogue ??= db.select().from(alarmCodes).orderBy(alarmCodes.deviceType, alarmCodes.alarmCode).then((r) => r, (error: unknown) => {
    catalogue = undefined;
    throw error;
  });
  return catalogue;
}

const inLang = (texts: Texts | undefined, lang: string) => texts?.[lang] ?? texts?.en ?? '';

/** The catalogue row of a code on a device type, or of the code on any type. */
const entryOf = (rows: CodeRow[], deviceType: number, code: number) =>
  rows.find((r) => r.alarmCode === code && r.deviceType === deviceType) ?? rows.find((r) => r.alarmCode === code);

/** An alarm's name in the language: the catalogue's, or "Device fault <code>". */
export const alarmNameOf = (rows: CodeRow[], deviceType: number, code: number, lang: string) => {
  const entry = entryOf(rows, deviceType, code);
  return entry ? inLang(entry.name, lang) : translate(lang, 'alarms.deviceFault', { code });
};

export interface AlarmFilter {
  searchOfficeIdArr?: string | undefined;
  plantUid?: string | undefined;
  deviceSn?: string | undefined;
  deviceType?: number | undefined;
  alarmName?: string | undefined;
  level?: number | undefined;
  alarmCommonState?: number | undefined;
  queryStartDate?: string | undefined;
  queryEndDate?: string | undefined;
}

/**
 * Alarms of plants the caller sees with viewAlarms, within the (narrowed) scope: in the caller's
 * whole scope, the plants they manage and those shared with them with viewAlarms; narrowed to
 * chosen offices, those offices' plants, which the caller manages. The same plants as
 * `plantScope(scope) and plantsPermitting(caller, 'viewAlarms')`, whose branches PostgreSQL
 * planned twice on every call.
 */
const visiblePlants = (caller: AuthContext, scope: Scope): SQL => (scope.own ? plantsPermitting(caller, 'viewAlarms') : plantScope(scope));

/** A day's start in the plant's zone, as the date filters mean it. */
const plantDay = (day: string, plus = 0) => sql`((${day}::date + ${plus}::int)::timestamp at time zone coalesce(${plants.timeZone}, 'UTC'))`;

/** The filter's conditions; `time` is the column the date range applies to (start time, or an event's time). */
async function filterConditions(db: Db, filter: AlarmFilter, time: AnyColumn): Promise<SQL | undefined> {
  if (filter.queryStartDate && filter.queryEndDate && filter.queryEndDate < filter.queryStartDate) {
    throw fieldError('queryEndDate', 'notBefore', { other: 'queryStartDate' });
  }
  let byName: SQL | undefined;
  if (filter.alarmName) {
    const name = filter.alarmName;
    const codes = [...new Set((await alarmCatalogue(db)).filter((r) => Object.values(r.name).includes(name)).map((r) => r.alarmCode))];
    // "Device fault <code>" names a code missing from the catalogue; a number past what the
    // code column holds (a PostgreSQL integer) names no alarm, and must not reach the query.
    const unknown = Number(/^\D*(\d+)$/.exec(name)?.[1] ?? Number.NaN);
    byName = or(eq(alarms.alarmName, name), codes.length ? inArray(alarms.alarmCode, codes) : undefined,
      !codes.length && unknown <= MAX_INT_COLUMN ? eq(alarms.alarmCode, unknown) : undefined);
  }
  return and(
    filter.plantUid ? eq(alarms.plantUid, filter.plantUid) : undefined,
    filter.deviceSn ? ilike(alarms.deviceSn, `%${escapeLike(filter.deviceSn)}%`) : undefined,
    filter.deviceType !== undefined ? eq(alarms.deviceType, filter.deviceType) : undefined,
    byName,
    filter.level !== undefined ? eq(alarms.level, filter.level) : undefined,
    filter.alarmCommonState !== undefined ? eq(alarms.state, filter.alarmCommonState) : undefined,
    filter.queryStartDate ? gte(time, plantDay(filter.queryStartDate)) : undefined,
    filter.queryEndDate ? lt(time, plantDay(filter.queryEndDate, 1)) : undefined,
  );
}

/** The alarms of plants visible in a resolved scope that the filter keeps. */
async function scopedWhere(db: Db, caller: AuthContext, scope: Scope, filter: AlarmFilter, time: AnyColumn = alarms.startTime) {
  return and(visiblePlants(caller, scope), await filterConditions(db, filter, time));
}

async function whereOf(db: Db, caller: AuthContext, filter: AlarmFilter, time: AnyColumn = alarms.startTime) {
  return scopedWhere(db, caller, await resolveScope(db, caller, filter.searchOfficeIdArr), filter, time);
}

/**
 * True when the filter narrows only by what alarm_counts keeps (plant, level, state, within the
 * scope): its alarms are counted by summing a few rows per plant in scope, however many alarms
 * there are. Any other filter counts the alarms themselves.
 */
const countedPerPlant = (filter: AlarmFilter) =>
  !filter.deviceSn && filter.deviceType === undefined && !filter.alarmName && !filter.queryStartDate && !filter.queryEndDate;

/** The per-plant counts (alarm_counts) of the plants in scope that the filter keeps. */
const perPlantWhere = (caller: AuthContext, scope: Scope, filter: AlarmFilter) => and(visiblePlants(caller, scope),
  filter.plantUid ? eq(alarmCounts.plantUid, filter.plantUid) : undefined,
  filter.level !== undefined ? eq(alarmCounts.level, filter.level) : undefined,
  filter.alarmCommonState !== undefined ? eq(alarmCounts.state, filter.alarmCommonState) : undefined);

const summed = sql<number>`coalesce(sum(${alarmCounts.alarmNum}), 0)::int`;

/** The alarms that the filter keeps in scope, summed from the per-plant counts. */
const perPlantTotal = (db: Db, caller: AuthContext, scope: Scope, filter: AlarmFilter) => db.select({ n: summed }).from(alarmCounts)
  .innerJoin(plants, eq(plants.plantUid, alarmCounts.plantUid)).where(perPlantWhere(caller, scope, filter));

/**
 * What a page or count of alarms reads: a write to any of them is announced (migrations 0017 and
 * 0039; plants and devices only for the columns shown or scoped by), and drops memoised answers.
 */
const ALARM_LIST_TABLES = ['alarms', 'alarm_counts', 'plants', 'devices', 'plant_shares', 'offices'] as const;

/**
 * An answer about alarms, kept by the list memo between writes to what it reads for everyone whose
 * scope is the same (a user's own plants and shares, or the same offices) and who asks the same.
 * The rows are kept, not their texts: each caller reads them in their own language.
 */
const memoised = <T>(lists: ListReads, answer: string, scope: Scope, criteria: object, pageSize: number, compute: () => Promise<T>) =>
  lists.page(`alarms:${answer}:${scope.own ? scope.userId : ''}:${scope.officePaths.join(',')}:${JSON.stringify(criteria)}`, ALARM_LIST_TABLES, pageSize, compute);

const alarmColumns = { alarm: alarms, plantName: plants.plantName, deviceAlias: devices.alias };
type AlarmRow = { alarm: typeof alarms.$inferSelect; plantName: string; deviceAlias: string | null };

/** Alarms with their plants (the scope and the plant's name) and devices (the alias). */
const alarmsWithPlants = (db: Db | Tx) => db.select(alarmColumns).from(alarms)
  .innerJoin(plants, eq(plants.plantUid, alarms.plantUid)).leftJoin(devices, eq(devices.id, alarms.deviceId));

export function alarmDto(rows: CodeRow[], { alarm: a, plantName, deviceAlias }: AlarmRow, lang: string) {
  const entry = entryOf(rows, a.deviceType, a.alarmCode);
  return {
    id: a.id, alarmCode: a.alarmCode, alarmName: alarmNameOf(rows, a.deviceType, a.alarmCode, lang),
    level: a.level as 0 | 1 | 2, state: a.state as 1 | 2 | 3, deviceSn: a.deviceSn, deviceType: a.deviceType as 1 | 2 | 3 | 4 | 5 | 6 | 7,
    deviceAlias, plantUid: a.plantUid, plantName,
    alarmStartTime: a.startTime.toISOString(), alarmUpdateTime: a.updateTime.toISOString(), alarmEndTime: a.endTime?.toISOString() ?? null,
    occurrenceNum: a.occurrenceNum, alarmDescription: inLang(entry?.description, lang), suggestion: inLang(entry?.suggestion, lang),
    closeUserName: a.closeUserName, closeRemark: a.closeRemark,
  };
}
export type AlarmDto = ReturnType<typeof alarmDto>;

/** 1 start newest first, 2 start oldest first, 3 update newest first, 4 update oldest first. */
function orderOf(index: number | undefined) {
  switch (index) {
    case 2: return [asc(alarms.startTime), asc(alarms.id)];
    case 3: return [desc(alarms.updateTime), desc(alarms.id)];
    case 4: return [asc(alarms.updateTime), asc(alarms.id)];
    default: return [desc(alarms.startTime), desc(alarms.id)];
  }
}

export async function pageAlarms(
  db: Db, caller: AuthContext, filter: AlarmFilter & PageRequest & { orderByIndex?: number | undefined }, lang: string, lists: ListReads = directReads,
): Promise<Page<AlarmDto>> {
  const { pageNo, pageSize, offset } = pageWindow(filter);
  const scope = await resolveScope(db, caller, filter.searchOfficeIdArr);
  const { pageNo: _p, pageSize: _s, ...criteria } = filter;
  const { rows, total } = await memoised(lists, `page:${pageNo}:${pageSize}`, scope, criteria, pageSize, async () => {
    const where = await scopedWhere(db, caller, scope, filter);
    const page = (extra: CountColumn) => db.select({ ...alarmColumns, ...extra }).from(alarms).innerJoin(plants, eq(plants.plantUid, alarms.plantUid))
      .leftJoin(devices, eq(devices.id, alarms.deviceId)).where(where).orderBy(...orderOf(filter.orderByIndex)).limit(pageSize).offset(offset);
    const { orderByIndex: _o, ...counted } = criteria;
    return countedPerPlant(filter)
      ? readCountedPage(page, perPlantTotal(db, caller, scope, filter))
      : readPage(db, listKey('alarms', caller, counted),
        () => db.select({ id: alarms.id }).from(alarms).innerJoin(plants, eq(plants.plantUid, alarms.plantUid)).where(where).$dynamic(), page);
  });
  const codes = await alarmCatalogue(db);
  return { list: rows.map((r) => alarmDto(codes, r, lang)), total, pageNo, pageSize };
}

/** At most `limit` alarms in the list's order (userAlarmList, the export). */
export async function listAlarms(db: Db, caller: AuthContext, filter: AlarmFilter & { orderByIndex?: number | undefined }, limit: number, lang: string): Promise<AlarmDto[]> {
  const rows = await alarmsWithPlants(db).where(await whereOf(db, caller, filter)).orderBy(...orderOf(filter.orderByIndex)).limit(limit);
  const codes = await alarmCatalogue(db);
  return rows.map((r) => alarmDto(codes, r, lang));
}

export async function alarmInfo(db: Db | Tx, caller: AuthContext, id: number, lang: string): Promise<AlarmDto> {
  const [row] = await alarmsWithPlants(db).where(and(eq(alarms.id, id), visiblePlants(caller, callerScope(caller))));
  if (!row) throw notFoundOrForbidden();
  return alarmDto(await alarmCatalogue(db), row, lang);
}

/** The alarms of each level matching the filter (the level tabs), with their total. */
export async function levelCounts(db: Db, caller: AuthContext, filter: AlarmFilter, lists: ListReads = directReads) {
  const scope = await resolveScope(db, caller, filter.searchOfficeIdArr);
  const result = await memoised(lists, 'levels', scope, filter, 1, async () => countedPerPlant(filter)
    ? db.select({ level: alarmCounts.level, n: summed }).from(alarmCounts).innerJoin(plants, eq(plants.plantUid, alarmCounts.plantUid))
      .where(perPlantWhere(caller, scope, filter)).groupBy(alarmCounts.level)
    : db.select({ level: alarms.level, n: sql<number>`count(*)::int` }).from(alarms)
      .innerJoin(plants, eq(plants.plantUid, alarms.plantUid)).where(await scopedWhere(db, caller, scope, filter))
      .groupBy(alarms.level));
  const levelCounts = ([0, 1, 2] as const).map((level) => ({ level, alarmNum: result.find((r) => r.level === level)?.n ?? 0 }));
  return { totalNum: levelCounts.reduce((sum, c) => sum + c.alarmNum, 0), levelCounts };
}

/**
 * Untreated alarms in scope: all of them (countType 2), summed from the per-plant counts, or those
 * started in the last 3 days (1, the panel's), counted.
 */
export async function untreatedCount(
  db: Db, caller: AuthContext, filter: { searchOfficeIdArr?: string | undefined; plantUid?: string | undefined; countType?: number | undefined },
  lists: ListReads = directReads,
) {
  const untreated = { ...filter, alarmCommonState: ALARM_STATE.untreated };
  if (filter.countType === 2) {
    const scope = await resolveScope(db, caller, filter.searchOfficeIdArr);
    // The last 3 days' count (countType 1) moves with the clock: only the whole count is kept.
    const [all] = await memoised(lists, 'untreated', scope, untreated, 1, () => perPlantTotal(db, caller, scope, untreated));
    return { untreatedNum: all?.n ?? 0 };
  }
  const where = and(await whereOf(db, caller, untreated), gte(alarms.startTime, sql`now() - interval '3 days'`));
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(alarms).innerJoin(plants, eq(plants.plantUid, alarms.plantUid)).where(where);
  return { untreatedNum: row?.n ?? 0 };
}

export interface EventFilter extends AlarmFilter, PageRequest {
  alarmId?: number | undefined;
}

export async function pageEvents(db: Db, caller: AuthContext, filter: EventFilter, lang: string) {
  // One alarm's history is that alarm's, as getAlarmInfo: outside the caller's plants it is 10005.
  if (filter.alarmId) await alarmInfo(db, caller, filter.alarmId, lang);
  const { pageNo, pageSize, offset } = pageWindow(filter);
  const where = and(await whereOf(db, caller, filter, alarmEvents.eventTime), filter.alarmId ? eq(alarmEvents.alarmId, filter.alarmId) : undefined);
  const { pageNo: _p, pageSize: _s, ...criteria } = filter;
  const { rows, total } = await readPage(db, listKey('alarmEvents', caller, criteria),
    () => db.select({ id: alarmEvents.id }).from(alarmEvents).innerJoin(alarms, eq(alarms.id, alarmEvents.alarmId))
      .innerJoin(plants, eq(plants.plantUid, alarms.plantUid)).where(where).$dynamic(),
    (extra) => db.select({ event: alarmEvents, alarm: alarms, plantName: plants.plantName, ...extra }).from(alarmEvents)
      .innerJoin(alarms, eq(alarms.id, alarmEvents.alarmId)).innerJoin(plants, eq(plants.plantUid, alarms.plantUid))
      .where(where).orderBy(desc(alarmEvents.eventTime), desc(alarmEvents.id)).limit(pageSize).offset(offset));
  const codes = await alarmCatalogue(db);
  const list = rows.map(({ event: e, alarm: a, plantName }) => ({
    id: e.id, alarmId: e.alarmId, eventType: e.eventType as 1 | 2 | 3 | 4, eventTime: e.eventTime.toISOString(),
    alarmName: alarmNameOf(codes, a.deviceType, a.alarmCode, lang), level: a.level as 0 | 1 | 2, deviceSn: a.deviceSn,
    plantUid: a.plantUid, plantName, operatorName: e.eventType === ALARM_EVENT.closed ? e.userName : null, remark: e.remark,
  }));
  return { list, total, pageNo, pageSize };
}

/**
 * Closes the untreated or recovered alarms among `ids` (state 3, the caller and the time recorded,
 * an event each) in one transaction; any id outside the plants the caller manages answers 10005
 * and closes nothing (a share lets a visitor look at alarms, not handle them). Answers the alarms closed.
 */
export async function closeAlarms(db: Db, caller: AuthContext, ids: number[], remark: string | null): Promise<AlarmChange[]> {
  return db.transaction(async (tx) => {
    const found = await tx.select({ id: alarms.id, state: alarms.state, plantUid: alarms.plantUid, level: alarms.level }).from(alarms)
      .innerJoin(plants, eq(plants.plantUid, alarms.plantUid))
      .where(and(inArray(alarms.id, ids), plantManagedScope(caller))).for('update', { of: alarms });
    if (found.length !== new Set(ids).size) throw notFoundOrForbidden();
    const open = found.filter((a) => a.state !== ALARM_STATE.closed);
    if (!open.length) return [];
    const now = new Date();
    const who = caller.nickname || caller.loginName;
    await tx.update(alarms).set({ state: ALARM_STATE.closed, endTime: now, updateTime: now, closeUserId: caller.userId, closeUserName: who, closeRemark: remark })
      .where(inArray(alarms.id, open.map((a) => a.id)));
    await tx.insert(alarmEvents).values(open.map((a) => ({ alarmId: a.id, eventType: ALARM_EVENT.closed, eventTime: now, userId: caller.userId, userName: who, remark })));
    await refreshUntreated(tx, [...new Set(open.map((a) => a.plantUid))]);
    return open.map(({ id, plantUid, level }) => ({ id, plantUid, level, raised: false }));
  });
}

/** The catalogue's alarm names, optionally of one device type and matching a keyword, by name in the language. */
export async function alarmNames(db: Db, lang: string, filter: { deviceType?: number | undefined; keyword?: string | undefined }) {
  const keyword = filter.keyword?.toLowerCase();
  return (await alarmCatalogue(db))
    .filter((r) => filter.deviceType === undefined || r.deviceType === filter.deviceType)
    .map((r) => ({ alarmCode: r.alarmCode, alarmName: inLang(r.name, lang), level: r.level as 0 | 1 | 2, deviceType: r.deviceType as 1 | 2 | 3 | 4 | 5 | 6 | 7 }))
    .filter((r) => !keyword || r.alarmName.toLowerCase().includes(keyword))
    .sort((a, b) => a.alarmName.localeCompare(b.alarmName, lang) || a.deviceType - b.deviceType);
}

/** The device types the catalogue knows, with their names in the language. */
export async function alarmDeviceTypes(db: Db, lang: string) {
  const types = [...new Set((await alarmCatalogue(db)).map((r) => r.deviceType))].sort((a, b) => a - b);
  return types.map((deviceType) => ({ deviceType: deviceType as 1 | 2 | 3 | 4 | 5 | 6 | 7, deviceTypeName: translate(lang, `alarms.deviceType.${deviceType}`) }));
}

/** Those of the alarms `ids` the caller may see, newest first (the user event stream's `alarm` events). */
export async function visibleAlarms(db: Db, caller: AuthContext, ids: number[], lang: string): Promise<AlarmDto[]> {
  const rows = await alarmsWithPlants(db).where(and(inArray(alarms.id, ids), visiblePlants(caller, callerScope(caller)))).orderBy(desc(alarms.updateTime), desc(alarms.id));
  const codes = await alarmCatalogue(db);
  return rows.map((r) => alarmDto(codes, r, lang));
}
