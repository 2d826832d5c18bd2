import { describe, expect, it } from 'vitest';
import { hash32, smoothNoise, unitHash } from './hash.ts';

describe('hash', () => {
  it('is a pure function of its key', () => {
    expect(hash32('demo-plant-01', '2025-06-01')).toBe(hash32('demo-plant-01', '2025-06-01'));
    expect(hash32('demo-plant-01', '2025-06-01')).not.toBe(hash32('demo-plant-01', '2025-06-02'));
  });

  it('spreads unit hashes over [0, 1)', () => {
    const xs = Array.from({ length: 4000 }, (_, i) => unitHash('k', i));
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean).toBeGreaterThan(0.47);
    expect(mean).toBeLessThan(0.53);
  });

  it('smooth noise passes through its knots and changes little between close instants', () => {
    const period = 3_600_000;
    expect(smoothNoise('k', 5 * period, period)).toBeCloseTo(unitHash('k', 5), 12);
    for (let t = 0; t < 48 * period; t += 300_000) {
      expect(Math.abs(smoothNoise('k', t + 300_000, period) - smoothNoise('k', t, period))).toBeLessThan(0.15);
    }
  });
});
