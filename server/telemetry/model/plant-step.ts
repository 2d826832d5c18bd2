// One simulation step of a plant: weather, PV, load, EV charger, battery and grid at an instant,
// and the lifetime counters advanced by the interval (t - dt, t]. Powers are evaluated at t only,
// so a backfill and a live run give the same powers for the same instant whatever their step;
// only the battery's SOC (carried in the state) depends on the path.
//
// Balance, per interval and in the counters: acPower + import + discharge = load + export + charge,
// with gridPower = loadPower - acPower - batteryPower computed from the rounded powers, so it holds
// exactly in watts. pvPower is the DC input (protocol); the site sees the inverter's AC output,
// and pvEnergyTotal counts that AC yield, as inverters' "total yield" does.
import { batteryStep, offPeak, WS_PER_KWH, type BatterySpec } from './battery.ts';
import { chargerPowerW, type ChargerSpec } from './charger.ts';
import { activeFault } from './faults.ts';
import { drainsLow, gridAt, GRID_OVER_VOLTAGE_FAULT, WINTER_EVENING_RESERVE_PCT } from './grid.ts';
import { localClock } from './local-time.ts';
import { loadPowerW, type LoadProfile } from './load.ts';
import { pvOutputAt } from './pv.ts';
import type { PanelOrientation } from './sun.ts';
import { builtinWeatherAt } from './weather-builtin.ts';

/** A panel orientation for plants that did not give one: a common roof pitch, equator-facing. */
export const DEFAULT_PANEL: PanelOrientation = { tiltDeg: 25, azimuthDeg: 0 };
/** Inverter heats this far above the air at full load. */
const INVERTER_RISE_AT_FULL_LOAD_K = 18;

export interface PlantConfig {
  /** Stable identity (the plant uid): seeds the plant's own load wobble, sessions and faults. */
  id: string;
  latitude: number;
  longitude: number;
  timeZone?: string;
  /** kWp of PV (systemPower); 0 for a plant without PV. */
  systemPowerKw: number;
  /** Inverter AC rating, kW; defaults to systemPowerKw. */
  acRatedKw?: number;
  panel?: PanelOrientation;
  load: LoadProfile;
  battery?: BatterySpec;
  charger?: ChargerSpec;
}

/** Lifetime counters, kWh, as meters report them. */
export interface EnergyCounters {
  pvEnergyTotal: number;
  gridImportTotal: number;
  gridExportTotal: number;
  loadEnergyTotal: number;
  batteryChargeTotal: number;
  batteryDischargeTotal: number;
}

export interface PlantState {
  batterySocPct: number;
  counters: EnergyCounters;
}

/** Powers in W (whole watts), SOC in % (0.1), temperature in °C (0.1). */
export interface PlantSample {
  pvPower: number;
  acPower: number;
  /** Site consumption, the EV charger included. */
  loadPower: number;
  chargerPower: number;
  /** Positive discharging, negative charging. */
  batteryPower: number;
  batterySoc: number | null;
  /** Positive importing, negative exporting. */
  gridPower: number;
  temperature: number;
  faultCode: number;
  /** V and Hz at the grid connection (grid.ts). */
  gridVoltage: number;
  gridFrequency: number;
  /** The weather the PV saw (the built-in provider's), for cross-checks. */
  cloudCover: number;
  ambientTemperature: number;
}

export interface StepResult {
  sample: PlantSample;
  /** The SOC and counters after the interval. */
  state: PlantState;
}

export const ZERO_COUNTERS: EnergyCounters = {
  pvEnergyTotal: 0, gridImportTotal: 0, gridExportTotal: 0, loadEnergyTotal: 0, batteryChargeTotal: 0, batteryDischargeTotal: 0,
};

export function initialPlantState(config: PlantConfig, socPct = 50): PlantState {
  const soc = config.battery ? Math.min(config.battery.socMaxPct, Math.max(config.battery.socMinPct, socPct)) : 0;
  return { batterySocPct: soc, counters: { ...ZERO_COUNTERS } };
}

function round1(x: number): number {
  return Math.round(x * 10) / 10;
}

