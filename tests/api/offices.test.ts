// The organisation tree (000 section 7 "Organisation and panel", 001 "Offices and API
// information"): the lazy picker with its flat search, sub-office levels, the office list with
// narrowing, the caller's data scope and the countries an office serves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offices } from '../../server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

interface Node { officeId: string; officeName: string; hasSubOffice: 0 | 1 }
interface TreeNode extends Node { childOffice: Node[] }
interface Page<T> { list: T[]; total: number; pageNo: number; pageSize: number }
interface Tree { id: string; name: string; treeBeanList: Page<TreeNode> }
interface OfficeRow extends Node { parentId?: string; parentName?: string; accountNum: number; createTime: string }
type Query = Record<string, string | number | undefined>;

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  // Two more levels under office 11, so that the tree is deeper than the picker's first answer.
  await t.database.db.insert(offices).values([
    { id: '111', parentId: '11', name: 'North Team A', path: '/1/11/111/' },
    { id: '1111', parentId: '111', name: 'North Team A Crew', path: '/1/11/111/1111/' },
    { id: '112', parentId: '11', name: 'North Team B', path: '/1/11/112/', sort: -1 },
  ]);
  for (const name of ['admin', 'installer', 'owner', 'installer2']) tokens[name] = (await t.api.login(name)).token;
});
afterAll(() => t.close());

const tree = (who: string, query: Query = {}) => t.api.get<Tree>('/api/v1/sys/office/getUserOfficeListPage', { token: tokens[who], query: { pageNo: 1, pageSize: 1000, ...query } });
const sub = (who: string, officeId: string) => t.api.get<Node[]>('/api/v1/sys/office/getUserSubOfficeList', { token: tokens[who], query: { officeId } });
const page = (who: string, query: Query = {}) => t.api.get<Page<OfficeRow>>('/api/v1/sys/office/pageOffice', { token: tokens[who], query: { pageSize: 100, ...query } });
const ids = (list: { officeId: string }[]) => list.map((o) => o.officeId);

describe('organisation tree (lazy)', () => {
  it('answers the caller\'s office as the root with its direct sub-offices', async () => {
    const { body } = await tree('admin');
    expect(body.errCode).toBe(0);
    expect(body.data).toEqual({
      id: '1', name: 'Sunrise Energy',
      treeBeanList: {
        total: 1, pageNo: 1, pageSize: 1000,
        list: [{
          officeId: '1', officeName: 'Sunrise Energy', hasSubOffice: 1,
          childOffice: [
            { officeId: '11', officeName: 'Sunrise Installations North', hasSubOffice: 1 },
            { officeId: '12', officeName: 'Sunrise Service Centre', hasSubOffice: 0 },
          ],
        }],
      },
    });
  });

  it('roots a lower office\'s tree at that office', async () => {
    const { body } = await tree('installer');
    expect(body.data.id).toBe('11');
    expect(body.data.treeBeanList.list).toEqual([{
      officeId: '11', officeName: 'Sunrise Installations North', hasSubOffice: 1,
      // Display order: sort first (Team B has -1), then name.
      childOffice: [
        { officeId: '112', officeName: 'North Team B', hasSubOffice: 0 },
        { officeId: '111', officeName: 'North Team A', hasSubOffice: 1 },
      ],
    }]);
  });

  it('loads deeper levels one at a time, with hasSubOffice telling where to stop', async () => {
    expect((await sub('admin', '11')).body.data).toEqual([
      { officeId: '112', officeName: 'North Team B', hasSubOffice: 0 },
      { officeId: '111', officeName: 'North Team A', hasSubOffice: 1 },
    ]);
    expect((await sub('installer', '111')).body.data).toEqual([{ officeId: '1111', officeName: 'North Team A Crew', hasSubOffice: 0 }]);
    const leaf = await sub('installer', '1111');
    expect(leaf.body).toMatchObject({ errCode: 0, data: [] });
  });

  it('refuses levels above the caller\'s office with 10005', async () => {
    for (const officeId of ['1', '12']) expect((await sub('installer', officeId)).body).toMatchObject({ errCode: 10005, data: null });
  });

  it('needs organization:tree', async () => {
    expect((await tree('owner')).body.errCode).toBe(10005);
    expect((await sub('owner', '11')).body.errCode).toBe(10005);
  });
});

describe('organisation tree (search)', () => {
  it('answers matching offices anywhere in the scope as a flat list, trimmed and case-insensitive', async () => {
    const { body } = await tree('admin', { searchKey: '  NORTH ' });
    expect(body.errCode).toBe(0);
    expect(body.data.id).toBe('1');
    expect(body.data.treeBeanList).toEqual({
      total: 4, pageNo: 1, pageSize: 1000,
      list: [
        { officeId: '112', officeName: 'North Team B', hasSubOffice: 0, childOffice: [] },
        { officeId: '111', officeName: 'North Team A', hasSubOffice: 1, childOffice: [] },
        { officeId: '1111', officeName: 'North Team A Crew', hasSubOffice: 0, childOffice: [] },
        { officeId: '11', officeName: 'Sunrise Installations North', hasSubOffice: 1, childOffice: [] },
      ],
    });
  });

  it('pages the search result', async () => {
    const second = await tree('admin', { searchKey: 'north', pageNo: 2, pageSize: 3 });
    expect(second.body.data.treeBeanList).toMatchObject({ total: 4, pageNo: 2, pageSize: 3 });
    expect(ids(second.body.data.treeBeanList.list)).toEqual(['11']);
  });

  it('finds nothing outside the scope, and treats wildcards literally', async () => {
    expect((await tree('installer', { searchKey: 'Service' })).body.data.treeBeanList).toMatchObject({ total: 0, list: [] });
    expect((await tree('admin', { searchKey: 'Blue Coast' })).body.data.treeBeanList).toMatchObject({ total: 0, list: [] });
    expect((await tree('admin', { searchKey: '%' })).body.data.treeBeanList.total).toBe(0);
    expect((await tree('admin', { searchKey: '_' })).body.data.treeBeanList.total).toBe(0);
  });

  it('returns to the lazy tree when the search is blank', async () => {
    const { body } = await tree('admin', { searchKey: '   ' });
    expect(ids(body.data.treeBeanList.list)).toEqual(['1']);
    expect(ids(body.data.treeBeanList.list[0]!.childOffice)).toEqual(['11', '12']);
  });

  it('caps the page size at 1000', async () => {
    const { body } = await tree('admin', { pageSize: 1001 });
    expect(body.errCode).toBe(10003);
    expect(body.data).toEqual({ errors: [expect.objectContaining({ field: 'pageSize', rule: 'maximum' })] });
  });
});

