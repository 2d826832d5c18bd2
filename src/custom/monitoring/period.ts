// Periods of the statistics calls (monitoring.yaml `dateType` and `date`): a day, month or year
// named by any day inside it, or the plant's whole life. Dates are plain YYYY-MM-DD strings in the
// plant's calendar, so no time zone of the browser leaks into them.
import dayjs from 'dayjs';

export type DateType = 'day' | 'month' | 'year' | 'total';
export const DATE_TYPES: readonly DateType[] = ['day', 'month', 'year', 'total'];

const FORMAT = 'YYYY-MM-DD';

/** Today in a time zone (a plant's), or in the browser's when none is given or it is unknown. */
export function todayIn(timeZone?: string, now = new Date()): string {
  if (timeZone) {
    try {
      // en-CA writes dates as YYYY-MM-DD.
      return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
    } catch {
      // An unknown zone name: fall back to the browser's calendar.
    }
  }
  return dayjs(now).format(FORMAT);
}

/** The same position `n` periods later (earlier when negative); the lifetime does not move. */
export function shiftDate(date: string, type: DateType, n: number): string {
  return type === 'total' ? date : dayjs(date).add(n, type).format(FORMAT);
}

/** Whether the period holding `date` starts after the one holding `today` (nothing to show there yet). */
export function isAfterToday(date: string, type: DateType, today: string): boolean {
  if (type === 'total') return false;
  return dayjs(date).startOf(type).isAfter(dayjs(today).startOf(type));
}

/** The x label of a bucket's `time` (energy-statistics.schema.json): the hour, day, month or year it names. */
export function bucketLabel(time: string | undefined, type: DateType): string {
  if (!time) return '';
  if (type === 'day') return time.slice(11, 16) || time;
  if (type === 'month') return time.slice(8, 10) || time;
  if (type === 'year') return time.slice(5, 7) || time;
  return time.slice(0, 4);
}

/** HH:mm of an instant in the plant's time zone (the browser's when it has none or it is unknown). */
export function clockIn(iso: string, timeZone?: string): string {
  const format = (zone?: string) => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', ...(zone ? { timeZone: zone } : {}) }).format(new Date(iso));
  try {
    return format(timeZone);
  } catch {
    return format();
  }
}
