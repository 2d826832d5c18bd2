import type { I18nProvider } from '@refinedev/core';
import i18n, { saveLanguage, supportedLanguage } from '@/i18n';
import { loadUiLocale } from '@/custom/shell/antd-locale';

export const i18nProvider: I18nProvider = {
  translate: (key: string, options?: unknown, defaultMessage?: string) => {
    const text = i18n.t(key, options as Record<string, unknown>);
    return text === key && defaultMessage ? defaultMessage : String(text);
  },
  /** Saves the choice, loads the language's texts and antd's, then switches all at once. */
  changeLocale: async (code: string) => {
    const lang = supportedLanguage(code);
    if (!lang) return;
    saveLanguage(lang);
    await Promise.all([loadUiLocale(lang).catch(() => undefined), i18n.loadLanguages(lang)]);
    await i18n.changeLanguage(lang);
  },
  getLocale: () => i18n.language,
};
