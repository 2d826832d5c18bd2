// EV charger sessions, fixed per plant and local day by a hash: whether a car comes, when it
// arrives, how much energy it wants and when it leaves. The charger delivers its full power from
// arrival until the energy is in or the car leaves, so its power is a pure function of time.
import { unitHash } from './hash.ts';
import { localClock, localToUtc } from './local-time.ts';

export type ChargerPattern = 'home' | 'workplace';

export interface ChargerSpec {
  /** Rated power, kW: 7.4 (single phase), 11 or 22 (three phase). */
  maxKw: number;
  /** Home: cars plug in in the evening and leave next morning; workplace: 9-to-5 visits. */
  pattern: ChargerPattern;
}

export interface ChargerSession {
  arrival: Date;
  departure: Date;
  energyKwh: number;
  /** When the energy is in (at maxKw), capped at departure. */
  end: Date;
}

interface PatternRule {
  /** Chance of a session on a weekday and at the weekend. */
  weekdayChance: number;
  weekendChance: number;
  /** Cars per day at most (each further car has the same chance again). */
  maxCars: number;
  arrivalFromHour: number;
  arrivalSpreadH: number;
  /** Departure, hours after the arrival day's midnight (above 24: the next morning). */
  departureFromHour: number;
  departureSpreadH: number;
  energyMinKwh: number;
  energySpreadKwh: number;
}

const RULES: Record<ChargerPattern, PatternRule> = {
  home: { weekdayChance: 0.7, weekendChance: 0.4, maxCars: 1, arrivalFromHour: 17, arrivalSpreadH: 3.5,
    departureFromHour: 24 + 6.5, departureSpreadH: 2, energyMinKwh: 5, energySpreadKwh: 25 },
  workplace: { weekdayChance: 0.85, weekendChance: 0.1, maxCars: 3, arrivalFromHour: 7.5, arrivalSpreadH: 2.5,
    departureFromHour: 15.5, departureSpreadH: 3, energyMinKwh: 6, energySpreadKwh: 30 },
};

const HOUR_MS = 3_600_000;
/** Sessions are asked for at every step; a day's are drawn once (bounded memo). */
const SESSION_CACHE_LIMIT = 50_000;
const sessionCache = new Map<string, ChargerSession[]>();

/** The sessions that start on a local date (YYYY-MM-DD) at a plant. */
export function chargerSessions(spec: ChargerSpec, key: string, date: string, longitude: number, timeZone?: string): ChargerSession[] {
  const cacheKey = `${key}|${spec.pattern}|${spec.maxKw}|${date}|${longitude}|${timeZone ?? ''}`;
  const cached = sessionCache.get(cacheKey);
  if (cached) return cached;
  const sessions = drawSessions(spec, key, date, longitude, timeZone);
  if (sessionCache.size >= SESSION_CACHE_LIMIT) sessionCache.clear();
  sessionCache.set(cacheKey, sessions);
  return sessions;
}

function drawSessions(spec: ChargerSpec, key: string, date: string, longitude: number, timeZone?: string): ChargerSession[] {
  const rule = RULES[spec.pattern];
  const noon = localToUtc(date, 12, longitude, timeZone);
  const weekday = localClock(noon, longitude, timeZone).weekday;
  const chance = weekday === 0 || weekday === 6 ? rule.weekendChance : rule.weekdayChance;
  const sessions: ChargerSession[] = [];
  for (let car = 0; car < rule.maxCars; car++) {
    const h = (what: string) => unitHash(key, 'charger', date, car, what);
    if (h('comes') >= chance) break;
    const arrivalH = rule.arrivalFromHour + rule.arrivalSpreadH * h('arrival');
    const departureH = rule.departureFromHour + rule.departureSpreadH * h('departure');
    const arrival = localToUtc(date, arrivalH, longitude, timeZone);
    const departure = new Date(arrival.getTime() + (departureH - arrivalH) * HOUR_MS);
    const energyKwh = rule.energyMinKwh + rule.energySpreadKwh * h('energy');
    const fullMs = (energyKwh / spec.maxKw) * HOUR_MS;
    const end = new Date(Math.min(departure.getTime(), arrival.getTime() + fullMs));
    sessions.push({ arrival, departure, energyKwh, end });
  }
  return sessions;
}

/** Charger power in W at an instant (sessions of the day before may still run past midnight). */
export function chargerPowerW(spec: ChargerSpec, key: string, time: Date, longitude: number, timeZone?: string): number {
  const today = localClock(time, longitude, timeZone).date;
  const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 24 * HOUR_MS).toISOString().slice(0, 10);
  const t = time.getTime();
  const cars = [today, yesterday]
    .flatMap((d) => chargerSessions(spec, key, d, longitude, timeZone))
    .filter((s) => s.arrival.getTime() <= t && t < s.end.getTime()).length;
  // One charge point: cars whose sessions overlap share it, so the total stays at its rating.
  return cars > 0 ? spec.maxKw * 1000 : 0;
}
