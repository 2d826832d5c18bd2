// Publishing the user agreement and privacy policy (legalDocumentPage, legalDocumentAdd): versions
// listed with the one in force marked, text stored as escaped HTML, a scheduled version waiting for
// its time, and refusals that store nothing. Only Chinese privacy policies are published "now",
// as no other test reads them (on PostgreSQL the database is shared).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalDocuments } from '../../server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

let t: TestApp;
let admin: string;
const tag = Date.now().toString(36);
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.api.login('admin')).token;
});
afterAll(async () => {
  await t.database.db.delete(legalDocuments).where(sql`${legalDocuments.version} like ${`t${tag}%`}`);
  await t.close();
});

interface Version { id: number; kind: string; language: string; version: string; title: string; content: string; publishTime: string; current: boolean }
const publish = (json: Record<string, unknown>, token = admin) => t.api.post<Version>('/api/v1/sys/legal/add', { json, token });
const page = async (query: Record<string, string | number> = {}) => {
  const { body } = await t.api.get<{ list: Version[]; total: number }>('/api/v1/sys/legal/page', { token: admin, query: { pageSize: 100, ...query } });
  expect(body.errCode, body.errMsg).toBe(0);
  return body.data;
};
const stored = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(legalDocuments))[0]!.n;

describe('legal documents', () => {
  it('lists every version, newest first, with the one in force per document and language marked', async () => {
    const { list } = await page({ kind: 'protocol' });
    expect(list.every((v) => v.kind === 'protocol')).toBe(true);
    expect(list.find((v) => v.language === 'en' && v.version === '1.0')).toMatchObject({ title: 'User agreement', current: true });
  });

  it('publishes now: the new version is in force, its text escaped and formatted, and readers see it', async () => {
    const { body } = await publish({
      kind: 'policy', language: 'zh-CN', version: `t${tag}a`, title: '隐私政策（修订）', publish: 'now',
      content: '我们**不会**出售数据。\n\n- 加密存储\n- <script>alert(1)</script>',
    });
    expect(body.errCode, body.errMsg).toBe(0);
    expect(body.data).toMatchObject({ kind: 'policy', language: 'zh-CN', current: true });
    expect(body.data.content).toBe('<p>我们<strong>不会</strong>出售数据。</p><ul><li>加密存储</li><li>&lt;script&gt;alert(1)&lt;/script&gt;</li></ul>');
    const read = await t.api.get<{ policy: { version: string } }>('/api/v1/cms/protocol/getLatestProtocolAndPolicy', { lang: 'zh-CN' });
    expect(read.body.data.policy.version).toBe(`t${tag}a`);
    const { list } = await page({ kind: 'policy', language: 'zh-CN' });
    expect(list.filter((v) => v.current).map((v) => v.version)).toEqual([`t${tag}a`]);
  });

  it('schedules a version for later: listed, not in force, and not read until its time', async () => {
    const at = new Date(Date.now() + 86_400_000).toISOString();
    const { body } = await publish({ kind: 'policy', language: 'zh-CN', version: `t${tag}b`, title: '明日政策', content: '明天生效', publish: 'scheduled', publishTime: at });
    expect(body.errCode, body.errMsg).toBe(0);
    expect(body.data).toMatchObject({ current: false, publishTime: at });
    const read = await t.api.get<{ policy: { version: string } }>('/api/v1/cms/protocol/getLatestProtocolAndPolicy', { lang: 'zh-CN' });
    expect(read.body.data.policy.version).not.toBe(`t${tag}b`);
  });

  it('refuses, storing nothing: a scheduled version without a time or with a past one, a used version, and a caller without the permission', async () => {
    const before = await stored();
    const base = { kind: 'protocol', language: 'en', title: 'Terms', content: 'Text' };
    const missing = await publish({ ...base, version: `t${tag}c`, publish: 'scheduled' });
    expect(missing.body.errCode).toBe(10003);
    expect(missing.body.errMsg).toContain('publishTime');
    const past = await publish({ ...base, version: `t${tag}c`, publish: 'scheduled', publishTime: '2020-01-01T00:00:00Z' });
    expect(past.body).toMatchObject({ errCode: 10003, errMsg: 'publishTime: must lie in the future' });
    const used = await publish({ ...base, version: '1.0', publish: 'scheduled', publishTime: new Date(Date.now() + 3_600_000).toISOString() });
    expect(used.body).toMatchObject({ errCode: 10003, errMsg: 'version: 1.0 already exists' });
    const installer = (await t.api.login('installer')).token;
    expect((await publish({ ...base, version: `t${tag}d`, publish: 'now' }, installer)).body.errCode).toBe(10005);
    expect((await t.api.get('/api/v1/sys/legal/page', { token: installer })).body.errCode).toBe(10005);
    expect(await stored()).toBe(before);
    expect(await t.database.db.select().from(legalDocuments).where(eq(legalDocuments.version, `t${tag}d`))).toEqual([]);
  });
});
