import type { I18nProvider } from '@refinedev/core';
import i18n, { saveLanguage, type Lang } from '@/i18n';

export const i18nProvider: I18nProvider = {
  translate: (key: string, options?: unknown, defaultMessage?: string) => {
    const text = i18n.t(key, options as Record<string, unknown>);
    return text === key && defaultMessage ? defaultMessage : String(text);
  },
  changeLocale: async (lang: string) => {
    saveLanguage(lang as Lang);
    await i18n.changeLanguage(lang);
    document.documentElement.lang = lang;
  },
  getLocale: () => i18n.language,
};
