// Branding per brand (issue 24): getOemConfig, getOemLangList, aboutUsGetInfo and getAssistantConfig
// answer the brand of the request's host (the demo's partner brand is served on
// brightwatt.localhost), else the main brand; administrators keep the brands on System > Brands.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type CallOptions, type TestApp } from '../fixtures/app.ts';

type Row = Record<string, unknown> & { id: number };
interface Refusal { errors: { field: string; rule: string }[] }

let t: TestApp;
let admin: string;
let owner: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.api.login('admin')).token;
  owner = (await t.api.login('owner')).token;
});
afterAll(() => t.close());

/** A signed GET as the web app sends it, to the portal reached under `host`. */
async function getOn<T>(host: string, path: string, options: CallOptions = {}) {
  const request = t.api.request('GET', path, options);
  const response = await t.app.inject({ ...request, headers: { ...(request.headers as Record<string, string>), host } });
  return response.json() as { errCode: number; errMsg: string; data: T };
}

const brandRow = async (oemKey: string) => {
  const { body } = await t.api.get<{ list: Row[] }>('/api/v1/sys/brand/page', { token: admin, query: { oemKey } });
  expect(body.errCode).toBe(0);
  return body.data.list.find((b) => b.oemKey === oemKey)!;
};
/** An edit sends the whole record (a field left out is cleared), as the generated form does. */
const editBrand = (row: Row, changes: Record<string, string>) => {
  const { createTime: _c, updateTime: _u, createBy: _cb, updateBy: _ub, ...fields } = row;
  const stored = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null)) as Record<string, string>;
  return t.api.post<Row & Refusal>('/api/v1/sys/brand/edit', { token: admin, form: { ...stored, ...changes } });
};

describe('getOemConfig', () => {
  it('answers the main brand on a host no brand names, without a token', async () => {
    const { body } = await t.api.get<Record<string, unknown>>('/api/v1/sys/oem/getOemConfig');
    expect(body.errCode).toBe(0);
    expect(body.data).toMatchObject({
      oemKey: 'elekeeper', mainBrand: 1, platformName: 'Solar Portal', logoUrl: '/favicon.svg', faviconUrl: '/favicon.svg',
      callCenter: '+86 400 800 2026', email: 'service@solar-portal.example', postal: '200120',
    });
    expect(body.data).not.toHaveProperty('aiChatH5Url');
  });

  it('answers the brand whose host names hold the request host, port and case aside', async () => {
    const data = (await getOn<Record<string, unknown>>('BrightWatt.localhost:8080', '/api/v1/sys/oem/getOemConfig')).data;
    expect(data).toMatchObject({ oemKey: 'brightwatt', mainBrand: 0, platformName: 'BrightWatt Energy Cloud', logoUrl: '/brand/brightwatt.svg' });
  });

  it('answers the brand oemKey names, and 10003 naming oemKey for an unknown one', async () => {
    expect((await t.api.get<{ oemKey: string }>('/api/v1/sys/oem/getOemConfig', { query: { oemKey: 'brightwatt' } })).body.data.oemKey).toBe('brightwatt');
    const { body } = await t.api.get<Refusal>('/api/v1/sys/oem/getOemConfig', { query: { oemKey: 'nobrand' } });
    expect(body.errCode).toBe(10003);
    expect(body.data.errors.map(({ field, rule }) => ({ field, rule }))).toEqual([{ field: 'oemKey', rule: 'exists' }]);
    expect((await t.api.get('/api/v1/sys/oem/getOemConfig', { query: { oemKey: 'Not A Key' } })).body.errCode).toBe(10003);
  });

  it("shows an administrator's edit at once, on the brand's own host", async () => {
    const row = await brandRow('brightwatt');
    const { body } = await editBrand(row, { platformName: 'BrightWatt Cloud', hostNames: 'Brightwatt.localhost, portal.brightwatt.example' });
    expect(body.errCode).toBe(0);
    expect(body.data.hostNames).toBe('brightwatt.localhost,portal.brightwatt.example');
    const data = (await getOn<Record<string, unknown>>('portal.brightwatt.example', '/api/v1/sys/oem/getOemConfig')).data;
    expect(data).toMatchObject({ oemKey: 'brightwatt', platformName: 'BrightWatt Cloud' });
  });
});

describe('brand administration', () => {
  it('refuses bad input with 10003 naming the field, in the caller\'s language, and stores nothing', async () => {
    const add = (form: Record<string, string>, lang = 'en') =>
      t.api.post<Refusal>('/api/v1/sys/brand/add', { token: admin, lang, form: { oemKey: 'newbrand', platformName: 'New', logoUrl: '/logo.png', languages: 'en', ...form } });
    const unknown = await add({ languages: 'en,ja' });
    expect(unknown.body.errCode).toBe(10003);
    expect(unknown.body.data.errors.map(({ field, rule }) => ({ field, rule }))).toEqual([{ field: 'languages', rule: 'language' }]);
    expect(unknown.body.errMsg).toContain('ja');
    const chinese = await add({ languages: 'en,ja' }, 'zh-CN');
    expect(chinese.body.errMsg).toContain('ja 不是本平台支持的语言');
    for (const [field, value] of [['email', 'not-an-address'], ['oemKey', 'Bad Key'], ['aiChatH5Url', 'javascript:alert(1)'], ['hostNames', 'a b']] as const) {
      const { body } = await add({ [field]: value });
      expect(body.errCode, field).toBe(10003);
      expect(body.data.errors.map((e) => e.field), field).toContain(field);
    }
    const clash = await add({ oemKey: 'brightwatt' });
    expect(clash.body.errCode).toBe(10003);
    expect(clash.body.data.errors.map(({ field, rule }) => ({ field, rule }))).toEqual([{ field: 'oemKey', rule: 'unique' }]);
    expect((await t.api.get<{ total: number }>('/api/v1/sys/brand/page', { token: admin, query: { oemKey: 'newbrand' } })).body.data.total).toBe(0);
  });

  it('is for administrators only', async () => {
    expect((await t.api.get('/api/v1/sys/brand/page', { token: owner })).body.errCode).toBe(10005);
    const row = await brandRow('elekeeper');
    expect((await t.api.post('/api/v1/sys/brand/edit', { token: owner, form: { id: row.id, oemKey: 'elekeeper', platformName: 'Mine', logoUrl: '/x.png', languages: 'en' } })).body.errCode).toBe(10005);
  });
});

