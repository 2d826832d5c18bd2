import { describe, expect, it } from 'vitest';
import { cellTemperature, pvOutput, pvOutputAt } from './pv.ts';

const panel = { tiltDeg: 25, azimuthDeg: 0 };
const system = { kWp: 10 };

describe('pv model', () => {
  it('yields nothing at night', () => {
    const site = { latitude: 30.27, longitude: 120.16, panel };
    expect(pvOutputAt(system, site, new Date('2025-06-21T16:00:00Z'), 0, 25)).toMatchObject({ dcPowerW: 0, acPowerW: 0, poa: 0 });
  });

  it('yields a plausible share of kWp at a clear summer noon in both hemispheres', () => {
    const noons = [
      { name: 'Hangzhou, June', latitude: 30.27, longitude: 120.16, time: '2025-06-21T04:10:00Z' },
      { name: 'Berlin, June', latitude: 52.52, longitude: 13.4, time: '2025-06-21T11:10:00Z' },
      { name: 'Stellenbosch, December', latitude: -33.93, longitude: 18.86, time: '2025-12-21T10:40:00Z' },
      { name: 'Adelaide, December', latitude: -34.93, longitude: 138.6, time: '2025-12-21T02:20:00Z' },
    ];
    for (const n of noons) {
      const { acPowerW } = pvOutputAt(system, { latitude: n.latitude, longitude: n.longitude, panel }, new Date(n.time), 0, 25);
      const share = acPowerW / (system.kWp * 1000);
      expect(share, n.name).toBeGreaterThan(0.6);
      expect(share, n.name).toBeLessThan(0.95);
    }
  });

  it('derates hot cells', () => {
    expect(cellTemperature(800, 20)).toBeCloseTo(45, 9);
    const mild = pvOutput(system, 900, 15).acPowerW;
    const hot = pvOutput(system, 900, 40).acPowerW;
    // 25 °C hotter cells: about 10 % less at -0.4 %/°C.
    expect(hot / mild).toBeGreaterThan(0.87);
    expect(hot / mild).toBeLessThan(0.92);
  });

  it('loses a little in the inverter and clips at its AC rating', () => {
    const out = pvOutput(system, 800, 20);
    expect(out.acPowerW).toBeLessThan(out.dcPowerW);
    expect(out.acPowerW).toBeGreaterThan(0.94 * out.dcPowerW);
    const small = pvOutput({ kWp: 10, acRatedKw: 6 }, 1000, 0);
    expect(small.acPowerW).toBe(6000);
    expect(pvOutput(system, 0, 20).acPowerW).toBe(0);
    expect(pvOutput(system, 1, 20).acPowerW).toBe(0); // below the inverter's own consumption
  });
});
