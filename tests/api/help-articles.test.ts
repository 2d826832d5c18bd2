// The help menu's FAQ and user manual (000 section 2, routes Problem and HandBook): every
// installation starts with articles in English and Chinese; readers holding cms:FAQ or
// user:manual list them in their order, only administrators change them (System → Help
// articles), and a later start brings back none that an administrator removed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { seed } from '../../server/db/seed/seed.ts';
import { DEMO_PASSWORD } from '../fixtures/demo-password.ts';
import { LANGUAGES } from '../../server/domain/branding/languages.ts';
import helpArticle from '../../schemas/entities/help-article.schema.json' with { type: 'json' };

interface Article { id: number; kind: string; language: string; title: string; content: string; sort: number }
interface Page { list: Article[]; total: number }
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

const page = (token: string, query: Record<string, string | number>) => t.api.get<Page>('/api/v1/helpArticle/page', { token, query: { pageNo: 1, pageSize: 100, ...query } });

describe('reading the help pages', () => {
  it('lists a plant owner the FAQ of a language in its order', async () => {
    const { body } = await page(owner, { kind: 'faq', language: 'en' });
    expect(body.errCode).toBe(0);
    expect(body.data.list.length).toBeGreaterThanOrEqual(5);
    expect(body.data.list[0]).toMatchObject({ kind: 'faq', language: 'en', title: 'Why does my plant show as offline?' });
    expect(body.data.list.map((a) => a.sort)).toEqual([...body.data.list.map((a) => a.sort)].sort((a, b) => a - b));
    const zh = await page(owner, { kind: 'manual', language: 'zh-CN' });
    expect(zh.body.data.list[0]).toMatchObject({ kind: 'manual', language: 'zh-CN', title: '快速入门' });
  });

  it('answers an empty page for a language nobody wrote yet, and refuses one the portal does not know', async () => {
    expect((await page(owner, { kind: 'faq', language: 'de' })).body.data).toMatchObject({ list: [], total: 0 });
    const unknown = await page(owner, { kind: 'faq', language: 'xx' });
    expect(unknown.body.errCode).toBe(10003);
    expect((unknown.body.data as unknown as Refusal).errors.map((e) => e.field)).toEqual(['language']);
  });

  it('offers exactly the portal\'s languages (the entity schema lists them again, as JSON must)', () => {
    expect(helpArticle.properties.language.enum).toEqual(LANGUAGES.map((l) => l.value));
  });

  it('refuses readers any change', async () => {
    const add = await t.api.post('/api/v1/helpArticle/add', { token: owner, form: { kind: 'faq', language: 'en', title: 'Owner question', content: 'No', sort: 1 } });
    expect(add.body.errCode).toBe(10005);
  });
});

describe('keeping the help pages', () => {
  it('lets an administrator add an article that readers then see in its place, and refuses a duplicate title', async () => {
    const form = { kind: 'faq', language: 'de', title: 'Warum ist meine Anlage offline?', content: 'Prüfen Sie den Datenlogger.\n\nDann den Router.', sort: 5 };
    expect((await t.api.post('/api/v1/helpArticle/add', { token: admin, form })).body.errCode).toBe(0);
    const { body } = await page(owner, { kind: 'faq', language: 'de' });
    expect(body.data.list).toEqual([expect.objectContaining({ title: form.title, content: form.content })]);
    const twice = await t.api.post<Refusal>('/api/v1/helpArticle/add', { token: admin, form: { ...form, title: form.title.toUpperCase() } });
    expect(twice.body.errCode).toBe(10003);
    expect(twice.body.data.errors[0]).toMatchObject({ rule: 'unique' });
  });

  it('brings back no seeded article an administrator deleted when the portal starts again', async () => {
    const [first] = (await page(admin, { kind: 'manual', language: 'en' })).body.data.list;
    expect((await t.api.post('/api/v1/helpArticle/delete', { token: admin, form: { id: first!.id } })).body.errCode).toBe(0);
    await seed(t.database.db, { demo: true, demoPassword: DEMO_PASSWORD });
    const titles = (await page(admin, { kind: 'manual', language: 'en' })).body.data.list.map((a) => a.title);
    expect(titles).not.toContain(first!.title);
  });
});
