// What the plant form reads from the server once: the site's rules (region, maxima, default
// currency), the currencies, and the countries the user may choose.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';

export type SysParam = DataOf<'getSysParam'>;
export type Currency = DataOf<'currencyList'>[number];
export type Country = DataOf<'userCountryList'>[number];
export type TimeZoneOption = DataOf<'timeZoneList'>[number];

export function useSiteData() {
  const { i18n } = useTranslation();
  const [sysParam, setSysParam] = useState<SysParam>();
  const [currencies, setCurrencies] = useState<Currency[]>([]);
  const [countries, setCountries] = useState<Country[]>([]);

  useEffect(() => {
    void call('getSysParam', { silent: true }).then(setSysParam, () => undefined);
  }, []);
  useEffect(() => {
    void call('currencyList', { silent: true }).then(setCurrencies, () => setCurrencies([]));
    void call('userCountryList', { silent: true }).then(setCountries, () => setCountries([]));
  }, [i18n.language]);
  return { sysParam, currencies, countries };
}

/** The time zones of a country (all of them without one). */
export function useTimeZones(countryCode: string | undefined) {
  const [zones, setZones] = useState<TimeZoneOption[]>([]);
  useEffect(() => {
    const code = countryCode && /^[A-Z]{2}$/.test(countryCode) ? countryCode : undefined;
    void call('timeZoneList', { query: { countryCode: code }, silent: true }).then(setZones, () => setZones([]));
  }, [countryCode]);
  return zones;
}
