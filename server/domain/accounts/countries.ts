// Countries that accounts may name (the codes are in src/lib/value-formats.ts). Names come from
// the runtime's ICU data in the request's language, so no translation table is kept here.
import { COUNTRY_CODES } from '../../../src/lib/value-formats.ts';

export function countryName(code: string, lang: string): string {
  return new Intl.DisplayNames([lang, 'en'], { type: 'region', fallback: 'code' }).of(code) ?? code;
}

/** Every country with its name in `lang`, ordered by that name as the language sorts. */
export function countries(lang: string, codes: readonly string[] = COUNTRY_CODES): { countryCode: string; countryName: string }[] {
  const names = new Intl.DisplayNames([lang, 'en'], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator([lang, 'en']);
  return codes.map((countryCode) => ({ countryCode, countryName: names.of(countryCode) ?? countryCode }))
    .sort((a, b) => collator.compare(a.countryName, b.countryName));
}
