// The report view's period handling: what is asked for each type, switching types, moving by whole
// periods (a custom range by its length), the custom range's limits, and the labels of the items.
import { describe, expect, it } from 'vitest';
import { canShiftForward, customRangeError, itemLabel, periodText, reportQuery, shiftPeriod, withType, type ReportPeriod } from './report-period';

const at = (type: ReportPeriod['type'], date: string, endDate = date): ReportPeriod => ({ type, date, endDate });

describe('report periods', () => {
  it('ask for the period in the form of its type, and for the end of a custom range only', () => {
    expect(reportQuery(at('day', '2026-05-07'))).toEqual({ reportType: 'day', period: '2026-05-07' });
    expect(reportQuery(at('month', '2026-05-07'))).toEqual({ reportType: 'month', period: '2026-05' });
    expect(reportQuery(at('year', '2026-05-07'))).toEqual({ reportType: 'year', period: '2026' });
    expect(reportQuery(at('custom', '2026-04-20', '2026-05-07'))).toEqual({ reportType: 'custom', period: '2026-04-20', endDate: '2026-05-07' });
  });

  it('turn into a custom range of the month holding the day, never past today', () => {
    expect(withType(at('day', '2026-04-10'), 'custom', '2026-05-07')).toEqual(at('custom', '2026-04-01', '2026-04-30'));
    expect(withType(at('month', '2026-05-03'), 'custom', '2026-05-07')).toEqual(at('custom', '2026-05-01', '2026-05-07'));
    // Back from a range: its first day names the period.
    expect(withType(at('custom', '2026-04-20', '2026-05-07'), 'year', '2026-05-07')).toEqual(at('year', '2026-04-20'));
  });

  it('move by whole periods, month ends clamped, a custom range by its own length', () => {
    expect(shiftPeriod(at('day', '2026-03-01'), -1)).toEqual(at('day', '2026-02-28'));
    expect(shiftPeriod(at('month', '2024-03-31'), -1)).toEqual(at('month', '2024-02-29'));
    expect(shiftPeriod(at('year', '2024-02-29'), 1)).toEqual(at('year', '2025-02-28'));
    expect(shiftPeriod(at('custom', '2026-05-01', '2026-05-07'), -1)).toEqual(at('custom', '2026-04-24', '2026-04-30'));
    expect(shiftPeriod(at('custom', '2026-05-01', '2026-05-07'), 1)).toEqual(at('custom', '2026-05-08', '2026-05-14'));
  });

  it('move forward only while the next period starts by today', () => {
    expect(canShiftForward(at('month', '2026-04-30'), '2026-05-01')).toBe(true);
    expect(canShiftForward(at('month', '2026-05-01'), '2026-05-31')).toBe(false);
    expect(canShiftForward(at('day', '2026-05-06'), '2026-05-07')).toBe(true);
    expect(canShiftForward(at('day', '2026-05-07'), '2026-05-07')).toBe(false);
    expect(canShiftForward(at('custom', '2026-04-01', '2026-04-30'), '2026-05-01')).toBe(true);
    expect(canShiftForward(at('custom', '2026-04-02', '2026-05-01'), '2026-05-01')).toBe(false);
  });

  it('accept custom ranges of 1 to 366 days in order', () => {
    expect(customRangeError('2026-05-07', '2026-05-07')).toBeUndefined();
    expect(customRangeError('2024-01-01', '2024-12-31')).toBeUndefined(); // 366 days of a leap year
    expect(customRangeError('2025-01-01', '2026-01-02')).toBe('tooLong');
    expect(customRangeError('2026-05-07', '2026-05-06')).toBe('order');
  });

  it('label items by hour, day, month-day or month, and name a range by both ends', () => {
    expect(itemLabel('13:00', 'day')).toBe('13:00');
    expect(itemLabel('2026-05-07', 'month')).toBe('07');
    expect(itemLabel('2026-05-07', 'custom')).toBe('05-07');
    expect(itemLabel('2026-05', 'year')).toBe('05');
    expect(periodText({ reportType: 'custom', period: '2026-05-01', endDate: '2026-05-07' })).toBe('2026-05-01 – 2026-05-07');
    expect(periodText({ reportType: 'month', period: '2026-05', endDate: null })).toBe('2026-05');
  });
});
