// Lists that stay fast as tables grow (server/repositories/paging.ts): exact totals for short
// lists, an estimate past COUNT_CAP, no page past MAX_PAGE_DEPTH, and the list's order from its
// index rather than a sort of the whole table.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP, MAX_PAGE_DEPTH } from '../../server/repositories/paging.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { driverOf, statementsOf, type Statement } from '../fixtures/statements.ts';

type PageData = { list: { modelCode: string; serialCount: number }[]; total: number } & { errors?: { field: string; rule: string }[] };

let t: TestApp;
let admin: string;
const ROWS = COUNT_CAP + 500;
const PLANTS = 5_000;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.api.login('admin')).token;
  await t.database.db.execute(sql`insert into model_codes (model_code, model_name, device_type, updated_at)
    select 'BULK-' || g, 'Bulk model ' || g, 1 + g % 7, now() - make_interval(secs => g) from generate_series(1, ${ROWS}) g`);
  await t.database.db.execute(sql`analyze model_codes`);
  // Plants and devices in the admin's subtree (office 11), one a minute, newest last.
  await t.database.db.execute(sql`insert into plants (plant_uid, plant_name, office_id, created_at)
    select 'bulk-plant-' || g, 'Bulk plant ' || g, '11', now() - make_interval(mins => ${PLANTS} - g) from generate_series(1, ${PLANTS}) g`);
  await t.database.db.execute(sql`insert into devices (sn, sn_type, office_id, created_at)
    select 'BULKDEV' || g, 1, '11', now() - make_interval(mins => ${PLANTS} - g) from generate_series(1, ${PLANTS}) g`);
  // Statistics on every table, as autovacuum keeps them: the scope's offices among them.
  await t.database.db.execute(sql`analyze`);
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

  it('read a page, its serial counts and its count in one statement', async () => {
    // A page size not asked before: a page asked again is answered from the list memo, with no statement at all.
    const statements = await statementsOf(t.database, async () => {
      const few = await page({ modelCode: 'BULK-1000', pageSize: 5 });
      expect(few.body.data.list).toHaveLength(5);
      expect(few.body.data.total).toBe(11);
    });
    expect(statements.filter((s) => s.text.includes('"model_codes"'))).toHaveLength(1);
  });

  it('scan a text filter once for the page and its count, and page long matches by the index', async () => {
    const [statement] = (await statementsOf(t.database, async () => {
      const few = await page({ modelCode: 'BULK-1000', pageSize: 3, pageNo: 2 });
      expect(few.body.data.list.map((r) => r.modelCode)).toEqual(['BULK-10002', 'BULK-10003', 'BULK-10004']);
      expect(few.body.data.total).toBe(11);
    })).filter((s) => s.text.includes('"model_codes"'));
    // Each node of the whole plan (a count's InitPlan included) that applies the filter to
    // model_codes, as an index condition, a recheck or a filter.
    const everyNode = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(everyNode)];
    const filtering = everyNode(await planOf(statement!))
      .filter(({ Plans: _, ...own }) => JSON.stringify(own).includes('~~*') && (own['Relation Name'] === 'model_codes' || own['Index Name']?.startsWith('model_codes')));
    expect(filtering).toHaveLength(1);
    // Every row matches "bulk": past the cap, the page and an estimate, as for an unfiltered list.
    const broad = await page({ modelCode: 'bulk', pageSize: 10, pageNo: 3 });
    expect(broad.body.data.list.map((r) => r.modelCode)).toEqual(Array.from({ length: 10 }, (_, i) => `BULK-${21 + i}`));
    expect(broad.body.data.total).toBeGreaterThan(COUNT_CAP);
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

  it('read page 1 of the plant list and of the device inventory in the order of their indexes', async () => {
    for (const [path, index] of [['/api/v1/monitor/plant/getPlantList', 'plants_created_idx'], ['/api/v1/device/inventory/page', 'devices_created_idx']] as const) {
      const statements = await statementsOf(t.database, async () => expect((await t.api.get(path, { token: admin, query: { pageSize: 10 } })).body.errCode).toBe(0));
      // The page's keys are chosen under a Limit; the rows are then read for those keys only, so
      // a Sort above that Limit orders ten rows, not the table. One of the list's statements
      // must walk the index under its Limit without sorting: an index whose NULLS order differs
      // from the query's cannot.
      const limited = [];
      for (const statement of statements.filter((s) => /\border by\b/.test(s.text) && /\blimit\b/.test(s.text))) {
        const limit = planNodes(await planOf(statement)).find((n) => n['Node Type'] === 'Limit');
        const under = limit ? planNodes(limit) : [];
        limited.push({ index: under.some((n) => n['Index Name'] === index), sort: under.some((n) => n['Node Type'] === 'Sort') });
      }
      expect(limited, path).toContainEqual({ index: true, sort: false });
    }
  });
});

