// What a plant's own alarm limits must satisfy beyond their bounds (which the contract checks:
// schemas/entities/alarm-thresholds.schema.json): each low limit below its high limit, as the rules
// of server/alarms/evaluate.ts will pair them. A limit set alone is paired with the default of its
// own grid there (a voltage under 160 V belongs to a 100/120 V grid, a frequency over 55 Hz to a
// 60 Hz grid), so it is checked against that default here: a stored value never makes a reading
// both too high and too low.
import { fieldError } from '../../errors.ts';
import { DEFAULT_THRESHOLDS as D } from '../../alarms/rules.ts';

export const THRESHOLD_FIELDS = [
  'maxTemperature', 'minBatterySoc', 'minGridVoltage', 'maxGridVoltage', 'minGridFrequency', 'maxGridFrequency', 'offlineMinutes',
] as const;
export type ThresholdField = (typeof THRESHOLD_FIELDS)[number];

/** A plant's own limits: null (or absent) keeps the rule's default. */
export type OwnThresholds = { [K in ThresholdField]?: number | null | undefined };

/** The defaults the page shows beside the plant's own values: a 230 V, 50 Hz grid's. */
export const SHOWN_DEFAULTS: Record<ThresholdField, number> = {
  maxTemperature: D.maxTemperature,
  minBatterySoc: D.minBatterySoc,
  minGridVoltage: D.minGridVoltage,
  maxGridVoltage: D.maxGridVoltage,
  minGridFrequency: D.minGridFrequency,
  maxGridFrequency: D.maxGridFrequency,
  offlineMinutes: D.offlineMinutes,
};

/** The default band of the grid a voltage limit belongs to. */
export const voltageBand = (limit: number) =>
  limit < D.lowGridBelow ? { min: D.minLowGridVoltage, max: D.maxLowGridVoltage } : { min: D.minGridVoltage, max: D.maxGridVoltage };

/** The default band of the grid a frequency limit belongs to. */
export const frequencyBand = (limit: number) =>
  limit > D.sixtyHertzAbove ? { min: D.minGridFrequency60, max: D.maxGridFrequency60 } : { min: D.minGridFrequency, max: D.maxGridFrequency };

type Band = (limit: number) => { min: number; max: number };

/**
 * A pair's rule: both set, the low one below the high one (the high one named); one set alone,
 * on the right side of its grid's default for the other (the one set named). 10003 otherwise.
 */
function checkPair(own: OwnThresholds, low: ThresholdField, high: ThresholdField, band: Band): void {
  const lo = own[low] ?? null;
  const hi = own[high] ?? null;
  if (lo !== null && hi !== null) {
    if (lo >= hi) throw fieldError(high, 'thresholdAbove', { other: low, limit: lo });
  } else if (lo !== null) {
    const limit = band(lo).max;
    if (lo >= limit) throw fieldError(low, 'thresholdBelow', { other: high, limit });
  } else if (hi !== null) {
    const limit = band(hi).min;
    if (hi <= limit) throw fieldError(high, 'thresholdAbove', { other: low, limit });
  }
}

/** Throws 10003 naming the field when the limits would contradict each other in the rules. */
export function checkThresholds(own: OwnThresholds): void {
  checkPair(own, 'minGridVoltage', 'maxGridVoltage', voltageBand);
  checkPair(own, 'minGridFrequency', 'maxGridFrequency', frequencyBand);
}
