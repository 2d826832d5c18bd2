import { describe, expect, it } from 'vitest';
import { catalogues, mergeCatalogue, pickLang, translate } from './messages.ts';

const placeholders = (message: string) => [...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();

describe('server message catalogues', () => {
  const en = catalogues.en!;
  const zh = catalogues['zh-CN']!;

  it('are en and zh-CN', () => {
    expect(Object.keys(catalogues).sort()).toEqual(['en', 'zh-CN']);
  });

  it('have the same keys and no empty messages', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(en).length).toBeGreaterThan(0);
    expect(Object.entries({ ...en, ...zh }).filter(([, v]) => !v.trim())).toEqual([]);
  });

  it('keep every placeholder of an English message in its Chinese one', () => {
    const lost = Object.entries(en).flatMap(([key, message]) => {
      const chinese = (zh as Record<string, string>)[key] ?? '';
      return placeholders(message).filter((p) => !chinese.includes(`{${p}}`)).map((p) => `${key}: {${p}}`);
    });
    expect(lost).toEqual([]);
  });
});

describe('mergeCatalogue', () => {
  it('joins the areas, and refuses a key two of them define', () => {
    expect(mergeCatalogue({ a: 'A' }, [{ b: 'B' }, { c: 'C' }])).toEqual({ a: 'A', b: 'B', c: 'C' });
    expect(() => mergeCatalogue({ a: 'A' }, [{ b: 'B' }, { b: 'other B' }])).toThrow('server message b is defined twice');
    expect(() => mergeCatalogue({ a: 'A' }, [{ a: 'other A' }])).toThrow('server message a is defined twice');
  });
});

describe('pickLang', () => {
  it('prefers the lang query parameter', () => {
    expect(pickLang('zh-CN', 'en-US,en;q=0.9')).toBe('zh-CN');
    expect(pickLang('en', 'zh-CN')).toBe('en');
    expect(pickLang('zh-TW', 'en')).toBe('zh-CN');
  });

  it('falls through an unknown or non-string lang to Accept-Language', () => {
    expect(pickLang('fr', 'zh-CN,zh;q=0.9')).toBe('zh-CN');
    expect(pickLang(['en'], 'zh-CN')).toBe('zh-CN');
    expect(pickLang('', 'zh-CN')).toBe('zh-CN');
  });

  it('maps Accept-Language variants to the catalogue of their family', () => {
    expect(pickLang(undefined, 'zh-TW')).toBe('zh-CN');
    expect(pickLang(undefined, 'zh')).toBe('zh-CN');
    expect(pickLang(undefined, 'en-GB')).toBe('en');
    expect(pickLang(undefined, 'ZH-hk;q=0.8')).toBe('zh-CN');
  });

  it('takes the first supported language in Accept-Language order', () => {
    expect(pickLang(undefined, 'fr-FR, de;q=0.9, zh-TW;q=0.8, en;q=0.7')).toBe('zh-CN');
    expect(pickLang(undefined, 'fr-FR;q=1, en-GB;q=0.9, zh-CN;q=0.8')).toBe('en');
  });

  it('falls back to English', () => {
    expect(pickLang(undefined, undefined)).toBe('en');
    expect(pickLang(undefined, '')).toBe('en');
    expect(pickLang('fr', 'de-DE, ja')).toBe('en');
  });
});

describe('translate', () => {
  it('fills placeholders in the chosen language', () => {
    expect(translate('en', 'error.notFound', { path: '/x' })).toBe('No such path: /x');
    expect(translate('zh-CN', 'error.notFound', { path: '/x' })).toBe('路径不存在：/x');
    expect(translate('en', 'error.accountLocked', { minutes: 15 })).toBe('Too many wrong passwords; try again in 15 minutes');
    expect(translate('en', 'rule.unique', { field: 'modelCode', value: 'SUN-5K' })).toBe('modelCode: SUN-5K already exists');
  });

  it('leaves a placeholder without a value as it is', () => {
    expect(translate('en', 'rule.maxLength', { field: 'remark' })).toBe('remark: must be at most {limit} characters');
  });

  it('falls back to English for an unknown language', () => {
    expect(translate('fr', 'error.forbidden')).toBe('You do not have permission to do this');
    expect(translate('fr', 'rule.required', { field: 'name' })).toBe('name: is required');
  });

  it('answers an unknown key with the key itself', () => {
    expect(translate('en', 'no.such.key')).toBe('no.such.key');
  });
});
