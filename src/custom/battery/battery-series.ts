// The series of the battery detail, independent of React. Signs are the telemetry record's
// (PROTOCOL.md): battery power positive discharging, negative charging. Energies in kWh.
import type { DataOf } from '@/api/contract-types';
import { clockIn } from '@/custom/monitoring/period';

type PowerPoint = DataOf<'getHomePowerStatisticsData'>['points'][number];
type BatteryItem = DataOf<'getHomeBatteryStatisticsData'>['items'][number];
export type DevicePoint = DataOf<'getPvMeterData'>['points'][number];

/** One x position of the state-of-charge and power chart. */
export interface CurveRow {
  time: string;
  /** W; null where nothing was reported. */
  power: number | null;
  /** %; null where nothing was reported. */
  soc: number | null;
}

export interface EnergyBucket {
  time: string;
  batteryChargeEnergy: number;
  batteryDischargeEnergy: number;
}

const num = (v: number | null | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * A plant's day: the 5-minute battery power of getHomePowerStatisticsData beside the hourly mean
 * state of charge of getHomeBatteryStatisticsData (the finest the contract gives for a plant), so
 * each 5-minute slot carries its hour's charge and the charge reads as steps. Times are local
 * YYYY-MM-DDTHH:mm in both answers; the hour is their first 13 characters.
 */
export function plantCurveRows(points: readonly PowerPoint[], items: readonly BatteryItem[]): CurveRow[] {
  const socByHour = new Map(items.map((i) => [i.time?.slice(0, 13), num(i.averageSoc)]));
  return points.map((p) => ({ time: p.time?.slice(11, 16) || (p.time ?? ''), power: num(p.batteryPower), soc: socByHour.get(p.time?.slice(0, 13)) ?? null }));
}

/** One device's day from getPvMeterData, each record at its own time in the plant's time zone. */
export function deviceCurveRows(points: readonly DevicePoint[], timeZone?: string): CurveRow[] {
  return points.map((p) => ({ time: clockIn(p.time, timeZone), power: num(p.batteryPower), soc: num(p.batterySoc) }));
}

/** The newest record that reports the battery, for the device's "now". */
export function latestReading(points: readonly DevicePoint[]): { soc: number | null; power: number | null; time: string } | undefined {
  for (let i = points.length - 1; i >= 0; i--) {
    const p = points[i]!;
    if (num(p.batterySoc) !== null || num(p.batteryPower) !== null) return { soc: num(p.batterySoc), power: num(p.batteryPower), time: p.time };
  }
  return undefined;
}

const round = (kwh: number) => Math.round(kwh * 1000) / 1000;

/**
 * A device's charge and discharge per hour of the day, from its lifetime counters (the contract
 * has no per-device energy call): each step between two records adds its counter difference to
 * the later record's hour. A counter that went down was reset: that step counts nothing and the
 * new value is the next baseline. A missing value skips the step rather than guessing it.
 */
export function hourlyEnergy(points: readonly DevicePoint[], timeZone?: string): EnergyBucket[] {
  const sorted = [...points].sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
  const buckets = new Map<string, EnergyBucket>();
  const step = (field: 'batteryChargeEnergy' | 'batteryDischargeEnergy', counter: 'batteryChargeTotal' | 'batteryDischargeTotal') => {
    let last: number | null = null;
    for (const p of sorted) {
      const value = num(p[counter]);
      if (value === null) continue;
      if (last !== null && value > last) {
        const hour = `${clockIn(p.time, timeZone).slice(0, 2)}:00`;
        const bucket = buckets.get(hour) ?? { time: hour, batteryChargeEnergy: 0, batteryDischargeEnergy: 0 };
        bucket[field] = round(bucket[field] + value - last);
        buckets.set(hour, bucket);
      }
      last = value;
    }
  };
  step('batteryChargeEnergy', 'batteryChargeTotal');
  step('batteryDischargeEnergy', 'batteryDischargeTotal');
  return [...buckets.values()].sort((a, b) => a.time.localeCompare(b.time));
}
