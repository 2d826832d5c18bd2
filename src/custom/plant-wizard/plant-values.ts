// Between a stored plant, the wizard's form values and the request fields of addPlant/editPlant:
// switches become '1'/'0' (001 section 4), blanks are not sent.
import type { BodyOf, DataOf } from '@/api/contract-types';

type Plant = DataOf<'getOnePlantInfo'>;

/** The plant form's fields, in the order the requests take them. */
export const PLANT_FORM_FIELDS = [
  'plantName', 'countryCode', 'timeZone', 'address', 'longitude', 'latitude', 'provinceCode', 'cityCode', 'countyCode', 'province', 'city', 'county',
  'systemPower', 'gridPrice', 'currencyName', 'isInstallMeter', 'isParallel', 'moduleNum', 'pvPanelAngle', 'pvPanelAzimuth', 'zipCode', 'streetType',
  'street', 'meterId', 'gridNetType', 'payMode', 'useType', 'ifInstallPv', 'projectPic', 'plantLogo', 'moduleSn',
] as const;
/** Only a new plant sends its AU utility server; an existing one changes it through checkAntiPlantUpgradeInfo. */
export const NEW_PLANT_FIELDS = ['auAreaCode', 'auAreaCodeName'] as const;

type Field = (typeof PLANT_FORM_FIELDS)[number] | (typeof NEW_PLANT_FIELDS)[number];
const SWITCHES: readonly Field[] = ['isInstallMeter', 'isParallel'];

export function plantFormValues(plant: Plant): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of PLANT_FORM_FIELDS) {
    const value = (plant as Record<string, unknown>)[field];
    values[field] = SWITCHES.includes(field) ? value === 1 : value ?? undefined;
  }
  return values;
}

export function plantRequestFields(values: Record<string, unknown>, fields: readonly Field[] = PLANT_FORM_FIELDS) {
  const out: Record<string, string | number> = {};
  for (const field of fields) {
    const value = values[field];
    if (SWITCHES.includes(field)) out[field] = value ? 1 : 0;
    else if (typeof value === 'number' || (typeof value === 'string' && value.trim() !== '')) out[field] = value;
  }
  // The form's rules guarantee the required fields before this is called.
  return out as unknown as Omit<BodyOf<'editPlant'>, 'plantUid'>;
}

/** The plant's first device as the system-power rule reads it; undefined for a plant without devices. */
export function firstDeviceOf(plant: Plant): { snType: number; isEmsAddC6?: number | undefined } | undefined {
  return plant.snType === undefined ? undefined : { snType: plant.snType, isEmsAddC6: plant.isEmsAddC6 };
}
