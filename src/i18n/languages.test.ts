// The resolution order and language codes of 000 sections 4 and 9, and the brand's language list.
import { describe, expect, it } from 'vitest';
import { KNOWN_LANGUAGES, offeredFromOem, resolveLanguage, supportedLanguage } from './languages';

const all = KNOWN_LANGUAGES.map((l) => l.lang);

describe('supportedLanguage', () => {
  it.each([
    ['zh', 'zh-CN'], ['sv', 'sv-SE'], ['ft', 'zh-TW'], ['cs', 'cs-CZ'],
    ['zh-CN', 'zh-CN'], ['zh-TW', 'zh-TW'], ['sv-SE', 'sv-SE'], ['cs-CZ', 'cs-CZ'], ['en', 'en'], ['vi', 'vi'], ['he', 'he'],
    ['de-DE', 'de'], ['de-AT', 'de'], ['fr_FR', 'fr'], ['pt-BR', 'pt'], ['en-US', 'en'], ['sv-FI', 'sv-SE'], ['cs_cz', 'cs-CZ'],
    ['zh-cn', 'zh-CN'], ['zh-Hant-TW', 'zh-TW'], ['zh-HK', 'zh-TW'], ['zh-Hans', 'zh-CN'], ['iw', 'he'], [' de ', 'de'],
  ])('reads %s as %s', (code, lang) => {
    expect(supportedLanguage(code, all)).toBe(lang);
  });

  it.each([null, undefined, '', 'xx', 'ja', 'klingon', '-'])('knows no language in %s', (code) => {
    expect(supportedLanguage(code, all)).toBeUndefined();
  });

  it('answers only languages the build has a file for', () => {
    expect(supportedLanguage('de', ['en', 'zh-CN'])).toBeUndefined();
    expect(supportedLanguage('zh', ['en', 'zh-CN'])).toBe('zh-CN');
  });
});

describe('resolveLanguage', () => {
  it('takes the URL parameter first', () => {
    expect(resolveLanguage('he', 'zh-CN', all)).toBe('he');
    expect(resolveLanguage('ft', 'de', all)).toBe('zh-TW');
  });

  it('takes the stored language when the URL names none or an unknown one', () => {
    expect(resolveLanguage(null, 'zh-CN', all)).toBe('zh-CN');
    expect(resolveLanguage('xx', 'sv', all)).toBe('sv-SE');
  });

  it('falls back to the build locale, English', () => {
    expect(resolveLanguage(null, null, all)).toBe('en');
    expect(resolveLanguage('xx', 'yy', all)).toBe('en');
  });

  it('falls back to Chinese when the build has no English', () => {
    expect(resolveLanguage(null, null, ['zh-CN', 'de'])).toBe('zh-CN');
  });

  it('passes over a stored language the build lacks', () => {
    expect(resolveLanguage(null, 'de', ['en', 'zh-CN'])).toBe('en');
  });
});

describe('offeredFromOem', () => {
  const entry = (lang: string, value: string, langName = lang) => ({ lang, value, langName, defaultLang: 0 });

  it('offers the brand languages the build has, in the brand order, with the brand names', () => {
    const list = [entry('en', 'en', 'English'), entry('ft', 'zh-TW', '繁體'), entry('ja', 'ja-JP'), entry('zh', 'zh-CN', '中文')];
    expect(offeredFromOem(list, all)).toEqual([
      { lang: 'en', langName: 'English' }, { lang: 'zh-TW', langName: '繁體' }, { lang: 'zh-CN', langName: '中文' },
    ]);
  });

  it('reads the server code when the UI locale is unknown, once per language', () => {
    expect(offeredFromOem([entry('sv', 'sv_XX'), entry('sv', 'sv-SE')], all)).toEqual([{ lang: 'sv-SE', langName: 'sv' }]);
  });

  it('names a language itself when the brand gives no name', () => {
    expect(offeredFromOem([entry('cs', 'cs-CZ', '')], all)).toEqual([{ lang: 'cs-CZ', langName: 'Čeština' }]);
  });

  it('leaves out languages without a file', () => {
    expect(offeredFromOem([entry('de', 'de'), entry('en', 'en')], ['en', 'zh-CN'])).toEqual([{ lang: 'en', langName: 'en' }]);
  });
});
