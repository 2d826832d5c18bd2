// Helpers for a period's energy (energy-statistics.schema.json and getHomeEneryStatisticsData).
// Savings, CO2 avoided and the earlier periods come computed from the server (monitoring.yaml
// states their rules), so the home and plant pages and the API reference cannot disagree.
import type { DataOf } from '@/api/contract-types';

export type EnergyData = DataOf<'getHomeEneryStatisticsData'>;
export type EnergyStatistics = EnergyData['total'];

/** The six energies of a period, in the order the cards show them. */
export const ENERGY_FIELDS = ['pvEnergy', 'loadEnergy', 'gridImportEnergy', 'gridExportEnergy', 'batteryChargeEnergy', 'batteryDischargeEnergy'] as const;
export type EnergyField = (typeof ENERGY_FIELDS)[number];

/** Change against an earlier figure in %, or undefined when that was 0 (no meaningful ratio). */
export function change(current: number, earlier: number | undefined): number | undefined {
  if (earlier === undefined || earlier === 0) return undefined;
  return ((current - earlier) / earlier) * 100;
}

/** A rate or share in % with at most one decimal, kept within 0..100 as the contract promises. */
export const formatRate = (rate: number) => `${Number(Math.min(100, Math.max(0, rate)).toFixed(1))} %`;

/** A signed change in %, e.g. +12.5 % or -3 %. */
export const formatChange = (pct: number) => `${pct > 0 ? '+' : ''}${Number(pct.toFixed(1))} %`;

/**
 * The savings, one amount per currency (plants of several currencies cannot be added), e.g.
 * "3.7 EUR · 120.5 CNY"; currencies that saved nothing are left out, and a dash stands for none.
 */
export function formatSavings(savings: EnergyData['savings']): string {
  const amount = (s: EnergyData['savings'][number]) => `${Number(s.amount.toFixed(2))} ${s.currencyName}`;
  const saved = savings.filter((s) => s.amount > 0);
  if (saved.length > 0) return saved.map(amount).join(' · ');
  return savings.length > 0 ? amount(savings[0]!) : '–';
}

/** No energy at all in the period: the card shows its empty state instead of a wall of zeros. */
export const isEmptyPeriod = (data: { total: EnergyStatistics }) => ENERGY_FIELDS.every((f) => data.total[f] === 0);
