import { describe, expect, it } from 'vitest';
import { languageOptions, unknownLanguage } from './languages.ts';

describe('languageOptions', () => {
  it('keeps the order, marks the first as default and maps the spec codes', () => {
    expect(languageOptions('zh-CN, en,sv-SE,zh-TW,cs-CZ')).toEqual([
      { value: 'zh-CN', lang: 'zh', langName: '简体中文', defaultLang: 1 },
      { value: 'en', lang: 'en', langName: 'English', defaultLang: 0 },
      { value: 'sv-SE', lang: 'sv', langName: 'Svenska', defaultLang: 0 },
      { value: 'zh-TW', lang: 'ft', langName: '繁體中文', defaultLang: 0 },
      { value: 'cs-CZ', lang: 'cs', langName: 'Čeština', defaultLang: 0 },
    ]);
  });

  it('lists a repeated locale once and falls back to English when none is known', () => {
    expect(languageOptions('de,de').map((o) => o.value)).toEqual(['de']);
    expect(languageOptions('xx')).toEqual([{ value: 'en', lang: 'en', langName: 'English', defaultLang: 1 }]);
  });
});

describe('unknownLanguage', () => {
  it('names the first locale the portal lacks', () => {
    expect(unknownLanguage('en,de')).toBeUndefined();
    expect(unknownLanguage('en,ja,ko')).toBe('ja');
  });
});
