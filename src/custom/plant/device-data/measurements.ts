// The measurements of a device record (monitoring.yaml `deviceDataRecord`) and how the table
// shows each one: powers and energies on the units.ts ladders, times in the plant's time zone.
import type { DataOf } from '@/api/contract-types';
import { formatEnergy, formatPower } from '@/lib/units';

export type Measurement = DataOf<'pagePvMeterData'>['list'][number];

type Kind = 'power' | 'energy' | 'percent' | 'celsius' | 'code';
export const FIELDS = [
  ['pvPower', 'power'], ['acPower', 'power'], ['gridPower', 'power'], ['loadPower', 'power'], ['batteryPower', 'power'],
  ['batterySoc', 'percent'],
  ['pvEnergyTotal', 'energy'], ['gridImportTotal', 'energy'], ['gridExportTotal', 'energy'], ['loadEnergyTotal', 'energy'],
  ['batteryChargeTotal', 'energy'], ['batteryDischargeTotal', 'energy'],
  ['temperature', 'celsius'], ['faultCode', 'code'],
] as const satisfies readonly (readonly [keyof Measurement, Kind])[];

export type Field = (typeof FIELDS)[number][0];

/** A value as the table shows it; a dash where the device did not report it. */
export function formatMeasurement(kind: Kind, value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  if (kind === 'power') return formatPower(value);
  if (kind === 'energy') return formatEnergy(value);
  if (kind === 'percent') return `${Number(value.toFixed(1))} %`;
  if (kind === 'celsius') return `${Number(value.toFixed(1))} °C`;
  return String(value);
}

/** The fields at least one row reports: a meter's page shows no battery columns. */
export const reportedFields = (rows: readonly Measurement[]) => FIELDS.filter(([f]) => rows.some((r) => r[f] !== null && r[f] !== undefined));
