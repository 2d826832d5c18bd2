import { describe, expect, it } from 'vitest';
import { initialPlantState, plantStep, simulate, type EnergyCounters, type PlantConfig, type StepResult } from './plant-step.ts';

type TimedStep = StepResult & { time: Date };
import { builtinCloudCover } from './weather-builtin.ts';

const battery = { capacityKwh: 10, maxChargeKw: 5, maxDischargeKw: 5, roundTripEfficiency: 0.9, socMinPct: 10, socMaxPct: 100 };
const shenzhen: PlantConfig = {
  id: 'demo-plant-02', latitude: 22.5431, longitude: 114.0579, timeZone: 'Asia/Shanghai', systemPowerKw: 10,
  panel: { tiltDeg: 20, azimuthDeg: 0 }, load: { kind: 'household', scale: 1 }, battery, charger: { maxKw: 7.4, pattern: 'home' },
};
const adelaide: PlantConfig = {
  id: 'demo-plant-08', latitude: -34.9285, longitude: 138.6007, timeZone: 'Australia/Adelaide', systemPowerKw: 6.6,
  panel: { tiltDeg: 25, azimuthDeg: 10 }, load: { kind: 'household', scale: 1 }, battery,
};
const storageOnly: PlantConfig = {
  id: 'demo-plant-03', latitude: 52.52, longitude: 13.405, timeZone: 'Europe/Berlin', systemPowerKw: 0,
  load: { kind: 'commercial', scale: 3 }, battery: { ...battery, capacityKwh: 250, maxChargeKw: 100, maxDischargeKw: 100 },
};
const pvOnly: PlantConfig = {
  id: 'demo-plant-06', latitude: -23.5505, longitude: -46.6333, timeZone: 'America/Sao_Paulo', systemPowerKw: 45, load: { kind: 'commercial', scale: 2 },
};
const DAY_MS = 86_400_000;

function run(config: PlantConfig, from: string, days: number, dt = 300): TimedStep[] {
  return [...simulate(config, initialPlantState(config), Date.parse(from), Date.parse(from) + days * DAY_MS, dt)];
}

const COUNTERS: (keyof EnergyCounters)[] = ['pvEnergyTotal', 'gridImportTotal', 'gridExportTotal', 'loadEnergyTotal', 'batteryChargeTotal', 'batteryDischargeTotal'];

