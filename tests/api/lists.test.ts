// Lists that stay fast as tables grow (server/repositories/paging.ts): exact totals for short
// lists, an estimate past COUNT_CAP, no page past MAX_PAGE_DEPTH, and the list's order from its
// index rather than a sort of the whole table.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP, MAX_PAGE_DEPTH } from '../../server/repositories/paging.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

type PageData = { list: { modelCode: string; serialCount: number }[]; total: number } & { errors?: { field: string; rule: string }[] };

let t: TestApp;
let admin: string;
const ROWS = COUNT_CAP + 500;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.api.login('admin')).token;
  await t.database.db.execute(sql`insert into model_codes (model_code, model_name, device_type, updated_at)
    select 'BULK-' || g, 'Bulk model ' || g, 1 + g % 7, now() - make_interval(secs => g) from generate_series(1, ${ROWS}) g`);
  await t.database.db.execute(sql`analyze model_codes`);
});
afterAll(() => t.close());

const page = (query: Record<string, string | number>) => t.api.get<PageData>('/api/v1/modelCode/pageList', { token: admin, query });

describe('long lists', () => {
  it('count exactly up to the cap and estimate past it', async () => {
    const all = await page({ pageSize: 10 });
    expect(all.body.errCode).toBe(0);
    expect(all.body.data.total).toBeGreaterThan(COUNT_CAP);
    expect(Math.abs(all.body.data.total - ROWS) / ROWS).toBeLessThan(0.2);
    const few = await page({ modelCode: 'BULK-1000', pageSize: 10 });
    // BULK-1000 and BULK-10000..10009, exactly.
    expect(few.body.data.total).toBe(11);
  });

  it('serve deep pages in order, each row with its own serial count', async () => {
    const deep = await page({ pageNo: 1000, pageSize: 10 });
    expect(deep.body.errCode).toBe(0);
    expect(deep.body.data.list.map((r) => r.modelCode)).toEqual(Array.from({ length: 10 }, (_, i) => `BULK-${9991 + i}`));
    expect(deep.body.data.list.every((r) => r.serialCount === 0)).toBe(true);
  });

  it('refuse a page past the deepest row with 10003 naming pageNo', async () => {
    const beyond = await page({ pageNo: MAX_PAGE_DEPTH / 100 + 1, pageSize: 100 });
    expect(beyond.body.errCode).toBe(10003);
    expect(beyond.body.data.errors).toEqual([expect.objectContaining({ field: 'pageNo', rule: 'pageDepth' })]);
    expect(beyond.body.errMsg).toBe(`pageNo: pages past row ${MAX_PAGE_DEPTH} cannot be opened; narrow the filter instead`);
  });

  it('read the default order from its index, not by sorting the table', async () => {
    await t.database.db.execute(sql`set enable_seqscan = off`);
    const plan = (await t.database.db.execute(sql`explain select id from model_codes order by updated_at desc, id desc limit 10 offset 5000`)) as unknown as { rows: { 'QUERY PLAN': string }[] };
    await t.database.db.execute(sql`set enable_seqscan = on`);
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain('model_codes_updated_idx');
    expect(text).not.toMatch(/\bSort\b/);
  });

  it('filter by substring through trigram indexes', async () => {
    await t.database.db.execute(sql`set enable_seqscan = off`);
    const plan = (await t.database.db.execute(sql`explain select id from model_codes where model_code ilike '%4242%' or model_name ilike '%4242%'`)) as unknown as { rows: { 'QUERY PLAN': string }[] };
    await t.database.db.execute(sql`set enable_seqscan = on`);
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain('model_codes_code_trgm');
    expect(text).toContain('model_codes_name_trgm');
    const filtered = await page({ modelCode: 'model 4242' });
    expect(filtered.body.data.list.map((r) => r.modelCode)).toEqual(['BULK-4242']);
  });
});
