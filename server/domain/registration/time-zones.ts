// The time zone a new account gets when registration names only a country.

/** Countries with several zones: the zone most of their people live in. */
const MAIN_ZONE: Record<string, string> = {
  AR: 'America/Argentina/Buenos_Aires', AU: 'Australia/Sydney', BR: 'America/Sao_Paulo', CA: 'America/Toronto',
  CD: 'Africa/Kinshasa', CL: 'America/Santiago', CN: 'Asia/Shanghai', CY: 'Asia/Nicosia', DE: 'Europe/Berlin',
  EC: 'America/Guayaquil', ES: 'Europe/Madrid', FM: 'Pacific/Pohnpei', GL: 'America/Nuuk', ID: 'Asia/Jakarta',
  KI: 'Pacific/Tarawa', KZ: 'Asia/Almaty', MN: 'Asia/Ulaanbaatar', MX: 'America/Mexico_City', MY: 'Asia/Kuala_Lumpur',
  NZ: 'Pacific/Auckland', PF: 'Pacific/Tahiti', PG: 'Pacific/Port_Moresby', PT: 'Europe/Lisbon', RU: 'Europe/Moscow',
  UA: 'Europe/Kyiv', UM: 'Pacific/Wake', US: 'America/New_York', UZ: 'Asia/Tashkent',
};

/** The zones ICU lists for a region (`Intl.Locale#timeZones` in Node 20, `getTimeZones()` later). */
export function zonesOf(countryCode: string): string[] {
  try {
    const locale = new Intl.Locale(`und-${countryCode}`) as Intl.Locale & { timeZones?: string[]; getTimeZones?: () => string[] };
    return locale.getTimeZones?.() ?? locale.timeZones ?? [];
  } catch {
    return [];
  }
}

/** The country's main IANA zone, or undefined for a code ICU does not know. */
export function mainTimeZone(countryCode: string): string | undefined {
  const code = countryCode.toUpperCase();
  return MAIN_ZONE[code] ?? zonesOf(code)[0];
}
