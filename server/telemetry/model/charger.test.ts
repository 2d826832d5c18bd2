import { describe, expect, it } from 'vitest';
import { chargerPowerW, chargerSessions, type ChargerSpec } from './charger.ts';

const home: ChargerSpec = { maxKw: 7.4, pattern: 'home' };
const work: ChargerSpec = { maxKw: 11, pattern: 'workplace' };
const zone = 'Europe/Amsterdam';
const lon = 4.9;

function days(n: number): string[] {
  return Array.from({ length: n }, (_, i) => new Date(Date.parse('2025-03-01T00:00:00Z') + i * 86_400_000).toISOString().slice(0, 10));
}

describe('EV charger', () => {
  it('draws the same sessions for the same plant and day', () => {
    expect(chargerSessions(home, 'p1', '2025-03-04', lon, zone)).toEqual(chargerSessions(home, 'p1', '2025-03-04', lon, zone));
    const p1 = days(30).map((d) => chargerSessions(home, 'p1', d, lon, zone).length);
    const p2 = days(30).map((d) => chargerSessions(home, 'p2', d, lon, zone).length);
    expect(p1).not.toEqual(p2);
  });

  it('plugs in at home in the evening and charges until the energy is in or the car leaves', () => {
    const all = days(120).flatMap((d) => chargerSessions(home, 'p1', d, lon, zone));
    expect(all.length).toBeGreaterThan(50);
    expect(all.length).toBeLessThan(100);
    for (const s of all) {
      const arrivalHour = (s.arrival.getUTCHours() + 24 + 1) % 24; // CET/CEST is UTC+1/+2
      expect(arrivalHour).toBeGreaterThanOrEqual(16);
      expect(s.end.getTime()).toBeLessThanOrEqual(s.departure.getTime());
      const deliveredKwh = ((s.end.getTime() - s.arrival.getTime()) / 3_600_000) * home.maxKw;
      expect(deliveredKwh).toBeLessThanOrEqual(s.energyKwh + 1e-9);
    }
  });

  it('draws its rated power during a session and nothing otherwise', () => {
    const [s] = days(60).flatMap((d) => chargerSessions(work, 'p3', d, lon, zone));
    expect(s).toBeDefined();
    if (!s) return;
    const mid = new Date((s.arrival.getTime() + s.end.getTime()) / 2);
    expect(chargerPowerW(work, 'p3', mid, lon, zone)).toBe(11_000);
    expect(chargerPowerW(work, 'p3', new Date(s.arrival.getTime() - 60_000), lon, zone)).toBe(0);
  });

  it('carries an evening session past midnight', () => {
    const s = days(120).flatMap((d) => chargerSessions({ maxKw: 3.7, pattern: 'home' }, 'p1', d, lon, zone))
      .find((x) => x.end.toISOString().slice(0, 10) !== x.arrival.toISOString().slice(0, 10));
    expect(s).toBeDefined();
    if (!s) return;
    expect(chargerPowerW({ maxKw: 3.7, pattern: 'home' }, 'p1', new Date(s.end.getTime() - 60_000), lon, zone)).toBe(3700);
  });
});