export function plantStep(config: PlantConfig, state: PlantState, time: Date, dtSeconds: number): StepResult {
  const { latitude, longitude, timeZone, id } = config;
  const weather = builtinWeatherAt(latitude, longitude, time);
  const clock = localClock(time, longitude, timeZone);
  const grid = gridAt(id, latitude, longitude, clock, time);
  // A trip on grid over-voltage is a fault of its own; another fault of the moment goes first.
  const fault = activeFault(id, time, config.battery !== undefined, longitude, timeZone)
    ?? (grid.overVoltage ? { code: GRID_OVER_VOLTAGE_FAULT, tripsInverter: true, idlesBattery: false, needsBattery: false } : undefined);

  const pvSystem = { kWp: config.systemPowerKw, ...(config.acRatedKw !== undefined ? { acRatedKw: config.acRatedKw } : {}) };
  const pv = fault?.tripsInverter || config.systemPowerKw <= 0 ? { dcPowerW: 0, acPowerW: 0 }
    : pvOutputAt(pvSystem, { latitude, longitude, panel: config.panel ?? DEFAULT_PANEL }, time, weather.cloudCover, weather.temperature);
  const acPower = Math.round(pv.acPowerW);
  const pvPower = acPower > 0 ? Math.max(acPower, Math.round(pv.dcPowerW)) : 0;
  const chargerPower = config.charger ? Math.round(chargerPowerW(config.charger, id, time, longitude, timeZone)) : 0;
  const loadPower = Math.round(loadPowerW(config.load, clock, time, weather.temperature, id)) + chargerPower;

  let batteryPower = 0;
  let batterySocPct = state.batterySocPct;
  if (config.battery && !fault?.idlesBattery) {
    const spec = drainsLow(id, latitude, clock) ? { ...config.battery, socMinPct: Math.min(config.battery.socMinPct, WINTER_EVENING_RESERVE_PCT) } : config.battery;
    const b = batteryStep(spec, { socPct: state.batterySocPct }, acPower - loadPower, dtSeconds, offPeak(config.battery, clock.hour));
    batteryPower = Math.round(b.powerW);
    batterySocPct = b.state.socPct;
  }
  const gridPower = loadPower - acPower - batteryPower;

  const kwh = (w: number) => (Math.max(0, w) * dtSeconds) / WS_PER_KWH;
  const c = state.counters;
  const counters: EnergyCounters = {
    pvEnergyTotal: c.pvEnergyTotal + kwh(acPower),
    gridImportTotal: c.gridImportTotal + kwh(gridPower),
    gridExportTotal: c.gridExportTotal + kwh(-gridPower),
    loadEnergyTotal: c.loadEnergyTotal + kwh(loadPower),
    batteryChargeTotal: c.batteryChargeTotal + kwh(-batteryPower),
    batteryDischargeTotal: c.batteryDischargeTotal + kwh(batteryPower),
  };

  const ratedW = Math.max(config.acRatedKw ?? config.systemPowerKw, config.battery?.maxDischargeKw ?? 0) * 1000;
  const loadRatio = ratedW > 0 ? Math.min(1, (acPower + Math.abs(batteryPower)) / ratedW) : 0;
  const sample: PlantSample = {
    pvPower, acPower, loadPower, chargerPower, batteryPower,
    batterySoc: config.battery ? round1(batterySocPct) : null,
    gridPower,
    temperature: round1(weather.temperature + INVERTER_RISE_AT_FULL_LOAD_K * loadRatio),
    faultCode: fault?.code ?? 0,
    gridVoltage: grid.voltage,
    gridFrequency: grid.frequency,
    cloudCover: weather.cloudCover,
    ambientTemperature: weather.temperature,
  };
  return { sample, state: { batterySocPct, counters } };
}

/** Steps a plant from `fromMs` (exclusive) to `toMs` (inclusive) every dtSeconds: the backfill's
 * loop, and the tests'. */
export function* simulate(config: PlantConfig, state: PlantState, fromMs: number, toMs: number, dtSeconds: number): Generator<StepResult & { time: Date }> {
  let s = state;
  for (let t = fromMs + dtSeconds * 1000; t <= toMs; t += dtSeconds * 1000) {
    const time = new Date(t);
    const r = plantStep(config, s, time, dtSeconds);
    s = r.state;
    yield { ...r, time };
  }
}
