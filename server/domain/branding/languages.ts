// The UI languages a brand can offer (getOemLangList): the web app's locale (`value`), the code the
// server and the old clients use for it (`lang`: 000 section 9 maps zh, sv, ft, cs to zh-CN, sv-SE,
// zh-TW, cs-CZ) and its name in itself, which the language selector shows.

export interface LanguageOption {
  lang: string;
  langName: string;
  value: string;
}

export const LANGUAGES: readonly LanguageOption[] = [
  { value: 'en', lang: 'en', langName: 'English' },
  { value: 'zh-CN', lang: 'zh', langName: '简体中文' },
  { value: 'zh-TW', lang: 'ft', langName: '繁體中文' },
  { value: 'de', lang: 'de', langName: 'Deutsch' },
  { value: 'fr', lang: 'fr', langName: 'Français' },
  { value: 'es', lang: 'es', langName: 'Español' },
  { value: 'it', lang: 'it', langName: 'Italiano' },
  { value: 'nl', lang: 'nl', langName: 'Nederlands' },
  { value: 'pl', lang: 'pl', langName: 'Polski' },
  { value: 'pt', lang: 'pt', langName: 'Português' },
  { value: 'sv-SE', lang: 'sv', langName: 'Svenska' },
  { value: 'cs-CZ', lang: 'cs', langName: 'Čeština' },
  { value: 'vi', lang: 'vi', langName: 'Tiếng Việt' },
  { value: 'he', lang: 'he', langName: 'עברית' },
];

/** The locales of a brand's comma-separated `languages`, in order, each once. */
export const languageValues = (languages: string): string[] => [...new Set(languages.split(',').map((l) => l.trim()).filter(Boolean))];

/** The first locale of the list that the portal does not have, if any (brand.hooks.ts refuses it). */
export const unknownLanguage = (languages: string): string | undefined =>
  languageValues(languages).find((value) => !LANGUAGES.some((l) => l.value === value));

/** A brand's language options, its first language the default (exactly one has defaultLang 1). */
export function languageOptions(languages: string): (LanguageOption & { defaultLang: 0 | 1 })[] {
  const options = languageValues(languages).flatMap((value) => LANGUAGES.filter((l) => l.value === value));
  // A list the hook let through is never empty; an edited-by-hand row still answers English.
  const offered = options.length ? options : [LANGUAGES[0]!];
  return offered.map((option, i) => ({ ...option, defaultLang: i === 0 ? 1 : 0 }));
}
