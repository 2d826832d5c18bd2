// Releases, sites and industries (issue 24): getVersionInfo, getLast, siteList and getIndustryList
// read the rows administrators keep on System > Versions, Sites and Industries, texts in the
// request's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

interface Refusal { errors: { field: string; rule: string }[] }
const fieldsOf = (r: Refusal) => r.errors.map(({ field, rule }) => ({ field, rule }));

let t: TestApp;
let admin: string;
let owner: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.api.login('admin')).token;
  owner = (await t.api.login('owner')).token;
});
afterAll(() => t.close());

describe('getVersionInfo', () => {
  it('answers the newest web release and the earlier ones, notes in the request language', async () => {
    const { body } = await t.api.get<Record<string, unknown>>('/api/v1/sys/appVersion/getVersionInfo', { query: { platform: 'web' } });
    expect(body.errCode).toBe(0);
    expect(body.data).toMatchObject({ appVersion: '0.1.0', updateDate: '2026-11-20', updates: [{ appVersion: '0.0.9', updateDate: '2026-10-15', updateByLang: 'Alarm centre with per-plant thresholds.' }] });
    const zh = await t.api.get<{ updateByLang: string }>('/api/v1/sys/appVersion/getVersionInfo', { query: { platform: 'web' }, lang: 'zh-CN' });
    expect(zh.body.data.updateByLang).toBe('按品牌显示品牌信息，顶栏信息入口与系统数据管理页面。');
  });

  it('shows a release an administrator adds, and refuses a bad one naming the field', async () => {
    const add = (form: Record<string, string | number>) => t.api.post<Refusal>('/api/v1/sys/appVersion/add', { token: admin, form });
    expect((await add({ platform: 'web', appVersion: '0.2.0', updateDate: '2026-12-01', releaseNotes: 'Next release' })).body.errCode).toBe(0);
    const { body } = await t.api.get<{ appVersion: string; updates: { appVersion: string }[] }>('/api/v1/sys/appVersion/getVersionInfo', { token: owner, query: { platform: 'web' } });
    expect(body.data.appVersion).toBe('0.2.0');
    expect(body.data.updates.map((u) => u.appVersion)).toEqual(['0.1.0', '0.0.9']);

    const noUrl = await add({ platform: 'android', appVersion: '3.3.0', updateDate: '2026-12-01' });
    expect(noUrl.body.errCode).toBe(10003);
    expect(fieldsOf(noUrl.body.data)).toEqual([{ field: 'downloadUrl', rule: 'required' }]);
    const twice = await add({ platform: 'web', appVersion: '0.2.0', updateDate: '2026-12-02' });
    expect(twice.body.errCode).toBe(10003);
    expect(fieldsOf(twice.body.data)[0]?.rule).toBe('unique');
    const badVersion = await add({ platform: 'web', appVersion: 'v2.0.0', updateDate: '2026-12-02' });
    expect(fieldsOf(badVersion.body.data)).toEqual([{ field: 'appVersion', rule: 'pattern' }]);
    expect((await t.api.post('/api/v1/sys/appVersion/add', { token: owner, form: { platform: 'web', appVersion: '9.9.9', updateDate: '2026-12-02' } })).body.errCode).toBe(10005);
  });

  it('refuses an unknown platform with 10003 naming it', async () => {
    const { body } = await t.api.get<Refusal>('/api/v1/sys/appVersion/getVersionInfo', { query: { platform: 'desktop' } });
    expect(body.errCode).toBe(10003);
    expect(fieldsOf(body.data).map((e) => e.field)).toEqual(['platform']);
  });
});

