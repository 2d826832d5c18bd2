import { describe, expect, it } from 'vitest';
import { bucketLabel, isAfterToday, shiftDate, todayIn } from './period';
import { change, formatChange, formatRate, formatSavings, isEmptyPeriod, type EnergyStatistics } from './energy-figures';

describe('periods', () => {
  it('name today in the plant\'s time zone', () => {
    const now = new Date('2026-05-01T23:30:00Z');
    expect(todayIn('Asia/Shanghai', now)).toBe('2026-05-02');
    expect(todayIn('America/New_York', now)).toBe('2026-05-01');
  });

  it('move by whole periods, the lifetime not at all', () => {
    expect(shiftDate('2024-03-31', 'month', -1)).toBe('2024-02-29');
    expect(shiftDate('2024-02-29', 'year', 1)).toBe('2025-02-28');
    expect(shiftDate('2024-02-29', 'total', 1)).toBe('2024-02-29');
  });

  it('end at the period holding today', () => {
    expect(isAfterToday('2026-05-31', 'month', '2026-05-01')).toBe(false);
    expect(isAfterToday('2026-06-01', 'month', '2026-05-31')).toBe(true);
    expect(isAfterToday('2030-01-01', 'total', '2026-05-01')).toBe(false);
  });

  it('label buckets by the hour, day, month or year they name', () => {
    expect(bucketLabel('2026-05-10T13:00', 'day')).toBe('13:00');
    expect(bucketLabel('2026-05-10', 'month')).toBe('10');
    expect(bucketLabel('2026-05', 'year')).toBe('05');
    expect(bucketLabel('2026', 'total')).toBe('2026');
  });
});

describe('energy figures', () => {
  const e = { pvEnergy: 10, loadEnergy: 8, gridImportEnergy: 2, gridExportEnergy: 4, batteryChargeEnergy: 0, batteryDischargeEnergy: 0, selfConsumptionRate: 60, selfSufficiencyRate: 75 } as EnergyStatistics;

  it('compare with an earlier figure only when it was not 0', () => {
    expect(change(12, 10)).toBeCloseTo(20);
    expect(change(12, 0)).toBeUndefined();
    expect(formatChange(20)).toBe('+20 %');
    expect(formatChange(-3.04)).toBe('-3 %');
  });

  it('show savings per currency, never added across currencies', () => {
    expect(formatSavings([{ currencyName: 'EUR', amount: 3.704 }, { currencyName: 'CNY', amount: 120.5 }])).toBe('3.7 EUR · 120.5 CNY');
    expect(formatSavings([{ currencyName: 'BRL', amount: 0 }, { currencyName: 'EUR', amount: 2 }])).toBe('2 EUR');
    expect(formatSavings([{ currencyName: 'EUR', amount: 0 }])).toBe('0 EUR');
    expect(formatSavings([])).toBe('–');
  });

  it('keep rates within 0..100 and call a period without energy empty', () => {
    expect(formatRate(100.4)).toBe('100 %');
    expect(formatRate(47.37)).toBe('47.4 %');
    expect(isEmptyPeriod({ total: e })).toBe(false);
    expect(isEmptyPeriod({ total: { ...e, pvEnergy: 0, loadEnergy: 0, gridImportEnergy: 0, gridExportEnergy: 0 } })).toBe(true);
  });
});
