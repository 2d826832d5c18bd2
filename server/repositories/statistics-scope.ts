// Which plants a monitoring statistic covers, and the period it covers in their local calendar.
// One plant when the request names it (the plant-access guard has checked the share already), else
// every plant the caller sees, narrowed by searchOfficeIdArr and, for visitors, to shares that
// grant viewPlant (the guard only sees a named plant, so a list is narrowed here).
import { and, sql, type SQL } from 'drizzle-orm';
import { PgDialect, QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { plants } from '../db/schema/index.ts';
import { Grain } from '../db/schema/telemetry.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { assertPlantVisible, plantScope, resolveScope } from './scope.ts';
import { plantsPermitting } from './shares.ts';

/**
 * The 5-minute slot of the raw sample `x` (alias of device_data), as an instant. Zone offsets are
 * whole quarter hours, so local slots align. date_bin works on the timestamp itself; the epoch
 * arithmetic it replaces ran in numeric, a fifth of a day curve's time.
 */
export const FIVE_MINUTE_SLOT = sql.raw(`date_bin(interval '5 minutes', x.ts, timestamptz '1970-01-01 00:00:00+00')`);

const qb = new QueryBuilder();
const dialect = new PgDialect();

export interface PlantSet {
  /** `(select plant_uid from plants where ...)`, or `($1)` for one plant, to write `x.plant_uid in ${uids}`. */
  uids: SQL;
  /** The plant when the request named one. */
  single: typeof plants.$inferSelect | undefined;
  /** Over several plants: the selecting query with its parameters, equal for sets that are equal. */
  key: string | undefined;
}

/**
 * A caller's whole fleet (no office filter), built once per resolved session: the selecting
 * query and its key cost more to build than a memoised fleet answer costs to send. The session
 * cache hands out the same AuthContext until a change of users, roles or offices replaces it
 * (auth-cache.ts), and the query depends on nothing else (which plants it selects is read when
 * it runs).
 */
const fleets = new WeakMap<AuthContext, PlantSet>();

/** `known`: the named plant when the plant-access guard has loaded it already. */
export async function plantSet(db: Db, user: AuthContext, query: { plantUid?: string | undefined; searchOfficeIdArr?: string | undefined }, known?: typeof plants.$inferSelect): Promise<PlantSet> {
  if (query.plantUid) {
    const plant = await assertPlantVisible(db, user, query.plantUid, known);
    // A list of one value: planned as `= $1`, where a subquery added a semi-join to every plan of
    // a plant's statistics (planning is most of their database time).
    return { uids: sql`(${plant.plantUid})`, single: plant, key: undefined };
  }
  const whole = !query.searchOfficeIdArr;
  const cached = whole ? fleets.get(user) : undefined;
  if (cached) return cached;
  const scope = await resolveScope(db, user, query.searchOfficeIdArr);
  const condition = and(plantScope(scope), plantsPermitting(user, 'viewPlant'))!;
  const uids = sql`${qb.select({ uid: plants.plantUid }).from(plants).where(condition)}`;
  const selecting = dialect.sqlToQuery(uids);
  const set = { uids, single: undefined, key: JSON.stringify([selecting.sql, selecting.params]) };
  if (whole) fleets.set(user, set);
  return set;
}

export type DateType = 'day' | 'month' | 'year' | 'total';

export interface Period {
  dateType: DateType;
  /** The requested day; null for total. */
  date: string | null;
  /** The period's own rollup grain and bucket start (`YYYY-MM-DD`); none for total. */
  grain: Grain | null;
  start: string | null;
  /** The grain of the breakdown, and its bucket labels in order (total: filled in from the data). */
  itemGrain: Grain;
  labels: string[];
  /** The instant the request is answered at: plants' "today" and a bucket under way are read at it. */
  now: Date;
  /**
   * Over several plants, the caller's current period or one compared with it: each plant counts its
   * own (its today, this month, this year in its zone) moved back by `back` (`1 day` for its
   * yesterday), and its buckets are labelled in the caller's calendar (`start`), aligned by local
   * clock time, day of the month and month. The days of a month longer than the caller's add to its
   * last day (PostgreSQL's month arithmetic, as 29 February compares with 28 February). Null: every
   * plant counts the same local dates.
   */
  own: { back: string } | null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const ymd = (d: Date) => d.toISOString().slice(0, 10);

/** A valid `YYYY-MM-DD` date, else undefined. */
function dateOrUndefined(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const parsed = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || ymd(parsed) !== value ? undefined : value;
}

/** Today in a zone (UTC for a plant without one, as the rollups take it). */
export function todayIn(timeZone: string | null, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone ?? 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/**
 * The day a request means: its date, else today for the one plant, else the caller's own date
 * (the signed clientDate) for several plants, whose buckets of that same local date are summed.
 */
export function requestedDate(date: string | undefined, set: PlantSet, clientDate: unknown, now = new Date()): string {
  return dateOrUndefined(date) ?? (set.single ? todayIn(set.single.timeZone, now) : dateOrUndefined(clientDate) ?? ymd(now));
}

/** The bucket labels of a period, as the statistics' `time` writes them. */
export function periodOf(dateType: DateType, date: string, now = new Date(), own: Period['own'] = null): Period {
  const [y, m] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  if (dateType === 'day') {
    return { dateType, date, grain: Grain.day, start: date, itemGrain: Grain.hour, labels: Array.from({ length: 24 }, (_, h) => `${date}T${pad(h)}:00`), now, own };
  }
  if (dateType === 'month') {
    const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
    return { dateType, date, grain: Grain.month, start: `${date.slice(0, 7)}-01`, itemGrain: Grain.day, labels: Array.from({ length: days }, (_, d) => `${date.slice(0, 7)}-${pad(d + 1)}`), now, own };
  }
  if (dateType === 'year') {
    return { dateType, date, grain: Grain.year, start: `${date.slice(0, 4)}-01-01`, itemGrain: Grain.month, labels: Array.from({ length: 12 }, (_, i) => `${date.slice(0, 4)}-${pad(i + 1)}`), now, own };
  }
  return { dateType, date: null, grain: null, start: null, itemGrain: Grain.year, labels: [], now, own: null };
}

/**
 * The period a home statistic means. Over several plants, the caller's current period (the day,
 * month or year of their clientDate, which is also the default) is each plant's own current one,
 * so that every home card counts "each plant's own today, summed" as the plants card does; any
 * other period is the same local dates in every plant.
 */
export function requestedPeriod(dateType: DateType, date: string | undefined, set: PlantSet, clientDate: unknown, now = new Date()): Period {
  const period = periodOf(dateType, requestedDate(date, set, clientDate, now), now);
  if (set.single || !period.start) return period;
  const callers = periodOf(dateType, dateOrUndefined(clientDate) ?? ymd(now));
  return callers.start === period.start ? { ...period, own: { back: '0 days' } } : period;
}

/**
 * Each plant of the set with its zone `tz`, the local start of its part of the period `start`, and
 * `shift`, which moves its buckets onto the period's labels (zero unless each counts its own).
 * `age` keeps the shift in calendar units: a bucket moves by a month, not by 30 days.
 */
export function plantBounds(set: PlantSet, period: Period): SQL {
  const tz = sql.raw(`coalesce(p.time_zone, 'UTC')`);
  if (!period.own) {
    return sql`select p.plant_uid, ${tz} as tz, ${period.start}::timestamp as start, interval '0' as shift from plants p where p.plant_uid in ${set.uids}`;
  }
  return sql`select p.plant_uid, ${tz} as tz, s.start, age(${period.start}::timestamp, s.start) as shift
    from plants p cross join lateral (
      select date_trunc(${period.dateType}, ${period.now.toISOString()}::timestamptz at time zone ${tz}) - ${period.own.back}::interval as start) s
    where p.plant_uid in ${set.uids}`;
}

/**
 * A constant range around every plant's own part of a period counted per plant: a zone's date lies
 * within a day of UTC's, so each plant's start is within one period of UTC's. Bounds that differ
 * per plant leave the planner free to join the rollups without their primary key's range (the
 * first answer of a month's home energy went from 0.4 s to 1.3 s in bench:dashboard); this range
 * keeps the range scan whatever the join.
 */
export function ownWindow(period: Period) {
  const utc = periodOf(period.dateType, ymd(period.now)).start;
  const back = period.own?.back ?? '0 days';
  return {
    from: sql`(${utc}::timestamp - ${back}::interval - ${`1 ${period.dateType}`}::interval)`,
    to: sql`(${utc}::timestamp - ${back}::interval + ${`2 ${period.dateType}`}::interval)`,
  };
}

/** The length of a period, for `start + periodLength(period)` (none for total). */
export const periodLength = (period: Period) => sql.raw(`interval '1 ${period.dateType}'`);

/** The label of a bucket at a grain, from its local start `YYYY-MM-DDTHH:mm`. */
export function labelOf(grain: Grain, bucket: string): string {
  if (grain === Grain.hour) return bucket.slice(0, 16);
  if (grain === Grain.day) return bucket.slice(0, 10);
  if (grain === Grain.month) return bucket.slice(0, 7);
  return bucket.slice(0, 4);
}

/** Years from the first to the last with data (the breakdown of a total). */
export function yearLabels(found: string[]): string[] {
  if (!found.length) return [];
  const years = found.map(Number);
  const [first, last] = [Math.min(...years), Math.max(...years)];
  return Array.from({ length: last - first + 1 }, (_, i) => String(first + i));
}

/** Moves a date by whole months (clamped to the month's last day: 29 February less a year is the 28th). */
export function shiftMonths(date: string, months: number): string {
  const [y, m, d] = [Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))];
  const first = new Date(Date.UTC(y, m + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return `${pad(first.getUTCFullYear(), 4)}-${pad(first.getUTCMonth() + 1)}-${pad(Math.min(d, last))}`;
}

export function shiftDays(date: string, days: number): string {
  return ymd(new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000));
}

/**
 * The period before, and the same period a year earlier (both null for total). Of each plant's own
 * current period: each plant's own period before (its yesterday) and a year earlier.
 */
export function comparedPeriods(period: Period): { previous: Period | null; lastYear: Period | null } {
  if (!period.date || period.dateType === 'total') return { previous: null, lastYear: null };
  const before = period.dateType === 'day' ? shiftDays(period.date, -1) : shiftMonths(period.date, period.dateType === 'month' ? -1 : -12);
  const back = (interval: string) => (period.own ? { back: interval } : null);
  return {
    previous: periodOf(period.dateType, before, period.now, back(`1 ${period.dateType}`)),
    lastYear: periodOf(period.dateType, shiftMonths(period.date, -12), period.now, back('1 year')),
  };
}

/** Rows of a raw statement, whichever driver ran it. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
