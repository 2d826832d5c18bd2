// Now and then a device fault, fixed per plant and local day by a hash, so that alarms (raised
// downstream from faultCode) appear in the demo at the same moments in a backfill and live.
import { unitHash } from './hash.ts';
import { localClock, localToUtc } from './local-time.ts';

export interface FaultKind {
  code: number;
  /** The inverter disconnects: no PV output while it lasts. */
  tripsInverter: boolean;
  /** The battery management system stops charging and discharging. */
  idlesBattery: boolean;
  /** Only plants with a battery can have it. */
  needsBattery: boolean;
}

export const FAULT_KINDS: readonly FaultKind[] = [
  { code: 1001, tripsInverter: true, idlesBattery: false, needsBattery: false }, // grid over-voltage
  { code: 1002, tripsInverter: true, idlesBattery: false, needsBattery: false }, // insulation resistance low
  { code: 2001, tripsInverter: false, idlesBattery: true, needsBattery: true }, // battery over-temperature
  { code: 3001, tripsInverter: false, idlesBattery: false, needsBattery: false }, // meter communication lost
];

/** About one fault a month per plant: visible in the demo, rare enough to stay an exception. */
export const FAULT_DAILY_CHANCE = 0.035;
/** Faults happen in working hours, when equipment is loaded, and last 10 to 90 minutes. */
const FAULT_FROM_HOUR = 8;
const FAULT_SPREAD_H = 9;
const FAULT_MIN_MINUTES = 10;
const FAULT_SPREAD_MINUTES = 80;

/** A day's fault is asked for at every step; it is drawn once (bounded memo). */
const FAULT_CACHE_LIMIT = 50_000;
const faultCache = new Map<string, FaultWindow | null>();

export interface FaultWindow {
  kind: FaultKind;
  start: Date;
  end: Date;
}

/** The fault of a plant on a local date, if it has one. */
export function faultOfDay(key: string, date: string, hasBattery: boolean, longitude: number, timeZone?: string): FaultWindow | undefined {
  const cacheKey = `${key}|${date}|${hasBattery}|${longitude}|${timeZone ?? ''}`;
  const cached = faultCache.get(cacheKey);
  if (cached !== undefined) return cached ?? undefined;
  const fault = drawFault(key, date, hasBattery, longitude, timeZone);
  if (faultCache.size >= FAULT_CACHE_LIMIT) faultCache.clear();
  faultCache.set(cacheKey, fault ?? null);
  return fault;
}

function drawFault(key: string, date: string, hasBattery: boolean, longitude: number, timeZone?: string): FaultWindow | undefined {
  if (unitHash(key, 'fault', date) >= FAULT_DAILY_CHANCE) return undefined;
  const kinds = FAULT_KINDS.filter((k) => hasBattery || !k.needsBattery);
  const kind = kinds[Math.floor(unitHash(key, 'fault-kind', date) * kinds.length)];
  if (!kind) return undefined;
  const start = localToUtc(date, FAULT_FROM_HOUR + FAULT_SPREAD_H * unitHash(key, 'fault-start', date), longitude, timeZone);
  const minutes = FAULT_MIN_MINUTES + FAULT_SPREAD_MINUTES * unitHash(key, 'fault-length', date);
  return { kind, start, end: new Date(start.getTime() + minutes * 60_000) };
}

export function activeFault(key: string, time: Date, hasBattery: boolean, longitude: number, timeZone?: string): FaultKind | undefined {
  const w = faultOfDay(key, localClock(time, longitude, timeZone).date, hasBattery, longitude, timeZone);
  return w && w.start.getTime() <= time.getTime() && time.getTime() < w.end.getTime() ? w.kind : undefined;
}
