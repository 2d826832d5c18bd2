import { describe, expect, it } from 'vitest';
import { breachesDefaults } from './rules.ts';

describe('the default limits', () => {
  it('pass a healthy sample of a 230 V 50 Hz or a 120 V 60 Hz grid', () => {
    expect(breachesDefaults({ faultCode: 0, temperature: 60, batterySoc: 10, gridVoltage: 240, gridFrequency: 50.02 })).toBe(false);
    expect(breachesDefaults({ gridVoltage: 121, gridFrequency: 59.98 })).toBe(false);
    expect(breachesDefaults({})).toBe(false);
  });

  it('catch a fault, heat, a low battery and a grid out of range', () => {
    expect(breachesDefaults({ faultCode: 1001 })).toBe(true);
    expect(breachesDefaults({ temperature: 75.1 })).toBe(true);
    expect(breachesDefaults({ batterySoc: 9.9 })).toBe(true);
    expect(breachesDefaults({ gridVoltage: 254 })).toBe(true);
    expect(breachesDefaults({ gridVoltage: 190 })).toBe(true);
    expect(breachesDefaults({ gridVoltage: 140 })).toBe(true);
    expect(breachesDefaults({ gridFrequency: 55 })).toBe(true);
  });
});
