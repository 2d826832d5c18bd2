import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { batteryStep, offPeak, type BatterySpec } from './battery.ts';

const spec: BatterySpec = { capacityKwh: 10, maxChargeKw: 5, maxDischargeKw: 4, roundTripEfficiency: 0.9, socMinPct: 10, socMaxPct: 100 };

describe('battery', () => {
  it('stays within its SOC window and power limits, and never moves more than asked', () => {
    fc.assert(fc.property(
      fc.double({ min: 0, max: 100, noNaN: true }),
      fc.double({ min: -20_000, max: 20_000, noNaN: true }),
      fc.integer({ min: 1, max: 3600 }),
      (soc, surplusW, dt) => {
        const { state, powerW } = batteryStep(spec, { socPct: soc }, surplusW, dt);
        expect(state.socPct).toBeGreaterThanOrEqual(spec.socMinPct);
        expect(state.socPct).toBeLessThanOrEqual(spec.socMaxPct);
        expect(powerW).toBeGreaterThanOrEqual(-spec.maxChargeKw * 1000);
        expect(powerW).toBeLessThanOrEqual(spec.maxDischargeKw * 1000);
        // Charges only from a surplus, discharges only into a deficit, never beyond it.
        if (surplusW >= 0) expect(powerW).toBeGreaterThanOrEqual(-surplusW);
        if (surplusW <= 0) expect(powerW).toBeLessThanOrEqual(-surplusW);
        expect(powerW * surplusW).toBeLessThanOrEqual(0);
      },
    ));
  });

  it('fills up to its ceiling and stops', () => {
    let state = { socPct: 95 };
    const powers: number[] = [];
    for (let i = 0; i < 12; i++) {
      const r = batteryStep(spec, state, 10_000, 300);
      state = r.state;
      powers.push(r.powerW);
    }
    expect(state.socPct).toBeCloseTo(100, 9);
    expect(powers[0]).toBe(-5000);
    expect(powers.at(-1)).toBe(0);
  });

  it('loses its round-trip efficiency over a full cycle', () => {
    // 9 kWh of SOC window: charged from 10 % to 100 % and discharged back.
    let state = { socPct: 10 };
    let charged = 0;
    let discharged = 0;
    for (let i = 0; i < 500; i++) {
      const r = batteryStep(spec, state, 3000, 60);
      state = r.state;
      charged -= (r.powerW * 60) / 3600;
    }
    for (let i = 0; i < 500; i++) {
      const r = batteryStep(spec, state, -3000, 60);
      state = r.state;
      discharged += (r.powerW * 60) / 3600;
    }
    expect(state.socPct).toBeCloseTo(10, 9);
    expect(discharged / charged).toBeCloseTo(0.9, 6);
    expect(discharged).toBeCloseTo(9000 * Math.sqrt(0.9), 3);
  });

  it('holds still with no surplus or a zero interval', () => {
    expect(batteryStep(spec, { socPct: 50 }, 0, 300)).toEqual({ state: { socPct: 50 }, powerW: 0 });
    expect(batteryStep(spec, { socPct: 50 }, 1000, 0)).toEqual({ state: { socPct: 50 }, powerW: 0 });
    expect(Object.is(batteryStep(spec, { socPct: 100 }, 1000, 300).powerW, -0)).toBe(false);
  });

  describe('off-peak charging from the grid', () => {
    const tou: BatterySpec = { ...spec, gridCharge: { fromHour: 23, toHour: 5, targetSocPct: 60 } };

    it('knows its window, across midnight', () => {
      expect([22.9, 23, 0, 4.99, 5, 12].map((h) => offPeak(tou, h))).toEqual([false, true, true, true, false, false]);
      expect(offPeak(spec, 1)).toBe(false);
    });

    it('charges up to the target in the window, holds there, and never discharges into the night\'s load', () => {
      let state = { socPct: 20 };
      const powers: number[] = [];
      for (let i = 0; i < 24; i++) {
        const r = batteryStep(tou, state, -1500, 900, true);
        powers.push(r.powerW);
        state = r.state;
      }
      expect(Math.min(...powers)).toBe(-5000);
      expect(powers.every((p) => p <= 0)).toBe(true);
      expect(state.socPct).toBeCloseTo(60, 6);
      expect(powers.at(-1)).toBe(0);
      // Out of the window the same deficit is covered from the battery again.
      expect(batteryStep(tou, state, -1500, 900, false).powerW).toBe(1500);
    });

    it('goes beyond the target with a PV surplus only', () => {
      const r = batteryStep(tou, { socPct: 70 }, 3000, 300, true);
      expect(r.powerW).toBe(-3000);
      expect(r.state.socPct).toBeGreaterThan(70);
      expect(batteryStep(tou, { socPct: 30 }, 3000, 300, true).powerW).toBe(-5000);
    });
  });
});
