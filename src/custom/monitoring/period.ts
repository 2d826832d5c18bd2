// Periods of the statistics calls (monitoring.yaml `dateType` and `date`): a day, month or year
// named by any day inside it, or the plant's whole life. Dates are plain YYYY-MM-DD strings in the
// plant's calendar, so no time zone of the browser leaks into them.
import dayjs from 'dayjs';
import { formatTime, todayIn as todayInZone } from '@/lib/date-time';

export type DateType = 'day' | 'month' | 'year' | 'total';
export const DATE_TYPES: readonly DateType[] = ['day', 'month', 'year', 'total'];

const FORMAT = 'YYYY-MM-DD';

/** Today in a time zone (a plant's), or in the browser's when none is given or it is unknown. */
export const todayIn = (timeZone?: string | null, now = new Date()): string => todayInZone(timeZone, now);

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
export const clockIn = (iso: string, timeZone?: string): string => formatTime(iso, { lang: 'en', timeZone });
