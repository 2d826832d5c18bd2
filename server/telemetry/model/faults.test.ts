import { describe, expect, it } from 'vitest';
import { activeFault, FAULT_DAILY_CHANCE, faultOfDay } from './faults.ts';

const dates = Array.from({ length: 3650 }, (_, i) => new Date(Date.parse('2020-01-01T00:00:00Z') + i * 86_400_000).toISOString().slice(0, 10));

describe('faults', () => {
  it('happen now and then, as often as intended', () => {
    const share = dates.filter((d) => faultOfDay('demo-plant-01', d, true, 120, 'Asia/Shanghai')).length / dates.length;
    expect(share).toBeGreaterThan(FAULT_DAILY_CHANCE / 2);
    expect(share).toBeLessThan(FAULT_DAILY_CHANCE * 2);
  });

  it('are deterministic and active only inside their window', () => {
    const date = dates.find((d) => faultOfDay('demo-plant-01', d, false, 120, 'Asia/Shanghai'));
    expect(date).toBeDefined();
    const w = faultOfDay('demo-plant-01', date ?? '', false, 120, 'Asia/Shanghai');
    expect(w).toEqual(faultOfDay('demo-plant-01', date ?? '', false, 120, 'Asia/Shanghai'));
    if (!w) return;
    expect(w.kind.needsBattery).toBe(false);
    expect(activeFault('demo-plant-01', new Date(w.start.getTime() + 60_000), false, 120, 'Asia/Shanghai')?.code).toBe(w.kind.code);
    expect(activeFault('demo-plant-01', new Date(w.start.getTime() - 60_000), false, 120, 'Asia/Shanghai')).toBeUndefined();
    expect(activeFault('demo-plant-01', w.end, false, 120, 'Asia/Shanghai')).toBeUndefined();
  });
});
