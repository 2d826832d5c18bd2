// Editing and withdrawing legal document versions (legalDocumentDetail, legalDocumentEdit,
// legalDocumentDelete): a scheduled version can be rewritten (its text read back as written, so
// that saving it again stores the same HTML) or withdrawn; a version that is or has been in force
// may have been accepted and is refused either way, as is a clash of versions and a caller without
// the permission; and what readers see does not move. Only Chinese privacy policies are published
// "now", as no other test reads them (on PostgreSQL the database is shared).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalDocuments } from '../../server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

let t: TestApp;
let admin: string;
const tag = `e${Date.now().toString(36)}`;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.api.login('admin')).token;
});
afterAll(async () => {
  await t.database.db.delete(legalDocuments).where(sql`${legalDocuments.version} like ${`${tag}%`}`);
  await t.close();
});

interface Version { id: number; kind: string; language: string; version: string; title: string; content: string; publish?: string; publishTime: string; current: boolean; editable: boolean }
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();
const publish = async (json: Record<string, unknown>) => {
  const { body } = await t.api.post<Version>('/api/v1/sys/legal/add', { json, token: admin });
  expect(body.errCode, body.errMsg).toBe(0);
  return body.data;
};
const schedule = (version: string, extra: Record<string, unknown> = {}) =>
  publish({ kind: 'policy', language: 'en', version, title: 'Policy draft', content: 'Draft', publish: 'scheduled', publishTime: tomorrow(), ...extra });
const edit = (form: Record<string, string | number>, token = admin) => t.api.post<Version>('/api/v1/sys/legal/edit', { form, token });
const remove = (id: number, token = admin) => t.api.post('/api/v1/sys/legal/delete', { form: { id }, token });
const detail = (id: number, token = admin) => t.api.get<Version>('/api/v1/sys/legal/detail', { query: { id }, token });
const row = async (id: number) => (await t.database.db.select().from(legalDocuments).where(eq(legalDocuments.id, id)))[0];
/** What a reader of that language is shown now. */
const readerSees = async (lang: string) =>
  (await t.api.get<{ protocol: { version: string }; policy: { version: string; content: string } }>('/api/v1/cms/protocol/getLatestProtocolAndPolicy', { lang })).body.data;
/** The form an edit sends: the detail's fields, changed by `change`. */
const formOf = (v: Version, change: Record<string, string | number> = {}) => ({
  id: v.id, kind: v.kind, language: v.language, version: v.version, title: v.title, content: v.content, publish: v.publish ?? 'now', publishTime: v.publishTime, ...change,
});

