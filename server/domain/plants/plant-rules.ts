// The plant form's rules that depend on the site or on other fields (001 section 5 as issue 8
// reads it); the per-field limits are the contract's. Each answers the first broken rule as a
// field and rule, so the handler can answer 10003 naming it.
import type { Site } from '../../config.ts';
import { MAX_GRID_PRICE, MAX_GRID_PRICE_RMB, MAX_SYSTEM_POWER_KWP, systemPowerMax } from '../../../src/lib/plant-rules.ts';

/** System power on the China site: at most 1000 kWp, 10000 for a type 3 first device with isEmsAddC6 1. */
export const CN_MAX_SYSTEM_POWER_KWP = 1000;

export function siteSystemPowerMax(site: Site) {
  return { maxSystemPower: site === 'cn' ? CN_MAX_SYSTEM_POWER_KWP : MAX_SYSTEM_POWER_KWP, maxSystemPowerEmsC6: MAX_SYSTEM_POWER_KWP };
}

/**
 * The site's maximum for a plant whose first device is of this type (the wizard's own rule),
 * lowered to the country's plant configuration's maximum when it has one.
 */
export const systemPowerLimit = (site: Site, firstType: number, isEmsAddC6: number, countryMax?: number): number => {
  const siteMax = systemPowerMax(siteSystemPowerMax(site), { snType: firstType, isEmsAddC6 });
  return countryMax !== undefined ? Math.min(siteMax, countryMax) : siteMax;
};

/** RMB on the China site, AUD elsewhere (the spec's domestic / overseas default). */
export const siteCurrency = (site: Site) => (site === 'cn' ? 'RMB' : 'AUD');

export interface PlantFormValues {
  type?: number | undefined;
  latitude?: number | undefined;
  longitude?: number | undefined;
  systemPower: number;
  gridPrice: number;
  currencyName?: string | undefined;
  isInstallMeter?: number | undefined;
  meterId?: string | undefined;
  ifInstallPv?: number | undefined;
  provinceCode?: string | undefined;
  cityCode?: string | undefined;
  countyCode?: string | undefined;
  zipCode?: string | undefined;
  streetType?: string | undefined;
  street?: string | undefined;
}

export interface RuleBreak {
  field: string;
  rule: string;
  params?: Record<string, string | number>;
}

const blank = (v: string | undefined) => v === undefined || v.trim() === '';

/** The first broken cross-field or site rule; `powerLimit` from systemPowerLimit. */
export function plantFormProblem(site: Site, v: PlantFormValues, powerLimit: number): RuleBreak | undefined {
  if (v.latitude !== undefined && (v.latitude < -90 || v.latitude > 90)) return { field: 'latitude', rule: 'minimum', params: { limit: -90 } };
  if (v.longitude !== undefined && (v.longitude < -180 || v.longitude > 180)) return { field: 'longitude', rule: 'minimum', params: { limit: -180 } };
  if (site === 'cn') {
    if (v.latitude === undefined) return { field: 'latitude', rule: 'required' };
    if (v.longitude === undefined) return { field: 'longitude', rule: 'required' };
    if (v.latitude < 0) return { field: 'latitude', rule: 'minimum', params: { limit: 0 } };
    for (const field of ['provinceCode', 'cityCode', 'countyCode'] as const) if (blank(v[field])) return { field, rule: 'required' };
  }
  if (site === 'au') {
    for (const field of ['zipCode', 'streetType', 'street', 'meterId'] as const) if (blank(v[field])) return { field, rule: 'required' };
  }
  if (!(v.systemPower > 0)) return { field: 'systemPower', rule: 'exclusiveMinimum', params: { limit: 0 } };
  if (v.systemPower > powerLimit) return { field: 'systemPower', rule: 'maximum', params: { limit: powerLimit } };
  if (!(v.gridPrice > 0)) return { field: 'gridPrice', rule: 'exclusiveMinimum', params: { limit: 0 } };
  const priceMax = v.currencyName === 'RMB' ? MAX_GRID_PRICE_RMB : MAX_GRID_PRICE;
  if (v.gridPrice > priceMax) return { field: 'gridPrice', rule: 'maximum', params: { limit: priceMax } };
  if (v.isInstallMeter === 1 && blank(v.meterId)) return { field: 'meterId', rule: 'required' };
  if (v.type !== undefined && v.type !== 0 && v.ifInstallPv === undefined) return { field: 'ifInstallPv', rule: 'required' };
  return undefined;
}