describe('plant lists with pinned plants', () => {
  type PlantPage = { list: { plantUid: string; isTop: number }[]; total: number };
  const pins = ['bulk-plant-17', 'bulk-plant-4990', 'bulk-plant-2500'];
  beforeAll(async () => {
    for (const plantUid of pins) {
      expect((await t.api.post('/api/v1/monitor/plantTopRecord/addPlantTopRecord', { token: admin, form: { plantUid } })).body.errCode).toBe(0);
    }
  });
  afterAll(async () => {
    for (const plantUid of pins) await t.api.post('/api/v1/monitor/plantTopRecord/deletePlantTopRecord', { token: admin, form: { plantUid } });
  });

  /** The first `n` plants of a list read two at a time, so that pages straddle the pins' end. */
  const firstRows = async (path: string, query: Record<string, string | number>, n: number) => {
    const rows: PlantPage['list'] = [];
    for (let pageNo = 1; rows.length < n; pageNo++) rows.push(...(await t.api.get<PlantPage>(path, { token: admin, query: { ...query, pageNo, pageSize: 2 } })).body.data.list);
    return rows.slice(0, n);
  };
  const bulk = (rows: PlantPage['list']) => rows.filter((r) => r.plantUid.startsWith('bulk-plant-'));

  it('put the pinned plants first, then the others, each in the chosen order, across page boundaries', async () => {
    const newest = await firstRows('/api/v1/monitor/plant/getPlantList', { plantName: 'Bulk plant' }, 7);
    expect(newest.map((r) => r.plantUid)).toEqual(['bulk-plant-4990', 'bulk-plant-2500', 'bulk-plant-17', 'bulk-plant-5000', 'bulk-plant-4999', 'bulk-plant-4998', 'bulk-plant-4997']);
    expect(newest.map((r) => r.isTop)).toEqual([1, 1, 1, 0, 0, 0, 0]);
    const byName = await firstRows('/api/v1/monitor/plant/getPlantList', { plantName: 'Bulk plant', sortField: 'plantName', sortOrder: 'asc' }, 5);
    expect(byName.map((r) => r.plantUid)).toEqual(['bulk-plant-17', 'bulk-plant-2500', 'bulk-plant-4990', 'bulk-plant-1', 'bulk-plant-10']);
    // Page 2 of 2: the second and third pins; page 3 starts with the newest unpinned plant.
    const page = (await t.api.get<PlantPage>('/api/v1/monitor/plant/getPlantList', { token: admin, query: { plantName: 'Bulk plant', pageNo: 3, pageSize: 2 } })).body.data;
    expect(page.list.map((r) => r.plantUid)).toEqual(['bulk-plant-4999', 'bulk-plant-4998']);
    expect(page.total).toBe(PLANTS);
  });

  it('put the pinned plants first in pinning order in the switcher', async () => {
    const rows = bulk(await firstRows('/api/v1/monitor/plant/getTopPlantList', { plantName: 'Bulk plant' }, 5));
    expect(rows.map((r) => r.plantUid)).toEqual([...pins, 'bulk-plant-1', 'bulk-plant-10']);
  });

  it('leave out pinned plants the filter leaves out', async () => {
    const rows = await firstRows('/api/v1/monitor/plant/getPlantList', { plantName: 'Bulk plant 499' }, 3);
    expect(rows.map((r) => [r.plantUid, r.isTop])).toEqual([['bulk-plant-4990', 1], ['bulk-plant-4999', 0], ['bulk-plant-4998', 0]]);
  });
});

interface PlanNode { 'Node Type': string; 'Index Name'?: string; 'Relation Name'?: string; 'Parent Relationship'?: string; Plans?: PlanNode[] }

async function planOf(statement: Statement): Promise<PlanNode> {
  const { rows } = await driverOf(t.database).query(`explain (format json) ${statement.text}`, statement.params);
  return (rows[0]!['QUERY PLAN'] as [{ Plan: PlanNode }])[0].Plan;
}

// The page's own plan, not the count that rides along with it (readPage's scalar subquery, an InitPlan).
const planNodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).filter((n) => n['Parent Relationship'] !== 'InitPlan').flatMap(planNodes)];