describe('getOemLangList', () => {
  it("lists the brand's languages in order, the first its default, with the spec's codes", async () => {
    const { body } = await t.api.get<{ value: string; lang: string; defaultLang: number }[]>('/api/v1/sys/oem/getOemLangList');
    expect(body.data.slice(0, 3)).toEqual([
      { value: 'en', lang: 'en', langName: 'English', defaultLang: 1 },
      { value: 'zh-CN', lang: 'zh', langName: '简体中文', defaultLang: 0 },
      { value: 'zh-TW', lang: 'ft', langName: '繁體中文', defaultLang: 0 },
    ]);
    expect(body.data.filter((l) => l.defaultLang === 1)).toHaveLength(1);
    const partner = await getOn<{ value: string }[]>('brightwatt.localhost', '/api/v1/sys/oem/getOemLangList');
    expect(partner.data.map((l) => l.value)).toEqual(['en', 'de', 'nl']);
  });
});

describe('aboutUsGetInfo', () => {
  it("answers the brand's about-us text as escaped HTML paragraphs with the web version", async () => {
    const row = await brandRow('elekeeper');
    expect((await editBrand(row, { aboutUs: 'We <b>monitor</b> plants.\n\nSecond & last.', copyright: '© Test' })).body.errCode).toBe(0);
    const { body } = await t.api.get<Record<string, string>>('/api/v1/sys/aboutUs/getInfo', { token: owner });
    expect(body.errCode).toBe(0);
    expect(body.data).toMatchObject({
      platformName: 'Solar Portal', content: '<p>We &lt;b&gt;monitor&lt;/b&gt; plants.</p><p>Second &amp; last.</p>', webVersion: '0.1.0', copyright: '© Test',
    });
    const partner = await getOn<Record<string, string>>('brightwatt.localhost', '/api/v1/sys/aboutUs/getInfo');
    expect(partner.data.content).toBe('<p>BrightWatt Energy Cloud is the monitoring portal of BrightWatt customers.</p>');
  });
});

describe('getAssistantConfig', () => {
  it('answers the main brand\'s chat page, and none for another brand or when none is configured', async () => {
    const url = () => t.api.get<{ aiChatH5Url: string }>('/api/v1/sys/ai/getAssistantConfig', { token: owner });
    expect((await url()).body.data).toEqual({ aiChatH5Url: '' });
    const main = await brandRow('elekeeper');
    expect((await editBrand(main, { aiChatH5Url: 'https://assistant.example/chat' })).body.errCode).toBe(0);
    expect((await url()).body.data).toEqual({ aiChatH5Url: 'https://assistant.example/chat' });
    const partner = await brandRow('brightwatt');
    expect((await editBrand(partner, { aiChatH5Url: 'https://assistant.example/partner' })).body.errCode).toBe(0);
    expect((await getOn<{ aiChatH5Url: string }>('brightwatt.localhost', '/api/v1/sys/ai/getAssistantConfig', { token: owner })).data).toEqual({ aiChatH5Url: '' });
  });

  it('needs a session', async () => {
    expect((await t.api.get('/api/v1/sys/ai/getAssistantConfig')).body.errCode).toBe(10002);
  });
});

// Last: it deletes the main brand's row, which the describes above read.
describe('a portal whose brand rows are gone', () => {
  it('still answers the installed main brand: no delete breaks the login page', async () => {
    const main = (await getOn<{ oemKey: string }>('localhost', '/api/v1/sys/oem/getOemConfig')).data.oemKey;
    const row = await brandRow(main);
    const removed = await t.api.post('/api/v1/sys/brand/delete', { token: admin, form: { id: row.id } });
    expect(removed.body.errCode).toBe(0);
    const config = await getOn<Record<string, unknown>>('localhost', '/api/v1/sys/oem/getOemConfig');
    expect(config.errCode).toBe(0);
    expect(config.data).toMatchObject({ oemKey: main, platformName: 'Solar Portal', logoUrl: '/favicon.svg', mainBrand: 1 });
    expect(config.data.callCenter).toBeUndefined();
    const languages = await getOn<unknown[]>('localhost', '/api/v1/sys/oem/getOemLangList');
    expect(languages.errCode).toBe(0);
    expect(languages.data).toHaveLength(14);
    // A host another brand serves keeps its own.
    expect((await getOn<Record<string, unknown>>('brightwatt.localhost', '/api/v1/sys/oem/getOemConfig')).data).toMatchObject({ oemKey: 'brightwatt' });
  });
});