describe('office list', () => {
  it('pages the offices of the scope with parent, sub-office flag and account count', async () => {
    const { body } = await page('admin');
    expect(body.errCode).toBe(0);
    expect(body.data.total).toBe(6);
    const byId = Object.fromEntries(body.data.list.map((o) => [o.officeId, o]));
    expect(Object.keys(byId).sort()).toEqual(['1', '11', '111', '1111', '112', '12']);
    expect(byId['1']).toMatchObject({ officeName: 'Sunrise Energy', hasSubOffice: 1, accountNum: 3 });
    expect(byId['1']).not.toHaveProperty('parentId');
    expect(byId['11']).toMatchObject({ parentId: '1', parentName: 'Sunrise Energy', hasSubOffice: 1, accountNum: 3 });
    expect(byId['12']).toMatchObject({ hasSubOffice: 0, accountNum: 2 });
    expect(byId['1111']).toMatchObject({ parentName: 'North Team A', hasSubOffice: 0, accountNum: 0 });
    expect(new Date(byId['1']!.createTime).toISOString()).toBe(byId['1']!.createTime);
  });

  it('filters by parent and name and pages', async () => {
    expect(ids((await page('admin', { parentId: '11' })).body.data.list)).toEqual(['112', '111']);
    expect(ids((await page('admin', { searchKey: 'crew' })).body.data.list)).toEqual(['1111']);
    const first = await page('admin', { pageSize: 2, pageNo: 1 });
    const third = await page('admin', { pageSize: 2, pageNo: 3 });
    expect(first.body.data.list).toHaveLength(2);
    expect(third.body.data).toMatchObject({ total: 6, pageNo: 3, pageSize: 2 });
    expect(third.body.data.list).toHaveLength(2);
  });

  it('narrows to chosen offices and their descendants, never wider than the scope', async () => {
    expect(ids((await page('admin', { searchOfficeIdArr: '111' })).body.data.list).sort()).toEqual(['111', '1111']);
    expect(ids((await page('admin', { searchOfficeIdArr: '12, 21' })).body.data.list)).toEqual(['12']);
    expect((await page('admin', { searchOfficeIdArr: '21,2' })).body.data).toMatchObject({ total: 0, list: [] });
    // The installer's own office is the top of their scope: naming its parent does not widen it.
    expect((await page('installer', { searchOfficeIdArr: '1' })).body.data).toMatchObject({ total: 0, list: [] });
    expect(ids((await page('installer')).body.data.list).sort()).toEqual(['11', '111', '1111', '112']);
  });

  it('refuses a parent outside the scope with 10005', async () => {
    expect((await page('installer', { parentId: '1' })).body.errCode).toBe(10005);
  });
});

describe('data scope and countries', () => {
  it('gives professional users their office subtree and end users only their own objects', async () => {
    const admin = await t.api.get('/api/v1/sys/office/findScopeList', { token: tokens.admin });
    expect(admin.body).toEqual({ errCode: 0, errMsg: '', data: { dataScope: 1, officeList: [{ officeId: '1', officeName: 'Sunrise Energy' }] } });
    const installer = await t.api.get('/api/v1/sys/office/findScopeList', { token: tokens.installer });
    expect(installer.body.data).toEqual({ dataScope: 1, officeList: [{ officeId: '11', officeName: 'Sunrise Installations North' }] });
    const owner = await t.api.get('/api/v1/sys/office/findScopeList', { token: tokens.owner });
    expect(owner.body.data).toEqual({ dataScope: 2, officeList: [] });
  });

  it('answers every country, named and ordered in the request language', async () => {
    const en = await t.api.get<{ countryCode: string; countryName: string }[]>('/api/v1/sys/office/findAuthCountryList', { token: tokens.installer });
    expect(en.body.errCode).toBe(0);
    expect(en.body.data).toHaveLength(249);
    expect(en.body.data).toContainEqual({ countryCode: 'AU', countryName: 'Australia' });
    expect(en.body.data[0]).toEqual({ countryCode: 'AF', countryName: 'Afghanistan' });
    const zh = await t.api.get<{ countryCode: string; countryName: string }[]>('/api/v1/sys/office/findAuthCountryList', { token: tokens.admin, query: { officeId: '11' }, lang: 'zh-CN' });
    expect(zh.body.data).toContainEqual({ countryCode: 'CN', countryName: '中国' });
  });

  it('refuses an office outside the scope with 10005', async () => {
    const { body } = await t.api.get('/api/v1/sys/office/findAuthCountryList', { token: tokens.installer, query: { officeId: '12' } });
    expect(body).toMatchObject({ errCode: 10005, data: null });
  });
});
