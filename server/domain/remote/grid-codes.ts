// The grid codes an inverter may follow (getSafetyDataList) with their default protection limits,
// and the rules a requested change must keep (saveSafetyData). Limits are the codes' published
// trip settings, rounded as inverters take them; a real deployment extends this catalogue.
import { fieldError } from '../../errors.ts';

/** The grid-protection settings themselves: SafetyData without its identity and status fields. */
export interface SafetySettings {
  safetyCode: string;
  overVoltageLimit: number;
  underVoltageLimit: number;
  overFrequencyLimit: number;
  underFrequencyLimit: number;
  reconnectDelay: number;
  activePowerLimit: number;
  powerFactor: number;
  exportLimitEnable: 0 | 1;
  exportLimitPower?: number;
}

export interface GridCode extends SafetySettings {
  safetyName: string;
  /** null: an international code any country's plants may follow. */
  countryCode: string | null;
}

/** The settings' names in the order screens and logs show them. */
export const SAFETY_FIELDS = [
  'safetyCode', 'overVoltageLimit', 'underVoltageLimit', 'overFrequencyLimit', 'underFrequencyLimit',
  'reconnectDelay', 'activePowerLimit', 'powerFactor', 'exportLimitEnable', 'exportLimitPower',
] as const satisfies readonly (keyof SafetySettings)[];

const base = { reconnectDelay: 60, activePowerLimit: 100, powerFactor: 1, exportLimitEnable: 0 as const };

export const GRID_CODES: readonly GridCode[] = [
  { safetyCode: 'AS4777-A', safetyName: 'AS/NZS 4777.2:2020 Region A', countryCode: 'AU', overVoltageLimit: 265, underVoltageLimit: 180, overFrequencyLimit: 52, underFrequencyLimit: 47, ...base },
  { safetyCode: 'AS4777-B', safetyName: 'AS/NZS 4777.2:2020 Region B', countryCode: 'AU', overVoltageLimit: 265, underVoltageLimit: 180, overFrequencyLimit: 52, underFrequencyLimit: 47, ...base },
  { safetyCode: 'AS4777-C', safetyName: 'AS/NZS 4777.2:2020 Region C', countryCode: 'AU', overVoltageLimit: 265, underVoltageLimit: 180, overFrequencyLimit: 55, underFrequencyLimit: 45, ...base },
  { safetyCode: 'NBT32004', safetyName: 'NB/T 32004-2018', countryCode: 'CN', overVoltageLimit: 253, underVoltageLimit: 187, overFrequencyLimit: 50.5, underFrequencyLimit: 48, ...base, reconnectDelay: 20 },
  { safetyCode: 'VDE4105', safetyName: 'VDE-AR-N 4105:2018', countryCode: 'DE', overVoltageLimit: 253, underVoltageLimit: 184, overFrequencyLimit: 51.5, underFrequencyLimit: 47.5, ...base },
  { safetyCode: 'G98', safetyName: 'EREC G98', countryCode: 'GB', overVoltageLimit: 262, underVoltageLimit: 184, overFrequencyLimit: 52, underFrequencyLimit: 47.5, ...base, reconnectDelay: 20 },
  { safetyCode: 'NEN50549', safetyName: 'NEN-EN 50549-1', countryCode: 'NL', overVoltageLimit: 253, underVoltageLimit: 195, overFrequencyLimit: 51.5, underFrequencyLimit: 47.5, ...base },
  { safetyCode: 'NRS097', safetyName: 'NRS 097-2-1', countryCode: 'ZA', overVoltageLimit: 253, underVoltageLimit: 195, overFrequencyLimit: 52, underFrequencyLimit: 47, ...base },
  { safetyCode: 'IEEE1547', safetyName: 'IEEE 1547-2018', countryCode: 'US', overVoltageLimit: 264, underVoltageLimit: 211, overFrequencyLimit: 61.2, underFrequencyLimit: 58.5, ...base, reconnectDelay: 300 },
  { safetyCode: 'EN50549', safetyName: 'EN 50549-1:2019', countryCode: null, overVoltageLimit: 253, underVoltageLimit: 195, overFrequencyLimit: 52, underFrequencyLimit: 47.5, ...base },
];

const byName = (a: GridCode, b: GridCode) => a.safetyName.localeCompare(b.safetyName, 'en');

/**
 * The codes for a country with the international ones, ordered by name; every code when no
 * country is given. A country without codes of its own gets the international ones.
 */
export function gridCodesFor(countryCode: string | null | undefined): GridCode[] {
  const country = countryCode?.trim().toUpperCase();
  return GRID_CODES.filter((c) => !country || c.countryCode === null || c.countryCode === country).sort(byName);
}

export const gridCode = (safetyCode: string) => GRID_CODES.find((c) => c.safetyCode === safetyCode);

/** The code a device of a plant in that country starts with: its country's first, else the international one. */
export function defaultGridCode(countryCode: string | null | undefined): GridCode {
  const country = countryCode?.trim().toUpperCase();
  return GRID_CODES.find((c) => c.countryCode === country) ?? GRID_CODES.find((c) => c.countryCode === null)!;
}

type Requested = Partial<Omit<SafetySettings, 'safetyCode'>> & { safetyCode: string };

/**
 * The full settings a saveSafetyData asks for: limits left out take the grid code's defaults. The
 * schema has checked each value's range; these are the rules between values (10003 naming the field).
 */
export function requestedSettings(requested: Requested, codes: readonly GridCode[]): SafetySettings {
  const code = codes.find((c) => c.safetyCode === requested.safetyCode);
  if (!code) throw fieldError('safetyCode', 'unknownGridCode', { value: requested.safetyCode });
  const { safetyName: _name, countryCode: _country, exportLimitPower: _defaultExport, ...defaults } = code;
  const settings: SafetySettings = { ...defaults };
  for (const field of SAFETY_FIELDS) {
    const value = requested[field];
    if (value !== undefined) (settings as unknown as Record<string, unknown>)[field] = value;
  }
  if (settings.underVoltageLimit >= settings.overVoltageLimit) throw fieldError('underVoltageLimit', 'below', { other: 'overVoltageLimit' });
  if (settings.underFrequencyLimit >= settings.overFrequencyLimit) throw fieldError('underFrequencyLimit', 'below', { other: 'overFrequencyLimit' });
  if (settings.exportLimitEnable === 1 && settings.exportLimitPower === undefined) throw fieldError('exportLimitPower', 'required');
  if (settings.exportLimitEnable === 0) delete settings.exportLimitPower;
  return settings;
}

/** A setting's value as the change log keeps it. */
export const logValue = (value: unknown): string | null => (value === undefined || value === null ? null : String(value));

/** The settings whose value differs between before and after, with both values, in SAFETY_FIELDS order. */
export function changedSettings(before: Partial<SafetySettings> | undefined, after: Partial<SafetySettings>) {
  return SAFETY_FIELDS
    .map((setting) => ({ setting, oldValue: logValue(before?.[setting]), newValue: logValue(after[setting]) }))
    .filter((c) => c.oldValue !== c.newValue);
}
