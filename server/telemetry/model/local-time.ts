// Local civil time of a plant, for the load profile, charger sessions and faults (people live by
// the clock on the wall, not by the sun). Intl is slow for a 90-day backfill at 5-minute steps,
// so the UTC offset is cached per zone and UTC quarter-hour (offset changes happen on quarter
// hours in every zone in use).

const QUARTER_HOUR_MS = 15 * 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Bound on cached offsets; a year of quarter hours for a dozen zones fits well within it. */
const OFFSET_CACHE_LIMIT = 500_000;

export interface LocalClock {
  /** Hour of the day, fractional: 13.5 is half past one in the afternoon. */
  hour: number;
  /** 0 Sunday .. 6 Saturday. */
  weekday: number;
  /** Local calendar date, YYYY-MM-DD. */
  date: string;
  /** 1..366 within the local year. */
  dayOfYear: number;
  /** Milliseconds to add to UTC to get local time. */
  offsetMs: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/** Offsets by zone and quarter hour (numeric keys: a key of text had cost more than the look-up). */
const offsetCache = new Map<string, Map<number, number>>();
let cachedOffsets = 0;

/** Milliseconds to add to UTC for the wall clock of an IANA zone at an instant. */
export function zoneOffsetMs(timeMs: number, timeZone: string): number {
  const bucket = Math.floor(timeMs / QUARTER_HOUR_MS);
  let zone = offsetCache.get(timeZone);
  const cached = zone?.get(bucket);
  if (cached !== undefined) return cached;
  let fmt = formatters.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric',
    });
    formatters.set(timeZone, fmt);
  }
  const at = bucket * QUARTER_HOUR_MS;
  const p = Object.fromEntries(fmt.formatToParts(new Date(at)).map((x) => [x.type, Number(x.value)]));
  const wall = Date.UTC(p.year ?? 1970, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0);
  const offset = wall - at;
  if (cachedOffsets >= OFFSET_CACHE_LIMIT) {
    offsetCache.clear();
    cachedOffsets = 0;
    zone = undefined;
  }
  if (!zone) offsetCache.set(timeZone, zone = new Map());
  zone.set(bucket, offset);
  cachedOffsets++;
  return offset;
}

/** 1 January 1970 was a Thursday. */
const EPOCH_WEEKDAY = 4;
const dayCache = new Map<number, { date: string; dayOfYear: number }>();

/** Calendar facts of a day number (days since 1970-01-01), cached: a step asks for them often. */
function calendarDay(dayNumber: number): { date: string; dayOfYear: number } {
  let day = dayCache.get(dayNumber);
  if (!day) {
    const start = new Date(dayNumber * DAY_MS);
    day = { date: start.toISOString().slice(0, 10), dayOfYear: Math.floor((start.getTime() - Date.UTC(start.getUTCFullYear(), 0, 1)) / DAY_MS) + 1 };
    if (dayCache.size >= OFFSET_CACHE_LIMIT) dayCache.clear();
    dayCache.set(dayNumber, day);
  }
  return day;
}

/** Local clock at a place: in the IANA zone when known, otherwise mean solar time from the
 * longitude (15° per hour), which is what a plant without a zone can best assume. */
export function localClock(time: Date, longitude: number, timeZone?: string): LocalClock {
  const ms = time.getTime();
  const offsetMs = timeZone ? zoneOffsetMs(ms, timeZone) : Math.round((longitude / 15) * HOUR_MS);
  const localMs = ms + offsetMs;
  const dayNumber = Math.floor(localMs / DAY_MS);
  const { date, dayOfYear } = calendarDay(dayNumber);
  return {
    hour: (localMs - dayNumber * DAY_MS) / HOUR_MS,
    weekday: (((dayNumber + EPOCH_WEEKDAY) % 7) + 7) % 7,
    date,
    dayOfYear,
    offsetMs,
  };
}

/** The UTC instant of a local wall-clock time on a local date. */
export function localToUtc(date: string, hour: number, longitude: number, timeZone?: string): Date {
  const wall = Date.parse(`${date}T00:00:00Z`) + hour * HOUR_MS;
  // The offset at the guessed instant is right except within an hour of a DST change.
  const guess = wall - localClock(new Date(wall), longitude, timeZone).offsetMs;
  return new Date(wall - localClock(new Date(guess), longitude, timeZone).offsetMs);
}
