// i18next with one language file per language, each its own chunk: the browser downloads only
// the language it shows (every file adds about 20 kB gzip, and the login page has a budget).
// The language comes from the `lang` URL parameter, then the stored choice, then the build
// locale (en), then zh (000 section 4). Render after `i18nReady`; changeLanguage loads the
// new file before it switches.
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { keys } from '@/api/storage';

export const LANGUAGES = [
  { lang: 'en', langName: 'English' },
  { lang: 'zh-CN', langName: '简体中文' },
] as const;
export type Lang = (typeof LANGUAGES)[number]['lang'];

const BUILD_LOCALE: Lang = 'en';
/** Short codes some links use (000 section 9); unknown ones fall through to the next source. */
const ALIASES: Record<string, string> = { zh: 'zh-CN' };

const supported = (lang: string | null | undefined): Lang | undefined => {
  const code = lang ? (ALIASES[lang] ?? lang) : undefined;
  return LANGUAGES.find((l) => l.lang === code)?.lang;
};

export function initialLanguage(): Lang {
  const fromUrl = supported(new URLSearchParams(location.search).get('lang'));
  let stored: string | null = null;
  try {
    stored = JSON.parse(localStorage.getItem(keys.lang) ?? 'null')?.value ?? null;
  } catch {
    stored = null;
  }
  return fromUrl ?? supported(stored) ?? BUILD_LOCALE;
}

export function saveLanguage(lang: Lang): void {
  localStorage.setItem(keys.lang, JSON.stringify({ value: lang, expiresAt: null }));
}

const files = import.meta.glob<{ default: Record<string, unknown> }>('./*.json');

/** Loads a language's file on first use; the test keeps every file holding the same keys. */
const languageFiles: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (lang, _namespace, done) => {
    const load = files[`./${lang}.json`];
    if (!load) return done(new Error(`no language file for ${lang}`), null);
    load().then((file) => done(null, file.default), (error: Error) => done(error, null));
  },
};

/** Settles once the first language is loaded; a failed download still lets the app render. */
export const i18nReady: Promise<unknown> = i18n
  .use(languageFiles)
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
    // Every file has every key, so no second file is needed as a fallback.
    fallbackLng: false,
    supportedLngs: LANGUAGES.map((l) => l.lang),
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    returnNull: false,
  })
  .catch(() => undefined)
  .finally(() => {
    document.documentElement.lang = i18n.language;
  });

export default i18n;
