// The grid at a plant's connection, and the alarm episodes of the demo that come from it and from
// the battery, fixed by hashes of the plant and its local day so that a backfill and a live run
// agree. A few plants sit on a weak feeder: most afternoons, while the neighbourhood's PV exports,
// the voltage rises past the inverter's limit and it trips for a while (fault 1001, grid
// over-voltage). A few batteries are small for their house: on winter evenings they run below the
// alarm threshold before the night's floor (the battery model's reserve is lowered for them).
import { unitHash } from './hash.ts';
import type { LocalClock } from './local-time.ts';

/** Share of plants on a weak feeder, and the chance of a trip on one of their afternoons. */
const WEAK_FEEDER_SHARE = 0.3;
const TRIP_DAY_CHANCE = 0.7;
/** Trips start between 12:30 and 15:00 local time and last 15 to 45 minutes. */
const TRIP_FROM_HOUR = 12.5;
const TRIP_SPREAD_H = 2.5;
const TRIP_MIN_H = 0.25;
const TRIP_SPREAD_LENGTH_H = 0.5;

/** The grid fault the inverter reports while the voltage is over its limit (server/alarms catalogue). */
export const GRID_OVER_VOLTAGE_FAULT = 1001;

export interface GridReading {
  voltage: number;
  frequency: number;
  /** The voltage is over the inverter's limit: it disconnects. */
  overVoltage: boolean;
}

/** The nominal grid of a plant: 100 V in Japan, 120 V/60 Hz in the Americas, else 230 V/50 Hz (by longitude and latitude). */
function nominal(latitude: number, longitude: number): { volts: number; hertz: number } {
  if (longitude > 129 && longitude < 146 && latitude > 30 && latitude < 46) return { volts: 100, hertz: 60 };
  if (longitude < -30) return { volts: 120, hertz: 60 };
  return { volts: 230, hertz: 50 };
}

export function gridAt(id: string, latitude: number, longitude: number, clock: LocalClock, time: Date): GridReading {
  const { volts, hertz } = nominal(latitude, longitude);
  // A slow wander over the day: higher at midday when PV exports, a little noise per 5 minutes.
  const midday = Math.max(0, Math.cos(((clock.hour - 13) / 12) * Math.PI));
  const noise = unitHash(id, 'grid-v', Math.floor(time.getTime() / 300_000)) - 0.5;
  let voltage = volts * (1 + 0.025 * midday + 0.01 * noise);
  let overVoltage = false;
  if (unitHash(id, 'weak-feeder') < WEAK_FEEDER_SHARE && unitHash(id, 'trip-day', clock.date) < TRIP_DAY_CHANCE) {
    const from = TRIP_FROM_HOUR + TRIP_SPREAD_H * unitHash(id, 'trip-start', clock.date);
    const to = from + TRIP_MIN_H + TRIP_SPREAD_LENGTH_H * unitHash(id, 'trip-length', clock.date);
    if (clock.hour >= from && clock.hour < to) {
      overVoltage = true;
      voltage = volts * (1.115 + 0.02 * unitHash(id, 'trip-volts', clock.date));
    }
  }
  const frequency = hertz + 0.04 * (unitHash(id, 'grid-f', Math.floor(time.getTime() / 300_000)) - 0.5);
  return { voltage: Math.round(voltage * 10) / 10, frequency: Math.round(frequency * 100) / 100, overVoltage };
}

/** Share of battery plants whose battery runs low on winter evenings. */
const SMALL_BATTERY_SHARE = 0.4;
/** The reserve such a battery is drained to on winter evenings (the alarm threshold is 10 %). */
export const WINTER_EVENING_RESERVE_PCT = 6;

/** Whether the plant's battery may run below its usual reserve now: a small one, on a winter evening. */
export function drainsLow(id: string, latitude: number, clock: LocalClock): boolean {
  if (unitHash(id, 'small-battery') >= SMALL_BATTERY_SHARE) return false;
  const month = Number(clock.date.slice(5, 7));
  const winter = latitude < 0 ? month >= 6 && month <= 8 : month === 12 || month <= 2;
  return winter && clock.hour >= 17 && clock.hour < 23;
}