describe('editing and deleting legal documents', () => {
  it('reads a scheduled version back as written and rewrites it, escaping its text once', async () => {
    const text = 'We **never** sell data & keep <b>nothing</b>.\n\n- encrypted\n- deleted on request';
    const scheduled = await schedule(`${tag}a`, { content: text });
    expect(scheduled).toMatchObject({ current: false, editable: true });

    const { body: read } = await detail(scheduled.id);
    expect(read.errCode, read.errMsg).toBe(0);
    expect(read.data).toMatchObject({ version: `${tag}a`, content: text, publish: 'scheduled', editable: true });

    // Saved unchanged: the same HTML, not escaped a second time.
    const html = (await row(scheduled.id))!.content;
    expect((await edit(formOf(read.data))).body.errCode).toBe(0);
    expect((await row(scheduled.id))!.content).toBe(html);
    expect(html).toContain('&amp; keep &lt;b&gt;nothing&lt;/b&gt;');

    const later = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const { body } = await edit(formOf(read.data, { version: `${tag}a2`, title: 'Policy 2027', content: 'Only _this_.', publishTime: later }));
    expect(body.errCode, body.errMsg).toBe(0);
    expect(body.data).toMatchObject({ id: scheduled.id, version: `${tag}a2`, title: 'Policy 2027', content: '<p>Only <em>this</em>.</p>', publishTime: later, current: false, editable: true });
    expect((await detail(scheduled.id)).body.data).toMatchObject({ content: 'Only _this_.', publishTime: later });
  });

  it('deletes a scheduled version', async () => {
    const scheduled = await schedule(`${tag}b`);
    const { body } = await remove(scheduled.id);
    expect(body.errCode, body.errMsg).toBe(0);
    expect(await row(scheduled.id)).toBeUndefined();
    expect((await detail(scheduled.id)).body.errCode).toBe(10005);
    expect((await remove(scheduled.id)).body.errCode).toBe(10005);
  });

  it('refuses to edit or delete the version in force and one that was in force before, changing nothing readers see', async () => {
    const earlier = await publish({ kind: 'policy', language: 'zh-CN', version: `${tag}c`, title: '隐私政策', content: '旧版', publish: 'now' });
    const current = await publish({ kind: 'policy', language: 'zh-CN', version: `${tag}d`, title: '隐私政策', content: '新版', publish: 'now' });
    expect(current).toMatchObject({ current: true, editable: false });
    const { body: list } = await t.api.get<{ list: Version[] }>('/api/v1/sys/legal/page', { token: admin, query: { kind: 'policy', language: 'zh-CN', pageSize: 100 } });
    expect(list.data.list.find((v) => v.id === earlier.id)).toMatchObject({ current: false, editable: false });
    const before = await readerSees('zh-CN');
    expect(before.policy.version).toBe(`${tag}d`);

    for (const version of [earlier, current]) {
      const read = (await detail(version.id)).body.data;
      expect(read).toMatchObject({ editable: false });
      expect(read.publish).toBeUndefined();
      const refusedEdit = await edit(formOf(read, { title: 'Changed', publish: 'scheduled', publishTime: tomorrow() }));
      expect(refusedEdit.body).toMatchObject({
        errCode: 10003,
        errMsg: `version: ${version.version} has already been in force and users may have accepted it, so it can be neither edited nor deleted; add a newer one instead`,
      });
      const refusedDelete = await t.api.post('/api/v1/sys/legal/delete', { form: { id: version.id }, token: admin, lang: 'zh-CN' });
      expect(refusedDelete.body).toMatchObject({ errCode: 10003, errMsg: `version：${version.version} 已经生效过，用户可能已接受，因此不能编辑或删除；请发布新版本` });
      expect(await row(version.id)).toMatchObject({ title: '隐私政策', version: version.version });
    }
    expect(await readerSees('zh-CN')).toEqual(before);
  });

  it('keeps the version unique per document and language', async () => {
    const scheduled = await schedule(`${tag}e`);
    const read = (await detail(scheduled.id)).body.data;
    const clash = await edit(formOf(read, { version: '1.0' }));
    expect(clash.body).toMatchObject({ errCode: 10003, errMsg: 'version: 1.0 already exists' });
    const other = await schedule(`${tag}e2`);
    expect((await edit(formOf(read, { version: other.version }))).body).toMatchObject({ errCode: 10003, errMsg: `version: ${tag}e2 already exists` });
    // The same version in another language is another document.
    expect((await edit(formOf(read, { version: other.version, language: 'zh-CN' }))).body.errCode).toBe(0);
    expect(await row(scheduled.id)).toMatchObject({ version: other.version, lang: 'zh-CN', kind: 'policy' });
  });

  it('refuses a scheduled time in the past and a caller without the permission, leaving the version and readers as they were', async () => {
    const scheduled = await schedule(`${tag}f`);
    const read = (await detail(scheduled.id)).body.data;
    expect((await edit(formOf(read, { publishTime: '2020-01-01T00:00:00Z' }))).body).toMatchObject({ errCode: 10003, errMsg: 'publishTime: must lie in the future' });

    const before = await readerSees('en');
    const installer = (await t.api.login('installer')).token;
    expect((await edit(formOf(read, { title: 'Hijacked', publish: 'now' }), installer)).body.errCode).toBe(10005);
    expect((await remove(scheduled.id, installer)).body.errCode).toBe(10005);
    expect((await detail(scheduled.id, installer)).body.errCode).toBe(10005);
    expect(await row(scheduled.id)).toMatchObject({ title: 'Policy draft', version: `${tag}f` });
    expect(await readerSees('en')).toEqual(before);
    // The administrator's view is unchanged too: still scheduled, still editable.
    expect((await detail(scheduled.id)).body.data).toMatchObject({ title: 'Policy draft', current: false, editable: true });
  });

  it('publishes a scheduled version at once when edited to "now": it is in force and no longer editable', async () => {
    const scheduled = await publish({ kind: 'policy', language: 'zh-CN', version: `${tag}g`, title: '定时政策', content: '定时', publish: 'scheduled', publishTime: tomorrow() });
    const read = (await detail(scheduled.id)).body.data;
    const { body } = await edit(formOf(read, { publish: 'now' }));
    expect(body.data).toMatchObject({ current: true, editable: false });
    expect((await readerSees('zh-CN')).policy.version).toBe(`${tag}g`);
    expect((await remove(scheduled.id)).body.errCode).toBe(10003);
  });
});
