// A battery behind an AC-coupled inverter. Power is counted at its AC terminals, the way the
// telemetry record reports it: positive discharging into the site, negative charging. Losses
// (the round trip) are split evenly between charging and discharging and stay inside the battery,
// so the site's energy balance holds on terminal power.

export interface BatterySpec {
  capacityKwh: number;
  maxChargeKw: number;
  maxDischargeKw: number;
  /** 0..1, e.g. 0.9. */
  roundTripEfficiency: number;
  /** State-of-charge window the management system keeps, %. */
  socMinPct: number;
  socMaxPct: number;
  /**
   * Off-peak charging from the grid, as time-of-use tariffs reward: in these local hours
   * [fromHour, toHour) the battery charges up to targetSocPct and does not discharge.
   */
  gridCharge?: { fromHour: number; toHour: number; targetSocPct: number };
}

export const DEFAULT_BATTERY: Omit<BatterySpec, 'capacityKwh' | 'maxChargeKw' | 'maxDischargeKw'> = {
  roundTripEfficiency: 0.9,
  socMinPct: 10,
  socMaxPct: 100,
};

export interface BatteryState {
  socPct: number;
}

export interface BatteryStepResult {
  state: BatteryState;
  /** W at the terminals: positive discharging, negative charging. */
  powerW: number;
}

/** Watt-seconds in a kilowatt-hour. */
export const WS_PER_KWH = 3_600_000;

/** Whether a local hour falls in the off-peak window (which may run past midnight). */
export function offPeak(spec: BatterySpec, localHour: number): boolean {
  const w = spec.gridCharge;
  if (!w) return false;
  return w.fromHour <= w.toHour ? localHour >= w.fromHour && localHour < w.toHour : localHour >= w.fromHour || localHour < w.toHour;
}

/**
 * One interval of a self-consumption strategy: store the PV surplus (surplusW > 0), cover the
 * deficit (surplusW < 0), within the power limits and the SOC window, for dtSeconds. Off-peak
 * (offPeak), it charges from the grid up to the spec's target instead, and keeps what it holds.
 */
export function batteryStep(spec: BatterySpec, state: BatteryState, surplusW: number, dtSeconds: number, offPeakNow = false): BatteryStepResult {
  const soc = Math.min(spec.socMaxPct, Math.max(spec.socMinPct, state.socPct));
  if (dtSeconds <= 0 || spec.capacityKwh <= 0) return { state: { socPct: soc }, powerW: 0 };
  const legEfficiency = Math.sqrt(spec.roundTripEfficiency);
  const capacityWs = spec.capacityKwh * WS_PER_KWH;
  let powerW = 0;
  const target = offPeakNow && spec.gridCharge ? Math.min(spec.socMaxPct, spec.gridCharge.targetSocPct) : undefined;
  if (target !== undefined) {
    // Up to the target from the grid, beyond it only with a PV surplus; never discharging.
    const headroomW = (upTo: number) => Math.max(0, ((upTo - soc) / 100) * capacityWs / legEfficiency / dtSeconds);
    powerW = -Math.min(spec.maxChargeKw * 1000, Math.max(headroomW(target), Math.min(Math.max(0, surplusW), headroomW(spec.socMaxPct))));
  } else if (surplusW > 0) {
    // Room left up to socMax, as terminal power over the interval.
    const headroomW = ((spec.socMaxPct - soc) / 100) * capacityWs / legEfficiency / dtSeconds;
    powerW = -Math.min(surplusW, spec.maxChargeKw * 1000, headroomW);
  } else if (surplusW < 0) {
    const availableW = ((soc - spec.socMinPct) / 100) * capacityWs * legEfficiency / dtSeconds;
    powerW = Math.min(-surplusW, spec.maxDischargeKw * 1000, availableW);
  }
  const storedDeltaWs = powerW < 0 ? -powerW * legEfficiency * dtSeconds : -(powerW / legEfficiency) * dtSeconds;
  const next = soc + (100 * storedDeltaWs) / capacityWs;
  // Clamping only absorbs float rounding: the headroom above already keeps the SOC in its window.
  // (powerW === 0 turns a -0 from an empty headroom into 0, which serialises without a sign.)
  return { state: { socPct: Math.min(spec.socMaxPct, Math.max(spec.socMinPct, next)) }, powerW: powerW === 0 ? 0 : powerW };
}
