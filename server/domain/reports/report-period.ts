// The period of a plant report (reportType and period, and endDate for a custom range) as the
// rollups read it: the grain of its breakdown, its first and after-last local days, and the
// labels of its items as the contract writes them (HH:00, YYYY-MM-DD, YYYY-MM).
import { Grain } from '../../db/schema/telemetry.ts';
import { fieldError } from '../../errors.ts';

export type ReportType = 'day' | 'month' | 'year' | 'custom';

/** The longest custom range, in days: a year's daily report, leap years included. */
export const MAX_CUSTOM_DAYS = 366;
/** Telemetry starts with the epoch; earlier years are no period of any plant. */
const FIRST_YEAR = 1970;

export interface ReportPeriod {
  reportType: ReportType;
  period: string;
  endDate: string | null;
  itemGrain: Grain;
  /** First local day, and the day after the last (`YYYY-MM-DD`). */
  start: string;
  end: string;
  labels: string[];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const ymd = (d: Date) => d.toISOString().slice(0, 10);

function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number(value.slice(0, 4)) < FIRST_YEAR) return false;
  const parsed = utc(value);
  return !Number.isNaN(parsed.getTime()) && ymd(parsed) === value;
}

const addDays = (day: string, days: number) => ymd(new Date(utc(day).getTime() + days * 86_400_000));
const addMonths = (day: string, months: number) => {
  const d = utc(day);
  return ymd(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1)));
};
const daysFrom = (start: string, end: string) => {
  const labels: string[] = [];
  for (let day = start; day < end; day = addDays(day, 1)) labels.push(day);
  return labels;
};

export function reportPeriod(reportType: ReportType, period: string, endDate?: string): ReportPeriod {
  const base = { reportType, period, endDate: null };
  if (reportType === 'day') {
    if (!isDay(period)) throw fieldError('period', 'invalid');
    return { ...base, itemGrain: Grain.hour, start: period, end: addDays(period, 1), labels: Array.from({ length: 24 }, (_, h) => `${pad(h)}:00`) };
  }
  if (reportType === 'month') {
    if (!/^\d{4}-\d{2}$/.test(period) || !isDay(`${period}-01`)) throw fieldError('period', 'invalid');
    const start = `${period}-01`;
    const end = addMonths(start, 1);
    return { ...base, itemGrain: Grain.day, start, end, labels: daysFrom(start, end) };
  }
  if (reportType === 'year') {
    if (!/^\d{4}$/.test(period) || !isDay(`${period}-01-01`)) throw fieldError('period', 'invalid');
    return { ...base, itemGrain: Grain.month, start: `${period}-01-01`, end: `${pad(Number(period) + 1, 4)}-01-01`, labels: Array.from({ length: 12 }, (_, m) => `${period}-${pad(m + 1)}`) };
  }
  if (!isDay(period)) throw fieldError('period', 'invalid');
  if (!endDate) throw fieldError('endDate', 'required');
  if (!isDay(endDate) || endDate < period || endDate > addDays(period, MAX_CUSTOM_DAYS - 1)) throw fieldError('endDate', 'invalid');
  const end = addDays(endDate, 1);
  return { ...base, endDate, itemGrain: Grain.day, start: period, end, labels: daysFrom(period, end) };
}

/** The item label of a rollup bucket (`YYYY-MM-DDTHH:MI`, local) at the period's breakdown grain. */
export function itemLabel(period: ReportPeriod, bucket: string): string {
  if (period.itemGrain === Grain.hour) return bucket.slice(11, 16);
  return bucket.slice(0, period.itemGrain === Grain.day ? 10 : 7);
}
