// The periods of the reports (plant-report.schema.json): a day, month or year named by any day in
// it, or a custom range of whole days of at most 366 days. Dates are YYYY-MM-DD strings in the
// plant's calendar; nothing here reads the browser's clock or time zone.
import dayjs from 'dayjs';
import type { QueryOf } from '@/api/contract-types';

export type ReportType = QueryOf<'getOnePlantReport'>['reportType'];
export const REPORT_TYPES: readonly ReportType[] = ['day', 'month', 'year', 'custom'];

export interface ReportPeriod {
  type: ReportType;
  /** A day inside the period; the first day of a custom range. */
  date: string;
  /** The last day of a custom range (inclusive); unused by the other types. */
  endDate: string;
}

/** The longest custom range the server accepts, in days, both ends included. */
export const MAX_CUSTOM_DAYS = 366;

const DAY = 'YYYY-MM-DD';
const PERIOD_FORMAT = { day: DAY, month: 'YYYY-MM', year: 'YYYY', custom: DAY } as const satisfies Record<ReportType, string>;
type Unit = 'day' | 'month' | 'year';

const earlier = (a: string, b: string) => (a < b ? a : b);
/** Days from the first to the last day, both included. */
export const spanDays = (start: string, end: string) => dayjs(end).diff(dayjs(start), 'day') + 1;

/** The query of getOnePlantReport, getPlantReportList and exportPlantReport for a period. */
export function reportQuery(p: ReportPeriod): { reportType: ReportType; period: string; endDate?: string } {
  const period = dayjs(p.date).format(PERIOD_FORMAT[p.type]);
  return p.type === 'custom' ? { reportType: p.type, period, endDate: p.endDate } : { reportType: p.type, period };
}

/** Why a custom range cannot be asked for, or undefined when it can. */
export function customRangeError(start: string, end: string): 'order' | 'tooLong' | undefined {
  if (end < start) return 'order';
  return spanDays(start, end) > MAX_CUSTOM_DAYS ? 'tooLong' : undefined;
}

/**
 * The same place in another report type. A custom range starts as the month holding the day, up
 * to today at most; leaving a custom range keeps its first day.
 */
export function withType(p: ReportPeriod, type: ReportType, today: string): ReportPeriod {
  if (type !== 'custom') return { type, date: p.date, endDate: p.date };
  if (p.type === 'custom') return p;
  const start = dayjs(p.date).startOf('month').format(DAY);
  return { type, date: start, endDate: earlier(dayjs(p.date).endOf('month').format(DAY), today) };
}

/** `n` periods later (earlier when negative); a custom range moves by its own length. */
export function shiftPeriod(p: ReportPeriod, n: number): ReportPeriod {
  if (p.type === 'custom') {
    const days = spanDays(p.date, p.endDate) * n;
    return { ...p, date: dayjs(p.date).add(days, 'day').format(DAY), endDate: dayjs(p.endDate).add(days, 'day').format(DAY) };
  }
  const date = dayjs(p.date).add(n, p.type).format(DAY);
  return { ...p, date, endDate: date };
}

/** Whether the period after this one still starts on or before today (there is something to show). */
export function canShiftForward(p: ReportPeriod, today: string): boolean {
  const next = shiftPeriod(p, 1);
  const start = p.type === 'custom' ? next.date : dayjs(next.date).startOf(p.type as Unit).format(DAY);
  return start <= today;
}

/** The x label of a breakdown item's `time`: the hour of a day, the day of a month, MM-DD in a range, the month of a year. */
export function itemLabel(time: string, type: ReportType): string {
  if (type === 'month') return time.slice(8, 10) || time;
  if (type === 'custom') return time.slice(5, 10) || time;
  if (type === 'year') return time.slice(5, 7) || time;
  return time;
}

/** The period as a heading or a file row: 2026-05-01, 2026-05, 2026, or 2026-05-01 – 2026-05-31. */
export function periodText(p: { reportType: ReportType; period: string; endDate?: string | null }): string {
  return p.reportType === 'custom' && p.endDate ? `${p.period} – ${p.endDate}` : p.period;
}
