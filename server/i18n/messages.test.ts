import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogues, mergeCatalogue, pickLang, translate } from './messages.ts';

const placeholders = (message: string) => [...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();

/** The web app's languages: one file each in src/i18n. */
const webLanguages = readdirSync(path.join(import.meta.dirname, '../../src/i18n')).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -'.json'.length));

describe('server message catalogues', () => {
  const en = catalogues.en!;
  const others = Object.keys(catalogues).filter((lang) => lang !== 'en');

  it('are the web app\'s languages', () => {
    expect(Object.keys(catalogues).sort()).toEqual(webLanguages.sort());
    expect(others.length).toBeGreaterThanOrEqual(13);
  });

  it.each(others)('%s has the English keys and no empty message', (lang) => {
    const catalogue = catalogues[lang]!;
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort());
    expect(Object.entries(catalogue).filter(([, v]) => typeof v !== 'string' || !v.trim())).toEqual([]);
  });

  it.each(others)('%s keeps the placeholders of each English message, and adds none', (lang) => {
    const catalogue = catalogues[lang]!;
    const differing = Object.entries(en).filter(([key, message]) => placeholders(catalogue[key] ?? '').join() !== placeholders(message).join()).map(([key]) => key);
    expect(differing).toEqual([]);
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
    expect(pickLang('zh-TW', 'en')).toBe('zh-TW');
    expect(pickLang('de', 'en')).toBe('de');
  });

  it('falls through an unknown or non-string lang to Accept-Language', () => {
    expect(pickLang('ja', 'zh-CN,zh;q=0.9')).toBe('zh-CN');
    expect(pickLang(['en'], 'zh-CN')).toBe('zh-CN');
    expect(pickLang('', 'zh-CN')).toBe('zh-CN');
  });

  it('maps language tags to the catalogue of their language, Chinese by script or region', () => {
    expect(pickLang(undefined, 'zh-TW')).toBe('zh-TW');
    expect(pickLang(undefined, 'zh-Hant-HK')).toBe('zh-TW');
    expect(pickLang(undefined, 'ZH-hk;q=0.8')).toBe('zh-TW');
    expect(pickLang(undefined, 'zh')).toBe('zh-CN');
    expect(pickLang('ft', undefined)).toBe('zh-TW');
    expect(pickLang(undefined, 'iw')).toBe('he');
    expect(pickLang(undefined, 'zh-Hans-SG')).toBe('zh-CN');
    expect(pickLang(undefined, 'en-GB')).toBe('en');
    expect(pickLang(undefined, 'sv')).toBe('sv-SE');
    expect(pickLang(undefined, 'cs')).toBe('cs-CZ');
    expect(pickLang(undefined, 'de-AT')).toBe('de');
    expect(pickLang(undefined, 'PT-br')).toBe('pt');
  });

  it('takes the first supported language in Accept-Language order', () => {
    expect(pickLang(undefined, 'ja-JP, fr;q=0.9, zh-TW;q=0.8, en;q=0.7')).toBe('fr');
    expect(pickLang(undefined, 'ko;q=1, en-GB;q=0.9, zh-CN;q=0.8')).toBe('en');
  });

  it('falls back to English', () => {
    expect(pickLang(undefined, undefined)).toBe('en');
    expect(pickLang(undefined, '')).toBe('en');
    expect(pickLang('ja', 'ko-KR, th')).toBe('en');
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
    expect(translate('ja', 'error.forbidden')).toBe('You do not have permission to do this');
    expect(translate('ja', 'rule.required', { field: 'name' })).toBe('name: is required');
  });

  it('answers an unknown key with the key itself', () => {
    expect(translate('en', 'no.such.key')).toBe('no.such.key');
  });
});
