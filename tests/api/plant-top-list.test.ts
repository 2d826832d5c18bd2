// getTopPlantList, the plant switcher's list: the caller's plants (managed and shared), their own
// pinned plants first in pinning order, then the others by name; the name filter, the office
// narrowing and paging; and nothing of another office tree.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

interface Page { list: { plantUid: string; plantName: string; isTop: number }[]; total: number; pageNo: number; pageSize: number }

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'installer', 'installer2', 'owner2']) tokens[who] = (await t.api.login(who)).token;
});
afterAll(() => t.close());

const top = async (who: string, query: Record<string, string | number> = {}) => {
  const { body } = await t.api.get<Page>('/api/v1/monitor/plant/getTopPlantList', { token: tokens[who], query: { pageSize: 100, ...query } });
  expect(body.errCode).toBe(0);
  return body.data;
};
const uids = (page: Page) => page.list.map((p) => p.plantUid);
const pin = (who: string, plantUid: string) => t.api.post('/api/v1/monitor/plantTopRecord/addPlantTopRecord', { token: tokens[who], form: { plantUid } });

describe('getTopPlantList', () => {
  it('lists the caller\'s plants by name, none of another tree', async () => {
    const mine = await top('installer');
    const demo = uids(mine).filter((uid) => uid.startsWith('demo-plant-'));
    expect(demo.sort()).toEqual(['demo-plant-01', 'demo-plant-02', 'demo-plant-03', 'demo-plant-04', 'demo-plant-05', 'demo-plant-06', 'demo-plant-07']);
    expect(mine.total).toBe(mine.list.length);
    expect(mine.list.every((p) => p.isTop === 0)).toBe(true);
    expect(uids(await top('installer', { plantName: 'olivia' }))).toEqual(['demo-plant-02', 'demo-plant-01']);
    const coast = uids(await top('installer2'));
    expect(coast.filter((uid) => ['demo-plant-01', 'demo-plant-13'].includes(uid))).toEqual([]);
  });

  it('puts the caller\'s pinned plants first, in the order they were pinned', async () => {
    expect((await pin('installer', 'demo-plant-03')).body.errCode).toBe(0);
    expect((await pin('installer', 'demo-plant-07')).body.errCode).toBe(0);
    const page = await top('installer');
    // By name the Denver office would come before the warehouse: pinning order wins.
    expect(uids(page).slice(0, 2)).toEqual(['demo-plant-03', 'demo-plant-07']);
    expect(page.list.slice(0, 2).map((p) => p.isTop)).toEqual([1, 1]);
    expect(page.list.slice(2).every((p) => p.isTop === 0)).toBe(true);
    // Pages follow the same order; a filter applies to the pinned plants too.
    expect(uids(await top('installer', { pageNo: 2, pageSize: 1 }))).toEqual(['demo-plant-07']);
    expect(uids(await top('installer', { plantName: 'denver' }))).toEqual(['demo-plant-07']);
    // Pins are the caller's own: the administrator's list of the same plants starts by name.
    expect(uids(await top('admin', { plantName: 'sunrise' }))).toEqual(['demo-plant-04', 'demo-plant-07', 'demo-plant-03']);
    // Pinning a plant of another tree is refused and changes nothing.
    expect((await pin('installer', 'demo-plant-08')).body.errCode).toBe(10005);
  });

  it('narrows to the chosen offices, and lists the plants shared with the caller', async () => {
    expect(uids(await top('admin', { searchOfficeIdArr: '12' })).sort()).toEqual(['demo-plant-13', 'demo-plant-14']);
    expect(uids(await top('admin', { searchOfficeIdArr: '21' }))).toEqual([]);
    expect(uids(await top('owner2'))).toContain('demo-plant-01');
  });
});
