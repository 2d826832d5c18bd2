// The UI languages and how a code from a link, the stored choice or the server's language list
// becomes one of them (000 sections 4 and 9). Pure, so that the rules are unit-tested in Node.

/** Every language the portal knows, named in itself; one is shown when src/i18n/<lang>.json exists. */
export const KNOWN_LANGUAGES = [
  { lang: 'en', langName: 'English' },
  { lang: 'zh-CN', langName: '简体中文' },
  { lang: 'zh-TW', langName: '繁體中文' },
  { lang: 'de', langName: 'Deutsch' },
  { lang: 'fr', langName: 'Français' },
  { lang: 'es', langName: 'Español' },
  { lang: 'it', langName: 'Italiano' },
  { lang: 'nl', langName: 'Nederlands' },
  { lang: 'pl', langName: 'Polski' },
  { lang: 'pt', langName: 'Português' },
  { lang: 'sv-SE', langName: 'Svenska' },
  { lang: 'cs-CZ', langName: 'Čeština' },
  { lang: 'vi', langName: 'Tiếng Việt' },
  { lang: 'he', langName: 'עברית' },
] as const;
export type Lang = (typeof KNOWN_LANGUAGES)[number]['lang'];

export const BUILD_LOCALE: Lang = 'en';
/** The last resort of the resolution order, after the build locale. */
const LAST_RESORT: Lang = 'zh-CN';

/**
 * Codes that name a language other than by our file name, lower-case: the server's short codes
 * (zh, sv, ft, cs: 000 section 9), script subtags and the legacy Hebrew code browsers still send.
 */
const ALIASES: Record<string, Lang> = {
  zh: 'zh-CN', 'zh-hans': 'zh-CN', 'zh-sg': 'zh-CN',
  ft: 'zh-TW', 'zh-hant': 'zh-TW', 'zh-hk': 'zh-TW', 'zh-mo': 'zh-TW',
  sv: 'sv-SE', cs: 'cs-CZ', iw: 'he',
};

/**
 * The language a code names among `available`, or undefined. Case and `_` do not matter; a
 * region we have no file for falls back to its language (de-AT is de, sv-FI is sv-SE).
 */
export function supportedLanguage(code: string | null | undefined, available: readonly string[] = KNOWN_LANGUAGES.map((l) => l.lang)): Lang | undefined {
  if (!code) return undefined;
  const parts = code.trim().replace(/_/g, '-').toLowerCase().split('-');
  // The longest prefix that names a language wins: zh-Hant-TW is zh-Hant before it is zh.
  for (let n = parts.length; n > 0; n--) {
    const prefix = parts.slice(0, n).join('-');
    const lang = ALIASES[prefix] ?? KNOWN_LANGUAGES.find((l) => l.lang.toLowerCase() === prefix)?.lang;
    if (lang && available.includes(lang)) return lang;
  }
  return undefined;
}

/** 000 section 4: the `lang` URL parameter, then the stored language, then the build locale, then zh. */
export function resolveLanguage(fromUrl: string | null | undefined, stored: string | null | undefined, available: readonly string[] = KNOWN_LANGUAGES.map((l) => l.lang)): Lang {
  return supportedLanguage(fromUrl, available) ?? supportedLanguage(stored, available)
    ?? supportedLanguage(BUILD_LOCALE, available) ?? LAST_RESORT;
}

// An alternation, not a class: a class holding a joiner reads as one joined character.
const ZERO_WIDTH = /\u200B|\u200D|\uFEFF/g;

/** Translations may carry zero-width joiners and spaces from their editors; none reaches the screen (000 section 9). */
export function stripZeroWidth<T>(value: T): T {
  if (typeof value === 'string') return value.replace(ZERO_WIDTH, '') as T;
  if (Array.isArray(value)) return value.map(stripZeroWidth) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, stripZeroWidth(v)])) as T;
  }
  return value;
}

/** Languages whose users confirm a notice about the translation once (vi and he). */
export const NOTICE_LANGUAGES: readonly Lang[] = ['vi', 'he'];

/** One entry of the server's OEM language list (000 section 3, Language option). */
export interface OemLanguage {
  lang: string;
  langName: string;
  defaultLang: number;
  value: string;
}
export interface LanguageOption {
  lang: Lang;
  langName: string;
}

/**
 * The languages to offer from the brand's list, in its order: each entry's UI locale (`value`, else
 * its server code), kept only when the build has that language's file, once each.
 */
export function offeredFromOem(list: readonly OemLanguage[], available: readonly string[]): LanguageOption[] {
  const offered = new Map<Lang, string>();
  for (const entry of list) {
    const lang = supportedLanguage(entry.value, available) ?? supportedLanguage(entry.lang, available);
    if (lang && !offered.has(lang)) offered.set(lang, entry.langName || KNOWN_LANGUAGES.find((l) => l.lang === lang)!.langName);
  }
  return [...offered].map(([lang, langName]) => ({ lang, langName }));
}
