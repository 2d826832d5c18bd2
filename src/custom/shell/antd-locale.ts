import { useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { Locale } from 'antd/es/locale';
import type { Lang } from '@/i18n';

// Each language's antd texts (pagination, pickers, empty states, table filters) and dayjs calendar
// are chunks of their own, loaded with the language file: the login page carries only English.
// The ES modules: the package's `antd/locale/*` entries are CommonJS re-exports, whose default
// import the build resolved to an object without the component texts (antd fell back to English).
const antdLocales: Record<Lang, () => Promise<{ default: Locale }>> = {
  en: () => import('antd/es/locale/en_US'),
  'zh-CN': () => import('antd/es/locale/zh_CN'),
  'zh-TW': () => import('antd/es/locale/zh_TW'),
  de: () => import('antd/es/locale/de_DE'),
  fr: () => import('antd/es/locale/fr_FR'),
  es: () => import('antd/es/locale/es_ES'),
  it: () => import('antd/es/locale/it_IT'),
  nl: () => import('antd/es/locale/nl_NL'),
  pl: () => import('antd/es/locale/pl_PL'),
  pt: () => import('antd/es/locale/pt_PT'),
  'sv-SE': () => import('antd/es/locale/sv_SE'),
  'cs-CZ': () => import('antd/es/locale/cs_CZ'),
  vi: () => import('antd/es/locale/vi_VN'),
  he: () => import('antd/es/locale/he_IL'),
};

/** dayjs's name of each language (English is built in); importing the module registers it. */
const dayjsLocales: Record<Lang, [name: string, load?: () => Promise<unknown>]> = {
  en: ['en'],
  'zh-CN': ['zh-cn', () => import('dayjs/locale/zh-cn')],
  'zh-TW': ['zh-tw', () => import('dayjs/locale/zh-tw')],
  de: ['de', () => import('dayjs/locale/de')],
  fr: ['fr', () => import('dayjs/locale/fr')],
  es: ['es', () => import('dayjs/locale/es')],
  it: ['it', () => import('dayjs/locale/it')],
  nl: ['nl', () => import('dayjs/locale/nl')],
  pl: ['pl', () => import('dayjs/locale/pl')],
  pt: ['pt', () => import('dayjs/locale/pt')],
  'sv-SE': ['sv', () => import('dayjs/locale/sv')],
  'cs-CZ': ['cs', () => import('dayjs/locale/cs')],
  vi: ['vi', () => import('dayjs/locale/vi')],
  he: ['he', () => import('dayjs/locale/he')],
};

const loaded = new Map<string, Locale>();

/** Loads a language's antd and dayjs texts once; a failed download leaves antd in English. */
export async function loadUiLocale(lang: string): Promise<void> {
  if (loaded.has(lang) || !(lang in antdLocales)) return;
  const [antd] = await Promise.all([antdLocales[lang as Lang](), dayjsLocales[lang as Lang][1]?.()]);
  loaded.set(lang, antd.default);
}

/**
 * antd's locale and the pickers' calendar in the UI language. The language switch and the first
 * render wait for loadUiLocale, so this normally has the locale at once; if not, it loads it.
 */
export function useAntdLocale(): Locale | undefined {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const locale = loaded.get(lang);
  useEffect(() => {
    if (!locale) void loadUiLocale(lang).then(rerender, () => undefined);
  }, [lang, locale]);
  const day = dayjsLocales[lang as Lang];
  dayjs.locale(locale && day ? day[0] : 'en');
  return locale;
}
