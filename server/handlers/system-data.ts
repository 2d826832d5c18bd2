// Reference data: countries, time zones and currencies for pickers, the published user agreement and
// privacy policy, and the map's tile server. One site serves every country until sites
// (siteList) are configured, so the site's and the user's country lists are the full list.
import { countries } from '../domain/accounts/countries.ts';
import { childAreas, provincesOf } from '../domain/areas/china-divisions.ts';
import { currencies } from '../domain/areas/currencies.ts';
import { timeZoneOptions } from '../domain/areas/time-zone-list.ts';
import { AppError, ErrCode } from '../errors.ts';
import { latestLegalDocuments } from '../repositories/legal.ts';
import { defineHandlers } from './types.ts';

/** Area level of a country (area-item.schema.json `type`). */
const COUNTRY = 2;

function countryItems(lang: string) {
  const english = new Map(countries('en').map((c) => [c.countryCode, c.countryName]));
  return countries(lang).map((c) => ({ code: c.countryCode, label: c.countryName, type: COUNTRY as 2, name: english.get(c.countryCode)! }));
}

export const systemDataHandlers = defineHandlers({
  countryList: async ({ lang }) => countryItems(lang),
  listCurrentNodeCountry: async ({ lang }) => countryItems(lang),
  userCountryList: async ({ lang }) => countryItems(lang),
  timeZoneList: async ({ query }) => timeZoneOptions(query.countryCode),
  currencyList: async ({ lang }) => currencies(lang),
  provinceList: async ({ query }) => provincesOf(query.countryCode),
  sonAreaList: async ({ query }) => childAreas(query.parentCode),
  async getLatestProtocolAndPolicy({ db, lang }) {
    const documents = await latestLegalDocuments(db, lang);
    // Every installation seeds version 1.0; none published means the table was emptied by hand.
    if (!documents) throw new AppError(ErrCode.fault, 'error.legalMissing');
    return documents;
  },
  getMapKey: async ({ config }) => ({
    tileUrl: config.mapTileUrl,
    attribution: config.mapTileAttribution,
    ...(config.mapTileAttributionUrl ? { attributionUrl: config.mapTileAttributionUrl } : {}),
  }),
});
