// Rules of the add/edit plant wizard (001 sections 4, 5 and 9) as plain functions, with their
// limits as named constants, so that the wizard and its tests read each rule in one place.

export const MAX_SN_LENGTH = 30;
export const MAX_RATED_POWER_KWP = 2500;
/** Rated power of an energy manager of the C6 family (isEmsAddC6 = 1). */
export const MAX_RATED_POWER_EMS_C6_KWP = 600;
export const ALIAS_MIN = 2;
export const ALIAS_MAX = 30;
export const MAX_SYSTEM_POWER_KWP = 10000;
export const MAX_GRID_PRICE = 10000;
export const MAX_GRID_PRICE_RMB = 2;
export const MAX_MODULE_NUM = 1000;
export const PLANT_NAME_MAX = 100;
export const ADDRESS_MAX = 255;
export const STREET_TYPE_MAX = 30;
export const STREET_MAX = 200;
export const METER_ID_MAX = 30;
export const AU_CITY_KEYWORD_MIN = 3;
export const STEP_SCROLL_DELAY_MS = 1000;
export const UPGRADE_CONFIRM_COUNTDOWN_S = 5;

/** snType values (001 section 3). */
export const SnType = { inverter: 1, meter: 2, energyManager: 3, module: 4, moduleNa: 5, charger: 6, energyManager7: 7 } as const;

/** A scanned device as the rules need it. */
export interface ScanRecord {
  sn: string;
  snType: number;
  snExist: number;
  isBindPlant: number;
  isShowRatedPower: number;
  ifCMPDevice?: number | undefined;
  isEmsAddC6?: number | undefined;
}

/** The first scanned type limits later scans: 1 allows 1 and 6; 2 allows nothing; 3 refuses 2. */
export function typeAllowedAfter(firstType: number | undefined, nextType: number): boolean {
  if (firstType === undefined) return true;
  if (firstType === SnType.inverter) return nextType === SnType.inverter || nextType === SnType.charger;
  if (firstType === SnType.meter) return false;
  if (firstType === SnType.energyManager) return nextType !== SnType.meter;
  return true;
}

/** The scan button is disabled once the first scanned type is 2. */
export const scanClosed = (firstType: number | undefined) => firstType === SnType.meter;

/** A child may be deleted only under a type 3 parent with ifCMPDevice 1, or a type 5 parent. */
export const childDeletable = (parent: Pick<ScanRecord, 'snType' | 'ifCMPDevice'>) =>
  (parent.snType === SnType.energyManager && parent.ifCMPDevice === 1) || parent.snType === SnType.moduleNa;

/** A charger draws power (kW); the devices that produce or store it are rated in kWp. */
export const ratedPowerUnit = (snType: number) => (snType === SnType.charger ? 'kW' : 'kWp');

export const ratedPowerMax = (isEmsAddC6: number | undefined) => (isEmsAddC6 === 1 ? MAX_RATED_POWER_EMS_C6_KWP : MAX_RATED_POWER_KWP);

/** Greater than 0 and at most the device's maximum. */
export function ratedPowerValid(value: number | undefined | null, isEmsAddC6: number | undefined): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= ratedPowerMax(isEmsAddC6);
}

/** An alias is optional; a given one has 2 to 30 characters and no comma (aliases travel comma-joined). */
export const aliasValid = (alias: string | undefined) => !alias || (alias.trim().length >= ALIAS_MIN && alias.trim().length <= ALIAS_MAX && !alias.includes(','));

/** Why a serial just scanned cannot join the list, if it cannot. */
export type ScanRefusal = 'duplicate' | 'badCombination' | 'notExist' | 'bound';

export function scanRefusal(list: readonly ScanRecord[], record: ScanRecord): ScanRefusal | undefined {
  if (list.some((d) => d.sn.toLowerCase() === record.sn.toLowerCase())) return 'duplicate';
  if (!typeAllowedAfter(list[0]?.snType, record.snType)) return 'badCombination';
  if (record.snExist !== 1) return 'notExist';
  if (record.isBindPlant === 1) return 'bound';
  return undefined;
}

/** Why the scan step cannot go on: at least one device, none bound, all existing, rated powers present and valid. */
export type ProceedProblem = 'noDevices' | 'bound' | 'notExist' | 'missingRatedPower' | 'wrongPowerRange';

export function proceedProblem(devices: readonly (ScanRecord & { ratedPower?: number | undefined | null })[]): ProceedProblem | undefined {
  if (devices.length === 0) return 'noDevices';
  if (devices.some((d) => d.isBindPlant === 1)) return 'bound';
  if (devices.some((d) => d.snExist !== 1)) return 'notExist';
  const asked = devices.filter((d) => d.isShowRatedPower === 1);
  if (asked.some((d) => d.ratedPower === undefined || d.ratedPower === null)) return 'missingRatedPower';
  if (asked.some((d) => !ratedPowerValid(d.ratedPower, d.isEmsAddC6))) return 'wrongPowerRange';
  return undefined;
}

/** The largest system power the form takes: the site's maximum, or the C6 maximum for a first type 3 device with isEmsAddC6. */
export function systemPowerMax(site: { maxSystemPower: number; maxSystemPowerEmsC6: number }, first: Pick<ScanRecord, 'snType' | 'isEmsAddC6'> | undefined): number {
  return first?.snType === SnType.energyManager && first.isEmsAddC6 === 1 ? site.maxSystemPowerEmsC6 : site.maxSystemPower;
}

/** The value the form keeps, and whether it had to lower it (the form then says so beside the field). */
export function clampSystemPower(value: number, max: number): { value: number; clamped: boolean } {
  return value > max ? { value: max, clamped: true } : { value, clamped: false };
}

export const maxGridPrice = (currencyName: string | undefined) => (currencyName === 'RMB' ? MAX_GRID_PRICE_RMB : MAX_GRID_PRICE);

/** RMB for the domestic area, AUD overseas. */
export const defaultCurrency = (domestic: boolean) => (domestic ? 'RMB' : 'AUD');

/** The overseas flag: '0' on the China site (the spec's "environment language zh"), '1' elsewhere. */
export const overseasFlag = (region: string) => (region === 'cn' ? '0' : '1');

/** Plant type 2 is saved as 3. */
export const savedPlantType = <T extends number | undefined>(type: T): T => (type === 2 ? 3 : type) as T;

/** Serials trimmed, empty ones dropped, each once (the first spelling kept), comma-joined. */
export function joinSerials(serials: readonly string[]): string {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of serials) {
    const sn = raw.trim();
    if (sn && !seen.has(sn.toLowerCase())) {
      seen.add(sn.toLowerCase());
      out.push(sn);
    }
  }
  return out.join(',');
}

/** The plant type's label key: types 0 and 1 have their own, every other type shares one. */
export const plantTypeLabel = (type: number | undefined) => (type === 0 ? 'plant.typeLabels.pv' : type === 1 ? 'plant.typeLabels.storage' : 'plant.typeLabels.commercial');