describe('getLast', () => {
  it('answers the newest app release with its download URL, Android by default', async () => {
    const android = await t.api.get<Record<string, unknown>>('/api/v1/sys/appVersion/getLast');
    expect(android.body.data).toMatchObject({ platform: 'android', appVersion: '3.2.1', forceUpdate: 0, downloadUrl: expect.stringMatching(/^https:\/\/play\.google\.com\//) });
    const ios = await t.api.get<Record<string, unknown>>('/api/v1/sys/appVersion/getLast', { query: { platform: 'ios' }, lang: 'zh-CN' });
    expect(ios.body.data).toMatchObject({ platform: 'ios', appVersion: '3.2.0', updateByLang: '新增电池图表。' });
  });
});

describe('siteList', () => {
  it('offers the sites in order with the switch on, the one answering marked current', async () => {
    const { body } = await t.api.get<{ siteSwitch: number; selectNote: string; list: Record<string, unknown>[] }>('/api/v1/sys/site/list');
    expect(body.errCode).toBe(0);
    expect(body.data.siteSwitch).toBe(1);
    expect(body.data.selectNote).toBe('Choose the site that serves your country or region');
    // app.inject's host is localhost:80, the Global site's host.
    expect(body.data.list).toEqual([
      expect.objectContaining({ i18nSite: 'Global', domainUrl: 'http://localhost:8080', isCurrent: 1 }),
      expect.objectContaining({ i18nSite: 'China', domainUrl: 'http://cn.localhost:8080', siteDesc: 'Mainland China', isCurrent: 0 }),
    ]);
    const zh = await t.api.get<{ list: { i18nSite: string; siteDesc: string }[] }>('/api/v1/sys/site/list', { lang: 'zh-CN' });
    expect(zh.body.data.list.map((s) => [s.i18nSite, s.siteDesc])).toEqual([['国际站', '欧洲、非洲、美洲和大洋洲'], ['中国站', '中国大陆']]);
  });

  it("needs the system switch's permission from a signed-in caller", async () => {
    expect((await t.api.get('/api/v1/sys/site/list', { token: owner })).body.errCode).toBe(10005);
    expect((await t.api.get('/api/v1/sys/site/list', { token: admin })).body.errCode).toBe(0);
  });

  it('turns the switch off when one site is left, and refuses a site without an address', async () => {
    const bad = await t.api.post<Refusal>('/api/v1/sys/site/add', { token: admin, form: { siteName: 'Europe', domainUrl: 'not a url', sort: 30 } });
    expect(bad.body.errCode).toBe(10003);
    expect(fieldsOf(bad.body.data).map((e) => e.field)).toContain('domainUrl');
    const { body } = await t.api.get<{ list: { id: number; siteName: string }[] }>('/api/v1/sys/site/page', { token: admin, query: { siteName: 'China' } });
    expect((await t.api.post('/api/v1/sys/site/delete', { token: admin, form: { id: body.data.list[0]!.id } })).body.errCode).toBe(0);
    const after = await t.api.get<{ siteSwitch: number; list: unknown[] }>('/api/v1/sys/site/list');
    expect(after.body.data.siteSwitch).toBe(0);
    expect(after.body.data.list).toHaveLength(1);
  });
});

describe('getIndustryList', () => {
  it('lists the industries in their order, in the request language, with an added one in its place', async () => {
    const en = await t.api.get<{ id: number; name: string }[]>('/api/v1/sys/getIndustryList');
    expect(en.body.data.slice(0, 2).map((i) => i.name)).toEqual(['Solar installation', 'Energy storage']);
    expect((await t.api.post('/api/v1/sys/industry/add', { token: admin, form: { name: 'Hydrogen', nameZh: '氢能', sort: 5 } })).body.errCode).toBe(0);
    const zh = await t.api.get<{ name: string }[]>('/api/v1/sys/getIndustryList', { lang: 'zh-CN' });
    expect(zh.body.data.slice(0, 2).map((i) => i.name)).toEqual(['氢能', '光伏安装']);
    const clash = await t.api.post<Refusal>('/api/v1/sys/industry/add', { token: admin, form: { name: 'hydrogen', nameZh: '氢', sort: 6 } });
    expect(fieldsOf(clash.body.data)).toEqual([{ field: 'name', rule: 'unique' }]);
  });
});
