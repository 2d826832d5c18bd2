// What the plant form depends on per site, and the documented factors of getPlantAchievements.
import type { Site } from '../../config.ts';
import { siteCurrency, siteSystemPowerMax } from './plant-rules.ts';

export const sysParam = (site: Site) => ({ region: site, defaultCurrencyName: siteCurrency(site), ...siteSystemPowerMax(site) });

/**
 * Default electricity prices that pre-fill the form where the country has no plant configuration,
 * per kWh in the country's currency: typical residential tariffs (rounded), a starting point the
 * installer corrects. Other countries get the site's currency and price. The demo seed's plant
 * configurations start from this table.
 */
export const DEFAULT_PRICES: Record<string, { price: number; currency: string }> = {
  CN: { price: 0.5, currency: 'RMB' },
  AU: { price: 0.3, currency: 'AUD' },
  NZ: { price: 0.3, currency: 'NZD' },
  GB: { price: 0.25, currency: 'GBP' },
  DE: { price: 0.35, currency: 'EUR' },
  NL: { price: 0.3, currency: 'EUR' },
  US: { price: 0.16, currency: 'USD' },
  ZA: { price: 3, currency: 'ZAR' },
  BR: { price: 0.8, currency: 'BRL' },
  JP: { price: 30, currency: 'JPY' },
};

/** A country's plant configuration (editPlantConfig) as the form's defaults read it. */
export interface CountryConfig {
  currencyName: string;
  defaultGridPrice: number;
  maxSystemPower: number;
  timeZone: string | null;
}

/**
 * What a new plant of the country starts with: its plant configuration when it has one, else the
 * built-in tariffs, else the site's own price and currency.
 */
export function defaultGridPrice(site: Site, countryCode: string | undefined, config?: CountryConfig) {
  if (config) {
    return {
      defaultGridPrice: config.defaultGridPrice, currencyName: config.currencyName, maxSystemPower: config.maxSystemPower,
      ...(config.timeZone ? { timeZone: config.timeZone } : {}),
    };
  }
  const known = countryCode ? DEFAULT_PRICES[countryCode.toUpperCase()] : undefined;
  if (known) return { defaultGridPrice: known.price, currencyName: known.currency };
  const own = DEFAULT_PRICES[site === 'cn' ? 'CN' : 'AU']!;
  return { defaultGridPrice: own.price, currencyName: own.currency };
}

/** kg CO2 avoided per kWh (grid emission factor as the contract states it). */
export const CO2_KG_PER_KWH = 0.997;
/** kg standard coal saved per kWh. */
export const COAL_KG_PER_KWH = 0.4;
/** kg CO2 one tree absorbs in a year. */
export const CO2_KG_PER_TREE_YEAR = 18.3;

export function achievements(totalEnergyKwh: number, gridPrice: number, currencyName: string, since: Date, now = new Date()) {
  const energy = Math.max(0, totalEnergyKwh);
  const co2Kg = energy * CO2_KG_PER_KWH;
  return {
    runningDays: Math.max(0, Math.floor((now.getTime() - since.getTime()) / 86_400_000)),
    totalEnergy: round(energy, 3),
    totalIncome: round(energy * gridPrice, 2),
    currencyName,
    co2Reduction: round(co2Kg / 1000, 3),
    coalSaving: round((energy * COAL_KG_PER_KWH) / 1000, 3),
    treeEquivalent: Math.floor(co2Kg / CO2_KG_PER_TREE_YEAR),
  };
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;
