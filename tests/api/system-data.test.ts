// Country, time-zone and currency lists for registration, the personal center and the plant wizard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = (await t.api.login('owner')).token;
});
afterAll(() => t.close());

interface Area { code: string; label: string; type: number; name: string }

describe('country lists', () => {
  it('answers every country to anyone, named in the request language and ordered by that name', async () => {
    const en = (await t.api.get<Area[]>('/api/v1/sys/area/countryList')).body.data;
    const zh = (await t.api.get<Area[]>('/api/v1/sys/area/countryList', { lang: 'zh-CN' })).body.data;
    expect(en.length).toBeGreaterThan(240);
    expect(en.find((c) => c.code === 'AU')).toEqual({ code: 'AU', label: 'Australia', type: 2, name: 'Australia' });
    expect(zh.find((c) => c.code === 'CN')).toMatchObject({ label: '中国', name: 'China' });
    const labels = en.map((c) => c.label);
    expect(labels).toEqual([...labels].sort(new Intl.Collator('en').compare));
  });

  it("gives signed-in users the site's countries", async () => {
    const { body } = await t.api.get<Area[]>('/api/v1/sys/area/userCountryList', { token: owner });
    expect(body.errCode).toBe(0);
    expect(body.data.map((c) => c.code)).toContain('CN');
    expect((await t.api.get('/api/v1/sys/area/userCountryList')).body.errCode).toBe(10002);
  });
});

describe('time zones', () => {
  it("lists one country's zones with their offsets, or all", async () => {
    const au = (await t.api.get<{ timeZone: string; utcOffset: number }[]>('/api/v1/sys/timeZone/list', { token: owner, query: { countryCode: 'AU' } })).body.data;
    expect(au.map((z) => z.timeZone)).toEqual(expect.arrayContaining(['Australia/Sydney', 'Australia/Perth']));
    expect(au.every((z) => z.utcOffset >= 480 && z.utcOffset <= 660)).toBe(true);
    const all = (await t.api.get<unknown[]>('/api/v1/sys/timeZone/list', { token: owner })).body.data;
    expect(all.length).toBeGreaterThan(300);
  });

  it('refuses a malformed country code', async () => {
    const { body } = await t.api.get('/api/v1/sys/timeZone/list', { token: owner, query: { countryCode: 'australia' } });
    expect(body.errCode).toBe(10003);
  });
});

describe('China\'s provinces, cities and counties', () => {
  it('answer the domestic area picker to anyone, level by level', async () => {
    const provinces = (await t.api.get<Area[]>('/api/v1/sys/area/provinceList')).body.data;
    expect(provinces.find((p) => p.code === '44')).toEqual({ code: '44', label: '广东省', type: 3, name: '广东省' });
    const cities = (await t.api.get<Area[]>('/api/v1/sys/area/sonAreaList', { query: { parentCode: '44' } })).body.data;
    expect(cities.find((c) => c.code === '4403')).toMatchObject({ name: '深圳市', type: 4 });
    const counties = (await t.api.get<Area[]>('/api/v1/sys/area/sonAreaList', { query: { parentCode: '4403' } })).body.data;
    expect(counties.find((c) => c.name === '南山区')?.type).toBe(5);
    expect((await t.api.get<Area[]>('/api/v1/sys/area/sonAreaList', { query: { parentCode: '99' } })).body.data).toEqual([]);
    expect((await t.api.get<Area[]>('/api/v1/sys/area/provinceList', { query: { countryCode: 'AU' } })).body.data).toEqual([]);
  });
});

describe('currencies', () => {
  interface Currency { currencyName: string; symbol?: string; label: string; maxGridPrice: number }
  it('lists the grid-price currencies to signed-in users, named in their language, with each one\'s price limit', async () => {
    const en = await t.api.get<Currency[]>('/api/v1/sys/dict/currencyList', { token: owner });
    expect(en.body.errCode).toBe(0);
    expect(en.body.data.find((c) => c.currencyName === 'AUD')).toEqual({ currencyName: 'AUD', symbol: '$', label: 'Australian Dollar', maxGridPrice: 10000 });
    expect(en.body.data.find((c) => c.currencyName === 'RMB')?.maxGridPrice).toBe(2);
    const zh = await t.api.get<Currency[]>('/api/v1/sys/dict/currencyList', { token: owner, lang: 'zh-CN' });
    expect(zh.body.data.find((c) => c.currencyName === 'EUR')?.label).toBe('欧元');
    expect((await t.api.get('/api/v1/sys/dict/currencyList')).body.errCode).not.toBe(0);
  });
});

describe('user agreement and privacy policy', () => {
  interface Legal { version: string; title: string; content: string; publishTime: string }

  it('answers the latest published texts to anyone, in the request language', async () => {
    const en = (await t.api.get<{ protocol: Legal; policy: Legal }>('/api/v1/cms/protocol/getLatestProtocolAndPolicy')).body;
    expect(en.errCode).toBe(0);
    expect(en.data.protocol).toMatchObject({ version: '1.0', title: 'User agreement' });
    expect(en.data.policy.content).toMatch(/^<p>This policy explains/);
    const zh = (await t.api.get<{ protocol: Legal; policy: Legal }>('/api/v1/cms/protocol/getLatestProtocolAndPolicy', { lang: 'zh-CN' })).body.data;
    expect(zh.protocol.title).toBe('用户协议');
  });

  it('falls back to English for a language without a translation', async () => {
    const { body } = await t.api.get<{ protocol: Legal }>('/api/v1/cms/protocol/getLatestProtocolAndPolicy', { lang: 'sv-SE' });
    expect(body.data.protocol.title).toBe('User agreement');
  });
});
