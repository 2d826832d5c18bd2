// i18next with every language bundled (they are small). The language comes from the `lang`
// URL parameter, then the stored choice, then the build locale (en), then zh (000 section 4).
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import zhCN from './zh-CN.json';
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

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, 'zh-CN': { translation: zhCN } },
  lng: initialLanguage(),
  fallbackLng: ['en', 'zh-CN'],
  interpolation: { escapeValue: false },
  returnNull: false,
});
document.documentElement.lang = i18n.language;

export default i18n;
