// Consumption profiles in W. A household has a base load (fridge, standby), a morning and an
// evening peak that move later at weekends, heating in the cold and cooling in the heat; a small
// commercial site runs a working-hours plateau on weekdays. A slow, smooth wobble keeps the curve
// from looking synthetic without breaking determinism.
import { smoothNoise } from './hash.ts';
import type { LocalClock } from './local-time.ts';

export type LoadKind = 'household' | 'commercial';

export interface LoadProfile {
  kind: LoadKind;
  /** Multiplies the whole profile: 1 is a typical family home (about 4,000 kWh a year). */
  scale: number;
}

const HOUSEHOLD_BASE_W = 220;
const HOUSEHOLD_MORNING_PEAK_W = 900;
const HOUSEHOLD_EVENING_PEAK_W = 1500;
/** Daytime use when someone is at home (weekends mostly). */
const HOUSEHOLD_DAYTIME_W = 350;
const WEEKDAY_MORNING_HOUR = 7;
const WEEKEND_MORNING_HOUR = 9;
const EVENING_HOUR = 19;
const MORNING_WIDTH_H = 1;
const EVENING_WIDTH_H = 1.8;
/** The commercial site: night base, and a plateau from opening to closing on weekdays. */
const COMMERCIAL_BASE_W = 900;
const COMMERCIAL_WORKING_W = 4200;
const OPENING_HOUR = 8;
const CLOSING_HOUR = 18;
/** Opening and closing ramp over about half an hour (a logistic edge of this width). */
const RAMP_H = 0.25;
/** Heating below and cooling above these air temperatures, per °C of difference. */
const HEATING_BELOW_C = 12;
const COOLING_ABOVE_C = 24;
const HEATING_W_PER_C = 30;
const COOLING_W_PER_C = 40;
/** ±12 % wobble with a 20-minute grain: appliances switching, not white noise. */
const WOBBLE = 0.12;
const WOBBLE_PERIOD_MS = 20 * 60_000;

function bump(hour: number, centre: number, width: number): number {
  return Math.exp(-0.5 * ((hour - centre) / width) ** 2);
}

function logistic(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

function isWeekend(weekday: number): boolean {
  return weekday === 0 || weekday === 6;
}

function householdW(clock: LocalClock): number {
  const weekend = isWeekend(clock.weekday);
  const morning = HOUSEHOLD_MORNING_PEAK_W * bump(clock.hour, weekend ? WEEKEND_MORNING_HOUR : WEEKDAY_MORNING_HOUR, MORNING_WIDTH_H);
  const evening = HOUSEHOLD_EVENING_PEAK_W * bump(clock.hour, EVENING_HOUR, EVENING_WIDTH_H);
  const daytime = (weekend ? 1 : 0.3) * HOUSEHOLD_DAYTIME_W * bump(clock.hour, 13, 3);
  return HOUSEHOLD_BASE_W + morning + evening + daytime;
}

function commercialW(clock: LocalClock): number {
  if (isWeekend(clock.weekday)) return COMMERCIAL_BASE_W;
  const open = logistic((clock.hour - OPENING_HOUR) / RAMP_H) * logistic((CLOSING_HOUR - clock.hour) / RAMP_H);
  return COMMERCIAL_BASE_W + COMMERCIAL_WORKING_W * open;
}

/** Heating or cooling in W for an air temperature: zero in the comfortable band. */
export function climateW(ambientC: number): number {
  if (ambientC < HEATING_BELOW_C) return HEATING_W_PER_C * (HEATING_BELOW_C - ambientC);
  if (ambientC > COOLING_ABOVE_C) return COOLING_W_PER_C * (ambientC - COOLING_ABOVE_C);
  return 0;
}

/**
 * Site consumption in W at a local clock and air temperature; `key` (the plant id) gives each
 * plant its own wobble. A pure function of its arguments.
 */
export function loadPowerW(profile: LoadProfile, clock: LocalClock, time: Date, ambientC: number, key: string): number {
  const shape = profile.kind === 'commercial' ? commercialW(clock) : householdW(clock);
  const wobble = 1 + WOBBLE * (2 * smoothNoise(`${key}|load`, time.getTime(), WOBBLE_PERIOD_MS) - 1);
  const climate = profile.kind === 'commercial' ? 3 * climateW(ambientC) : climateW(ambientC);
  return Math.max(0, profile.scale * (shape * wobble + climate));
}
