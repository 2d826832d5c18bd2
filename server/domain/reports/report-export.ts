// A report as export sheets, headed in the request's language: the statistics by plant as one
// sheet, or one plant's breakdown with a total row and, beside it, its devices.
import { translate } from '../../i18n/messages.ts';
import type { Cell, Sheet } from '../exports/table-file.ts';

const ENERGIES = ['pvEnergy', 'loadEnergy', 'gridImportEnergy', 'gridExportEnergy', 'batteryChargeEnergy', 'batteryDischargeEnergy'] as const;
type Energies = Record<(typeof ENERGIES)[number], number>;

export interface ListRow extends Energies {
  plantUid: string; plantName: string; systemPower?: number; selfConsumptionRate: number; selfSufficiencyRate: number;
  equivalentHours?: number; peakPower?: number; income?: number; currencyName?: string; co2Reduction?: number;
}

export interface OneReport extends ListRow {
  items?: (Energies & { time: string; income?: number })[];
  devices?: (Energies & { deviceSn: string; alias?: string | null })[];
}

const heading = (lang: string, keys: readonly string[]) => keys.map((key) => ({ header: translate(lang, `reports.export.${key}`), width: key === 'plantName' ? 28 : 18 }));
const LIST_KEYS = ['plantName', 'plantUid', 'systemPower', ...ENERGIES, 'selfConsumptionRate', 'selfSufficiencyRate', 'equivalentHours', 'peakPower', 'income', 'currencyName', 'co2Reduction'] as const;

export function listSheet(lang: string, rows: ListRow[]): Sheet {
  return {
    name: translate(lang, 'reports.export.listFileName'),
    columns: heading(lang, LIST_KEYS),
    rows: rows.map((r) => LIST_KEYS.map((k) => (r[k] ?? null) as Cell)),
  };
}

/** The breakdown with a total row (the report's totals, which its items add up to), then the devices. */
export function plantSheets(lang: string, report: OneReport): Sheet[] {
  const itemKeys = ['time', ...ENERGIES, 'income'] as const;
  const items = (report.items ?? []).map((i) => itemKeys.map((k) => (i[k] ?? null) as Cell));
  const total = [translate(lang, 'reports.export.total'), ...ENERGIES.map((k) => report[k]), report.income ?? null];
  const deviceKeys = ['deviceSn', 'alias', ...ENERGIES] as const;
  return [
    { name: translate(lang, 'reports.export.itemsSheet'), columns: heading(lang, itemKeys), rows: [...items, total] },
    { name: translate(lang, 'reports.export.devicesSheet'), columns: heading(lang, deviceKeys), rows: (report.devices ?? []).map((d) => deviceKeys.map((k) => (d[k] ?? null) as Cell)) },
  ];
}

/** `Plant reports_2026-03.xlsx`, `NY roof_Report_2026-03-01_2026-03-31.csv`: characters no file system takes become `_`. */
export function reportFileName(lang: string, format: string, period: string, endDate: string | null, plantName?: string): string {
  const range = endDate ? `${period}_${endDate}` : period;
  const title = plantName === undefined ? translate(lang, 'reports.export.listFileName') : `${plantName}_${translate(lang, 'reports.export.plantFileName')}`;
  return `${title.replace(/[\\/:*?"<>|\p{Cc}]/gu, '_')}_${range}.${format}`;
}
