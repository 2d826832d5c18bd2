// The one formatter of dates and times on the portal's pages. A plant's instants are shown in the
// plant's time zone (its days, its "today" and its timestamps are the plant's, whatever the
// browser's zone), in the user's language: English as YYYY-MM-DD HH:mm:ss (the portal's tables
// and exports), other languages in their own numeric form (zh-CN 2026/11/27 03:38:00), always
// on a 24-hour clock. Nothing here uses the browser's default format or its zone unless the
// caller gives no zone (a user's own records, such as their downloads).

export interface TimeOptions {
  /** The UI language (i18next's `language`). */
  lang: string;
  /** An IANA zone (the plant's); the browser's when absent, null or unknown to the runtime. */
  timeZone?: string | null | undefined;
}

type Instant = string | number | Date;
type Parts = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;

const NUMERIC = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' } as const;

const known = new Map<string, boolean>();
/** The zone when the runtime knows it, else undefined (the browser's). */
function zoneOrLocal(timeZone: string | null | undefined): string | undefined {
  if (!timeZone) return undefined;
  let ok = known.get(timeZone);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone });
      ok = true;
    } catch {
      ok = false;
    }
    known.set(timeZone, ok);
  }
  return ok ? timeZone : undefined;
}

const isEnglish = (lang: string) => lang === 'en' || lang.startsWith('en-');

