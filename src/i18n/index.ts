// i18next with one language file per language, each its own chunk: the browser downloads only
// the language it shows (every file adds about 20 kB gzip, and the login page has a budget).
// The language comes from the `lang` URL parameter, then the stored choice, then the build
// locale (en), then zh (000 section 4). Render after `i18nReady`; changeLanguage loads the
// new file before it switches.
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { keys } from '@/api/storage';
import { KNOWN_LANGUAGES, resolveLanguage, stripZeroWidth, supportedLanguage as supportedAmong, type Lang } from './languages';

export { NOTICE_LANGUAGES, type Lang } from './languages';

const files = import.meta.glob<{ default: Record<string, unknown> }>('./*.json');

/** The languages this build has a file for, in display order: only these are ever offered. */
export const LANGUAGES = KNOWN_LANGUAGES.filter((l) => `./${l.lang}.json` in files);
const available = LANGUAGES.map((l) => l.lang);

/** The language a code names (an alias, a full code, a regional variant), if the build has its file. */
export const supportedLanguage = (code: string | null | undefined): Lang | undefined => supportedAmong(code, available);

export function initialLanguage(): Lang {
  let stored: string | null = null;
  try {
    stored = JSON.parse(localStorage.getItem(keys.lang) ?? 'null')?.value ?? null;
  } catch {
    stored = null;
  }
  return resolveLanguage(new URLSearchParams(location.search).get('lang'), stored, available);
}

export function saveLanguage(lang: Lang): void {
  localStorage.setItem(keys.lang, JSON.stringify({ value: lang, expiresAt: null }));
}

/** Loads a language's file on first use; the test keeps every file holding the same keys. */
const languageFiles: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (lang, _namespace, done) => {
    const load = files[`./${lang}.json`];
    if (!load) return done(new Error(`no language file for ${lang}`), null);
    load().then((file) => done(null, stripZeroWidth(file.default)), (error: Error) => done(error, null));
  },
};

/** `<html lang dir>` follow the language: Hebrew lays the whole page out right to left. */
function markDocument(lang: string): void {
  document.documentElement.lang = lang;
  document.documentElement.dir = i18n.dir(lang);
}
i18n.on('languageChanged', markDocument);

const first = initialLanguage();
// A language asked for in the URL is remembered, so that it survives a reload and the login.
if (supportedLanguage(new URLSearchParams(location.search).get('lang'))) saveLanguage(first);

/** Settles once the first language is loaded; a failed download still lets the app render. */
export const i18nReady: Promise<unknown> = i18n
  .use(languageFiles)
  .use(initReactI18next)
  .init({
    lng: first,
    // Every file has every key, so no second file is needed as a fallback.
    fallbackLng: false,
    supportedLngs: available,
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    returnNull: false,
  })
  .catch(() => undefined)
  .finally(() => markDocument(i18n.language));

export default i18n;
