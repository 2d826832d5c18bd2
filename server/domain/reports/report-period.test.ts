import { describe, expect, it } from 'vitest';
import { Grain } from '../../db/schema/telemetry.ts';
import { AppError } from '../../errors.ts';
import { itemLabel, reportPeriod } from './report-period.ts';

const fieldOf = (f: () => unknown) => {
  try {
    f();
  } catch (error) {
    return (error as AppError).fields[0]?.field;
  }
  return undefined;
};

describe('report periods', () => {
  it('reads each report type with its breakdown', () => {
    expect(reportPeriod('day', '2026-03-15')).toMatchObject({ itemGrain: Grain.hour, start: '2026-03-15', end: '2026-03-16', endDate: null });
    expect(reportPeriod('day', '2026-03-15').labels.slice(0, 2)).toEqual(['00:00', '01:00']);
    const february = reportPeriod('month', '2024-02');
    expect(february).toMatchObject({ itemGrain: Grain.day, start: '2024-02-01', end: '2024-03-01' });
    expect(february.labels).toHaveLength(29);
    expect(reportPeriod('month', '2025-12').end).toBe('2026-01-01');
    const year = reportPeriod('year', '2026');
    expect(year).toMatchObject({ itemGrain: Grain.month, start: '2026-01-01', end: '2027-01-01' });
    expect(year.labels.at(-1)).toBe('2026-12');
    const custom = reportPeriod('custom', '2026-02-27', '2026-03-02');
    expect(custom).toMatchObject({ itemGrain: Grain.day, start: '2026-02-27', end: '2026-03-03', endDate: '2026-03-02' });
    expect(custom.labels).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(reportPeriod('custom', '2024-01-01', '2024-12-31').labels).toHaveLength(366);
  });

  it('names the field a period does not fit', () => {
    expect(fieldOf(() => reportPeriod('day', '2026-03'))).toBe('period');
    expect(fieldOf(() => reportPeriod('day', '2026-02-30'))).toBe('period');
    expect(fieldOf(() => reportPeriod('month', '2026-13'))).toBe('period');
    expect(fieldOf(() => reportPeriod('month', '2026-03-01'))).toBe('period');
    expect(fieldOf(() => reportPeriod('year', '0000'))).toBe('period');
    expect(fieldOf(() => reportPeriod('year', '2026-01'))).toBe('period');
    expect(fieldOf(() => reportPeriod('custom', '2026-03'))).toBe('period');
    expect(fieldOf(() => reportPeriod('custom', '2026-03-01'))).toBe('endDate');
    expect(fieldOf(() => reportPeriod('custom', '2026-03-01', '2026-02-28'))).toBe('endDate');
    expect(fieldOf(() => reportPeriod('custom', '2024-01-01', '2025-01-01'))).toBe('endDate');
  });

  it('labels buckets as the contract writes items', () => {
    expect(itemLabel(reportPeriod('day', '2026-03-15'), '2026-03-15T07:00')).toBe('07:00');
    expect(itemLabel(reportPeriod('month', '2026-03'), '2026-03-15T00:00')).toBe('2026-03-15');
    expect(itemLabel(reportPeriod('year', '2026'), '2026-03-01T00:00')).toBe('2026-03');
  });
});