function toDate(value: Instant): Date | undefined {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

function partsOf(d: Date, timeZone: string | undefined): Parts {
  const parts = new Intl.DateTimeFormat('en-US', { ...NUMERIC, ...(timeZone ? { timeZone } : {}) }).formatToParts(d);
  const get = (type: keyof Parts) => parts.find((p) => p.type === type)?.value ?? '';
  // Some runtimes write midnight as 24 even with h23.
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour') === '24' ? '00' : get('hour'), minute: get('minute'), second: get('second') };
}

function localised(d: Date, lang: string, timeZone: string | undefined, options: Intl.DateTimeFormatOptions): string {
  try {
    return new Intl.DateTimeFormat(lang, { ...options, ...(timeZone ? { timeZone } : {}) }).format(d);
  } catch {
    return new Intl.DateTimeFormat('en', { ...options, ...(timeZone ? { timeZone } : {}) }).format(d);
  }
}

/** Date and time of an instant (seconds included): "2026-11-27 03:38:00", zh-CN "2026/11/27 03:38:00". */
export function formatDateTime(value: Instant | null | undefined, { lang, timeZone }: TimeOptions): string {
  const d = value === null || value === undefined || value === '' ? undefined : toDate(value);
  if (!d) return value ? String(value) : '–';
  const zone = zoneOrLocal(timeZone);
  if (isEnglish(lang)) {
    const p = partsOf(d, zone);
    return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
  }
  return localised(d, lang, zone, NUMERIC);
}

/** The calendar date of an instant in the zone: "2026-11-27", zh-CN "2026/11/27". */
export function formatDate(value: Instant | null | undefined, { lang, timeZone }: TimeOptions): string {
  const d = value === null || value === undefined || value === '' ? undefined : toDate(value);
  if (!d) return value ? String(value) : '–';
  const zone = zoneOrLocal(timeZone);
  if (isEnglish(lang)) {
    const p = partsOf(d, zone);
    return `${p.year}-${p.month}-${p.day}`;
  }
  return localised(d, lang, zone, { year: 'numeric', month: '2-digit', day: '2-digit' });
}

/** The clock time of an instant in the zone, HH:mm (HH:mm:ss with `seconds`). */
export function formatTime(value: Instant | null | undefined, { timeZone }: TimeOptions, seconds = false): string {
  const d = value === null || value === undefined || value === '' ? undefined : toDate(value);
  if (!d) return value ? String(value) : '–';
  const p = partsOf(d, zoneOrLocal(timeZone));
  return seconds ? `${p.hour}:${p.minute}:${p.second}` : `${p.hour}:${p.minute}`;
}

/** A calendar day (YYYY-MM-DD, no zone) with its short weekday: "Fri 11-27", zh-CN "11/27周五". */
export function formatDay(date: string, lang: string): string {
  const d = toDate(`${date}T12:00:00Z`);
  if (!d) return date;
  return localised(d, lang, 'UTC', { weekday: 'short', month: '2-digit', day: '2-digit' });
}

/** Today's date (YYYY-MM-DD) in a zone, or in the browser's when none is given or it is unknown. */
export function todayIn(timeZone?: string | null, now = new Date()): string {
  const p = partsOf(now, zoneOrLocal(timeZone));
  return `${p.year}-${p.month}-${p.day}`;
}

/** Minutes east of UTC of a zone (the browser's when undefined) at an instant. */
export function offsetMinutes(timeZone: string | undefined, at = new Date()): number {
  const p = partsOf(at, timeZone);
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The zone's label where its clock differs from the browser's now ("Asia/Shanghai, UTC+08:00"),
 * else undefined: times that read the same on the user's clock need no label.
 */
export function zoneLabel(timeZone: string | null | undefined, at = new Date()): string | undefined {
  const zone = zoneOrLocal(timeZone);
  if (!zone) return undefined;
  const offset = offsetMinutes(zone, at);
  if (offset === offsetMinutes(undefined, at)) return undefined;
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${zone}, UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * The zone the days of several plants are counted in: the first one's, when every plant in scope
 * is known (`complete`) and all their clocks agree (now, in January and in July: Asia/Shanghai and
 * Asia/Hong_Kong share their days); otherwise undefined, and each plant counts its own local day
 * of the date that is today on the user's clock.
 */
export function commonZone(zones: readonly (string | null | undefined)[], complete: boolean, now = new Date()): string | undefined {
  if (!complete || zones.length === 0) return undefined;
  const resolved = zones.map(zoneOrLocal);
  const first = resolved[0];
  if (!first || resolved.some((z) => !z)) return undefined;
  const year = now.getUTCFullYear();
  const instants = [now, new Date(Date.UTC(year, 0, 15)), new Date(Date.UTC(year, 6, 15))];
  return resolved.every((z) => z === first || instants.every((at) => offsetMinutes(z, at) === offsetMinutes(first, at))) ? first : undefined;
}

/** A heading or caption of plant times, with the zone's label where it differs from the browser's. */
export function withZone(text: string, timeZone: string | null | undefined, at = new Date()): string {
  const label = zoneLabel(timeZone, at);
  return label ? `${text} (${label})` : text;
}

/** The default date format of the portal's queries and pickers (000 section 9). */
export const DATE_FORMAT = 'YYYY-MM-DD';
const YMD = /^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$/;

/** A calendar day as the first and last second of it, the bounds list filters send. */
export function dayRange(date: string): [string, string] {
  if (!YMD.test(date)) throw new Error(`Invalid date: ${date}`);
  return [`${date} 00:00:00`, `${date} 23:59:59`];
}

/** Minutes of an HH:mm or HH:mm:ss clock time or of a "YYYY-MM-DD HH:mm[:ss]" stamp's time. */
function clockMinutes(value: string): number | undefined {
  const match = /(?:^|[ T])([01][0-9]|2[0-3]):([0-5][0-9])(?::([0-5][0-9]))?$/.exec(value.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) + Number(match[3] ?? 0) / 60 : undefined;
}

/**
 * Whether two clock times match within `toleranceMinutes` (0: the same minute and second), as a
 * chart point at 12:04 belongs to the 12:05 sample of a 5-minute series. Midnight wraps: 23:58
 * and 00:01 are 3 minutes apart. Unreadable times never match.
 */
export function timesMatch(a: string, b: string, toleranceMinutes = 0): boolean {
  const x = clockMinutes(a);
  const y = clockMinutes(b);
  if (x === undefined || y === undefined) return false;
  const apart = Math.abs(x - y);
  return Math.min(apart, 24 * 60 - apart) <= toleranceMinutes;
}