describe('plant step', () => {
  for (const config of [shenzhen, adelaide, storageOnly, pvOnly]) {
    it(`balances every interval and the day for ${config.id}`, () => {
      const steps = run(config, '2025-06-10T00:00:00Z', 2);
      const unbalanced = steps.filter(({ sample: s }) => {
        const charge = Math.max(0, -s.batteryPower);
        const discharge = Math.max(0, s.batteryPower);
        const imported = Math.max(0, s.gridPower);
        const exported = Math.max(0, -s.gridPower);
        return s.acPower + imported + discharge !== s.loadPower + exported + charge || s.pvPower < s.acPower || s.loadPower < s.chargerPower;
      });
      expect(unbalanced).toEqual([]);
      const c = steps.at(-1)?.state.counters;
      expect(c).toBeDefined();
      if (!c) return;
      const supplied = c.pvEnergyTotal + c.gridImportTotal + c.batteryDischargeTotal;
      const used = c.loadEnergyTotal + c.gridExportTotal + c.batteryChargeTotal;
      expect(Math.abs(supplied - used) / used).toBeLessThan(0.001);
    });
  }

  it('keeps the SOC in its window and counters monotonic over a month', () => {
    const steps = run(shenzhen, '2025-06-01T00:00:00Z', 30);
    // Violations are collected and asserted once: an expect per step would dominate the run time.
    const problems: string[] = [];
    let previous = initialPlantState(shenzhen).counters;
    let charged = false;
    let discharged = false;
    for (const { sample, state, time } of steps) {
      if (state.batterySocPct < battery.socMinPct || state.batterySocPct > battery.socMaxPct) problems.push(`${time.toISOString()} SOC ${state.batterySocPct}`);
      if (Math.abs(sample.batteryPower) > 5000) problems.push(`${time.toISOString()} battery ${sample.batteryPower} W`);
      for (const k of COUNTERS) if (state.counters[k] < previous[k]) problems.push(`${time.toISOString()} ${k} went back`);
      previous = state.counters;
      charged ||= sample.batteryPower < 0;
      discharged ||= sample.batteryPower > 0;
    }
    expect(problems).toEqual([]);
    expect(charged && discharged).toBe(true);
    expect(steps.some((s) => s.sample.chargerPower > 0)).toBe(true);
    expect(steps.some((s) => s.sample.gridPower < 0)).toBe(true);
  });

  it('produces nothing at night and a daily yield that fits the plant', () => {
    // Adelaide, local midnight in summer, and a summer week's yield per kWp.
    const night = plantStep(adelaide, initialPlantState(adelaide), new Date('2025-12-20T14:30:00Z'), 300).sample;
    expect(night.pvPower).toBe(0);
    expect(night.acPower).toBe(0);
    const week = run(adelaide, '2025-12-15T00:00:00Z', 7);
    const perKwpDay = (week.at(-1)?.state.counters.pvEnergyTotal ?? 0) / adelaide.systemPowerKw / 7;
    expect(perKwpDay).toBeGreaterThan(2);
    expect(perKwpDay).toBeLessThan(8);
  });

  it('reports the same powers for the same instant in a backfill and a live run', () => {
    const backfill = run(shenzhen, '2025-06-10T00:00:00Z', 1, 300);
    const live = run(shenzhen, '2025-06-10T00:00:00Z', 1, 60);
    const byTime = new Map(live.map((r) => [r.time.getTime(), r.sample]));
    for (const r of backfill) {
      const l = byTime.get(r.time.getTime());
      expect(l).toBeDefined();
      expect(l?.acPower).toBe(r.sample.acPower);
      expect(l?.loadPower).toBe(r.sample.loadPower);
      expect(l?.cloudCover).toBe(r.sample.cloudCover);
      expect(l?.faultCode).toBe(r.sample.faultCode);
    }
    expect(run(shenzhen, '2025-06-10T00:00:00Z', 1)).toEqual(backfill);
  });

  it('darkens PV with the cloud cover the weather shows', () => {
    const t = Date.parse('2025-06-10T15:00:00Z'); // about solar noon in São Paulo
    const noons = Array.from({ length: 60 }, (_, d) => new Date(t + d * DAY_MS));
    const samples = noons.map((time) => plantStep(pvOnly, initialPlantState(pvOnly), time, 300).sample);
    for (const [i, s] of samples.entries()) expect(s.cloudCover).toBe(Math.round(builtinCloudCover(pvOnly.latitude, pvOnly.longitude, noons[i] ?? new Date())));
    const clear = samples.filter((s) => s.cloudCover < 20 && s.faultCode === 0).map((s) => s.acPower);
    const overcast = samples.filter((s) => s.cloudCover > 90 && s.faultCode === 0).map((s) => s.acPower);
    expect(clear.length && overcast.length).toBeGreaterThan(0);
    expect(Math.min(...clear)).toBeGreaterThan(Math.max(...overcast));
  });

  it('raises a fault now and then, and a tripped inverter yields nothing', () => {
    const steps = run(pvOnly, '2025-01-01T00:00:00Z', 365, 900);
    const faulty = steps.filter((s) => s.sample.faultCode !== 0);
    expect(faulty.length).toBeGreaterThan(0);
    // About one fault a month, and on a weak feeder (grid.ts) most afternoons' trip of 15 to 45 minutes.
    expect(faulty.length / steps.length).toBeLessThan(0.03);
    for (const s of faulty.filter((x) => x.sample.faultCode === 1001 || x.sample.faultCode === 1002)) expect(s.sample.acPower).toBe(0);
  });
});
