import { describe, expect, it } from 'vitest';
import { localClock } from './local-time.ts';
import { climateW, loadPowerW, type LoadProfile } from './load.ts';

const home: LoadProfile = { kind: 'household', scale: 1 };
const shop: LoadProfile = { kind: 'commercial', scale: 1 };
const zone = 'Europe/Berlin';
const lon = 13.4;

function at(iso: string, profile = home, ambientC = 18, key = 'plant-a'): number {
  const t = new Date(iso);
  return loadPowerW(profile, localClock(t, lon, zone), t, ambientC, key);
}

describe('load profile', () => {
  it('peaks in the evening above the night base', () => {
    // Wednesday 2025-05-14, local times (UTC+2).
    const night = at('2025-05-14T01:00:00Z');
    const morning = at('2025-05-14T05:00:00Z');
    const evening = at('2025-05-14T17:00:00Z');
    expect(night).toBeGreaterThan(100);
    expect(night).toBeLessThan(400);
    expect(morning).toBeGreaterThan(2 * night);
    expect(evening).toBeGreaterThan(morning);
  });

  it('gets up later at the weekend', () => {
    // 07:00 local on a Wednesday and a Saturday, and 09:00.
    expect(at('2025-05-14T05:00:00Z')).toBeGreaterThan(at('2025-05-17T05:00:00Z'));
    expect(at('2025-05-17T07:00:00Z')).toBeGreaterThan(at('2025-05-14T07:00:00Z'));
  });

  it('heats in the cold and cools in the heat', () => {
    expect(climateW(18)).toBe(0);
    expect(climateW(0)).toBeGreaterThan(0);
    expect(climateW(35)).toBeGreaterThan(0);
    expect(at('2025-01-15T01:00:00Z', home, -5)).toBeGreaterThan(at('2025-01-15T01:00:00Z', home, 18));
  });

  it('runs a commercial site in working hours on weekdays only', () => {
    const weekdayNoon = at('2025-05-14T10:00:00Z', shop);
    expect(weekdayNoon).toBeGreaterThan(2.5 * at('2025-05-14T01:00:00Z', shop));
    expect(weekdayNoon).toBeGreaterThan(2.5 * at('2025-05-17T10:00:00Z', shop));
  });

  it('is deterministic, smooth and plant-specific', () => {
    expect(at('2025-05-14T12:34:00Z')).toBe(at('2025-05-14T12:34:00Z'));
    expect(at('2025-05-14T12:34:00Z', home, 18, 'plant-b')).not.toBe(at('2025-05-14T12:34:00Z'));
    for (let m = 0; m < 24 * 60; m += 5) {
      const a = at(new Date(Date.parse('2025-05-14T00:00:00Z') + m * 60_000).toISOString());
      const b = at(new Date(Date.parse('2025-05-14T00:05:00Z') + m * 60_000).toISOString());
      expect(Math.abs(b - a) / a).toBeLessThan(0.25);
    }
  });
});
