import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { checkThresholds, type OwnThresholds } from './thresholds.ts';

/** The field and rule a refusal names, or null when the limits pass. */
function refusal(own: OwnThresholds) {
  try {
    checkThresholds(own);
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { ...error.fields[0], limit: error.params.limit };
  }
}

describe('a plant\'s own alarm limits', () => {
  it('pass when none or only single-sided limits are set', () => {
    expect(refusal({})).toBeNull();
    expect(refusal({ maxTemperature: 60, minBatterySoc: 30, offlineMinutes: 20 })).toBeNull();
  });

  it('need a low limit below its high limit, naming the high one', () => {
    expect(refusal({ minGridVoltage: 240, maxGridVoltage: 240 })).toEqual({ field: 'maxGridVoltage', rule: 'thresholdAbove', limit: 240 });
    expect(refusal({ minGridFrequency: 49.5, maxGridFrequency: 50.5 })).toBeNull();
  });

  it('pair a lone limit with the default of its own grid', () => {
    expect(refusal({ minGridVoltage: 260 })).toEqual({ field: 'minGridVoltage', rule: 'thresholdBelow', limit: 253 });
    expect(refusal({ minGridVoltage: 100 })).toBeNull();
    expect(refusal({ minGridVoltage: 140 })).toEqual({ field: 'minGridVoltage', rule: 'thresholdBelow', limit: 132 });
    expect(refusal({ maxGridVoltage: 180 })).toEqual({ field: 'maxGridVoltage', rule: 'thresholdAbove', limit: 195.5 });
    expect(refusal({ maxGridVoltage: 130 })).toBeNull();
    expect(refusal({ maxGridFrequency: 48 })).toEqual({ field: 'maxGridFrequency', rule: 'thresholdAbove', limit: 49 });
    expect(refusal({ minGridFrequency: 59.5 })).toBeNull();
    expect(refusal({ minGridFrequency: 61.5 })).toEqual({ field: 'minGridFrequency', rule: 'thresholdBelow', limit: 61 });
  });
});
