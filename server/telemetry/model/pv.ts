// PV array and inverter: from plane-of-array irradiance and air temperature to DC and AC power.
import { siteIrradiance, type PanelOrientation } from './sun.ts';

/** Irradiance at standard test conditions, W/m², at which a module yields its rated kWp. */
const STC_IRRADIANCE = 1000;
const STC_CELL_TEMP_C = 25;
/** Nominal operating cell temperature of crystalline modules, °C (at 800 W/m², 20 °C air). */
const NOCT_C = 45;
const NOCT_IRRADIANCE = 800;
const NOCT_AIR_C = 20;
/** Power temperature coefficient of crystalline silicon: -0.4 % per °C off 25 °C (linear both
 * ways, so a cold sunny day yields a little above nameplate, as real arrays do). */
export const TEMP_COEFF_PER_C = -0.004;
/** Soiling, wiring, mismatch and module tolerance between the nameplate and the inverter input. */
const DC_LOSSES = 0.1;
/** Inverter conversion efficiency at useful load, and its own consumption while running, as a
 * fraction of rated AC (the reason the efficiency falls at dawn and dusk). */
const INVERTER_EFFICIENCY = 0.965;
const INVERTER_SELF_USE = 0.002;

export interface PvSystem {
  /** Nameplate DC power, kWp (the plant's systemPower). */
  kWp: number;
  /** Inverter rated AC power, kW; output is clipped there. Defaults to kWp. */
  acRatedKw?: number;
}

export interface PvOutput {
  cellTempC: number;
  /** Inverter DC input (the record's pvPower), W. */
  dcPowerW: number;
  /** Inverter AC output (the record's acPower), W. */
  acPowerW: number;
}

/** Cell temperature by the NOCT model: heating proportional to the irradiance on the module. */
export function cellTemperature(poa: number, ambientC: number): number {
  return ambientC + ((NOCT_C - NOCT_AIR_C) / NOCT_IRRADIANCE) * poa;
}

export function pvOutput(system: PvSystem, poa: number, ambientC: number): PvOutput {
  const cellTempC = cellTemperature(poa, ambientC);
  if (poa <= 0 || system.kWp <= 0) return { cellTempC, dcPowerW: 0, acPowerW: 0 };
  const derate = Math.max(0, 1 + TEMP_COEFF_PER_C * (cellTempC - STC_CELL_TEMP_C));
  const dcPowerW = system.kWp * 1000 * (poa / STC_IRRADIANCE) * derate * (1 - DC_LOSSES);
  const ratedAcW = (system.acRatedKw ?? system.kWp) * 1000;
  const acPowerW = Math.min(ratedAcW, Math.max(0, dcPowerW * INVERTER_EFFICIENCY - ratedAcW * INVERTER_SELF_USE));
  // When the inverter stays off or clips, it draws less from the array (it moves off the MPP).
  const usedDcW = acPowerW <= 0 ? 0 : Math.min(dcPowerW, (acPowerW + ratedAcW * INVERTER_SELF_USE) / INVERTER_EFFICIENCY);
  return { cellTempC, dcPowerW: usedDcW, acPowerW };
}

export interface PvSite {
  latitude: number;
  longitude: number;
  panel: PanelOrientation;
}

/** PV output at a place and instant, under a cloud cover (%) and an air temperature (°C). */
export function pvOutputAt(system: PvSystem, site: PvSite, time: Date, cloudCoverPct: number, ambientC: number): PvOutput & { poa: number } {
  const { poa } = siteIrradiance(time, site.latitude, site.longitude, site.panel, cloudCoverPct);
  return { ...pvOutput(system, poa, ambientC), poa };
}
