// The portal's own alarm rules beside the devices' fault codes: their codes (above any device's
// fault code the catalogue holds, so that the two never meet in alarms_open_uq), levels and the
// default limits a plant's plant_alarm_thresholds row may override. The codes' names and texts are
// rows of alarm_codes (migration 0030), per device type.

/** Codes of the portal's rules; a device's fault codes are its own (1001, 2001, ...). */
export const RULE = {
  offline: 90001,
  overTemperature: 90002,
  lowBatterySoc: 90003,
  gridOverVoltage: 90004,
  gridUnderVoltage: 90005,
  gridFrequency: 90006,
  noProduction: 90007,
} as const;

/** Fault codes lie below this; a code at or above it is a portal rule's. */
export const FIRST_RULE_CODE = 90000;

export const ALARM_STATE = { untreated: 1, recovered: 2, closed: 3 } as const;
export const ALARM_EVENT = { raised: 1, reportedAgain: 2, recovered: 3, closed: 4 } as const;

/** A fault code missing from the device type's catalogue is raised at this level, as "Device fault <code>". */
export const UNKNOWN_FAULT_LEVEL = 1;

/** The limits of a plant without its own (plant_alarm_thresholds' null columns). */
export const DEFAULT_THRESHOLDS = {
  /** °C: inverters derate from about 75 °C. */
  maxTemperature: 75,
  /** %: below it a battery can no longer carry the evening's load. */
  minBatterySoc: 10,
  /** V: 230 V −15 % and +10 % (EN 50160). */
  minGridVoltage: 195.5,
  maxGridVoltage: 253,
  /**
   * A plant without its own limits may sit on a 100 or 120 V grid (Japan, the Americas): a reading
   * below this is judged against that grid's band instead, 100 V −10 % to 120 V +10 %.
   */
  lowGridBelow: 160,
  minLowGridVoltage: 90,
  maxLowGridVoltage: 132,
  /** Hz: the 50 Hz grid's normal band with its tolerance, and the 60 Hz grid's, either of which is normal without the plant's own limits. */
  minGridFrequency: 49,
  maxGridFrequency: 51,
  minGridFrequency60: 59,
  maxGridFrequency60: 61,
  /** Hz: a plant's own frequency limit above this belongs to a 60 Hz grid, whose default pairs with it when it is set alone. */
  sixtyHertzAbove: 55,
  /** Minutes without data after which a device is offline (issue 23: 15 by default). */
  offlineMinutes: 15,
} as const;

export interface RuleReadings {
  faultCode?: number | undefined;
  temperature?: number | undefined;
  batterySoc?: number | undefined;
  gridVoltage?: number | undefined;
  gridFrequency?: number | undefined;
}

/**
 * Whether a sample reports a condition under the default limits: the same tests as the rules'
 * statement (evaluate.ts) makes for a plant without its own. Ingest runs that statement only for a
 * batch with such a sample, a device with an open alarm or a plant with its own limits, which
 * leaves out nearly every batch of a backfill.
 */
export function breachesDefaults(r: RuleReadings): boolean {
  const d = DEFAULT_THRESHOLDS;
  if (r.faultCode !== undefined && r.faultCode > 0) return true;
  if (r.temperature !== undefined && r.temperature > d.maxTemperature) return true;
  if (r.batterySoc !== undefined && r.batterySoc < d.minBatterySoc) return true;
  if (r.gridVoltage !== undefined) {
    const low = r.gridVoltage < d.lowGridBelow;
    if (r.gridVoltage > (low ? d.maxLowGridVoltage : d.maxGridVoltage) || r.gridVoltage < (low ? d.minLowGridVoltage : d.minGridVoltage)) return true;
  }
  if (r.gridFrequency !== undefined) {
    const within = (from: number, to: number) => r.gridFrequency! >= from && r.gridFrequency! <= to;
    if (!within(d.minGridFrequency, d.maxGridFrequency) && !within(d.minGridFrequency60, d.maxGridFrequency60)) return true;
  }
  return false;
}
