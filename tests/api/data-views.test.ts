// Data views on the hand-written series (fixtures/monitoring-series.ts): the plant's PV topology
// with live values, its sub-groups of devices (added, changed, emptied, deleted, and each rule of
// editPlantDataViews answered 10003 naming its field), a sub-group's day, and who may look and
// change. The app validates every answer against the contract (responseContract strict).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, plantShares, users } from '../../server/db/schema/index.ts';
import { MAX_SUB_GROUPS } from '../../server/repositories/data-views.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { ingestSeries, type Series } from '../fixtures/monitoring-series.ts';

type Views = { plantUid: string; subGroups: { subGroupId: number; subGroupName: string; sort: number; deviceSns: string[]; pvPower?: number | null; todayPvEnergy?: number | null }[]; ungroupedDeviceSns: string[] };

let t: TestApp;
let s: Series;
const tokens: Record<string, string> = {};
const mod = { fitted: '', loose: '' };
beforeAll(async () => {
  t = await createTestApp();
  s = await ingestSeries(t);
  for (const login of ['installer2', 'owner2']) tokens[login] = (await t.api.login(login)).token;
  mod.fitted = `MMODF${s.sn.invA.slice(5)}`;
  mod.loose = `MMODL${s.sn.invA.slice(5)}`;
  await t.database.db.insert(devices).values([
    { sn: mod.fitted, snType: 4, parentSn: s.sn.invA, plantUid: s.plantA, officeId: '11', alias: 'East string' },
    { sn: mod.loose, snType: 5, plantUid: s.plantA, officeId: '11' },
  ]);
  const [visitor] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.loginName, 'owner2'));
  await t.database.db.insert(plantShares).values({ plantUid: s.plantA, visitorUserId: visitor!.id, permissions: ['viewPlant'] });
});
afterAll(() => t.close());

const VIEWS = '/api/v1/monitor/dataViews';

async function edit(form: Record<string, string | number>, token = s.userToken) {
  return (await t.api.post<Views>(`${VIEWS}/editPlantDataViews`, { token, form: { plantUid: s.plantA, ...form } })).body;
}

async function ok(form: Record<string, string | number>) {
  const body = await edit(form);
  expect(body.errCode, body.errMsg).toBe(0);
  return body.data;
}

async function refused(form: Record<string, string | number>, field: string) {
  const body = await edit(form);
  expect(body.errCode, JSON.stringify(form)).toBe(10003);
  expect(body.errMsg.startsWith(`${field}:`), body.errMsg).toBe(true);
}

describe('getPlantPVTopology', () => {
  it('the plant, its inverter with the module fitted to it, then the loose module, with live values', async () => {
    const { body } = await t.api.get<{ updateTime: string; nodes: Record<string, unknown>[] }>(`${VIEWS}/getPlantPVTopology`, { token: s.userToken, query: { plantUid: s.plantA } });
    expect(body.errCode, body.errMsg).toBe(0);
    expect(body.data.updateTime).toBe(new Date(s.now).toISOString());
    expect(body.data.nodes).toEqual([
      // The charger's fault makes the plant's status 2; the live sample's PV power and today's energy (2.468 kWh).
      { nodeId: s.plantA, parentNodeId: null, nodeType: 'plant', deviceSn: null, deviceType: null, name: 'NY roof', status: 2, pvPower: 1450, todayPvEnergy: 2.468 },
      { nodeId: `device:${s.sn.invA}`, parentNodeId: s.plantA, nodeType: 'device', deviceSn: s.sn.invA, deviceType: 1, name: s.sn.invA, status: 1, pvPower: 1450, todayPvEnergy: 2.468 },
      { nodeId: `device:${mod.fitted}`, parentNodeId: `device:${s.sn.invA}`, nodeType: 'device', deviceSn: mod.fitted, deviceType: 4, name: 'East string', status: 3, pvPower: null, todayPvEnergy: null },
      { nodeId: `device:${mod.loose}`, parentNodeId: s.plantA, nodeType: 'device', deviceSn: mod.loose, deviceType: 5, name: mod.loose, status: 3, pvPower: null, todayPvEnergy: null },
    ]);
  });
});

describe('editPlantDataViews and getPlantDataViews', () => {
  let roof = 0;
  let garage = 0;

  it('adds sub-groups in their display order, with the devices as the plant spells them', async () => {
    const empty = (await t.api.get<Views>(`${VIEWS}/getPlantDataViews`, { token: s.userToken, query: { plantUid: s.plantA } })).body.data;
    expect(empty.subGroups).toEqual([]);
    expect(empty.ungroupedDeviceSns).toEqual([s.sn.chgA, s.sn.invA, mod.fitted, mod.loose, s.sn.mtrA].sort());

    const first = await ok({ subGroupName: 'Roof east', deviceSnArr: `${s.sn.invA.toLowerCase()},${s.sn.mtrA}`, sort: 2 });
    roof = first.subGroups[0]!.subGroupId;
    // The inverter's live 1450 W and today's 2.468 kWh; the meter adds no PV.
    expect(first.subGroups).toEqual([{ subGroupId: roof, subGroupName: 'Roof east', sort: 2, deviceSns: [s.sn.invA, s.sn.mtrA], pvPower: 1450, todayPvEnergy: 2.468 }]);
    const second = await ok({ subGroupName: 'Garage', deviceSnArr: s.sn.chgA, sort: 1 });
    garage = second.subGroups[0]!.subGroupId;
    expect(second.subGroups.map((g) => g.subGroupName)).toEqual(['Garage', 'Roof east']);
    expect(second.subGroups[0]).toMatchObject({ deviceSns: [s.sn.chgA], pvPower: null, todayPvEnergy: 0 });
    expect(second.ungroupedDeviceSns).toEqual([mod.fitted, mod.loose].sort());
  });

  it('answers 10003 naming the field of each rule', async () => {
    await refused({ subGroupName: 'Other', deviceSnArr: s.sn.invA }, 'deviceSnArr');
    await refused({ subGroupName: 'Other', deviceSnArr: s.sn.invB }, 'deviceSnArr');
    await refused({ subGroupName: 'Garage' }, 'subGroupName');
    await refused({ deviceSnArr: mod.loose }, 'subGroupName');
    await refused({ isDelete: 1 }, 'subGroupId');
    await refused({ subGroupId: 999_999, subGroupName: 'Nowhere' }, 'subGroupId');
    await refused({ subGroupId: roof, subGroupName: 'Garage' }, 'subGroupName');
  });

  it('changes only what is sent; an empty list empties a sub-group so that its device can move', async () => {
    const renamed = await ok({ subGroupId: roof, subGroupName: 'Roof' });
    expect(renamed.subGroups.find((g) => g.subGroupId === roof)).toMatchObject({ subGroupName: 'Roof', sort: 2, deviceSns: [s.sn.invA, s.sn.mtrA] });
    await ok({ subGroupId: roof, deviceSnArr: '' });
    const moved = await ok({ subGroupId: garage, deviceSnArr: `${s.sn.chgA},${s.sn.invA}` });
    expect(moved.subGroups.map((g) => [g.subGroupName, g.deviceSns])).toEqual([['Garage', [s.sn.chgA, s.sn.invA]], ['Roof', []]]);
    expect(moved.subGroups[0]!.pvPower).toBe(1450);
  });

  it('a device unbound from the plant leaves its sub-group', async () => {
    await ok({ subGroupId: roof, deviceSnArr: mod.loose });
    await t.database.db.update(devices).set({ plantUid: null }).where(eq(devices.sn, mod.loose));
    const views = (await t.api.get<Views>(`${VIEWS}/getPlantDataViews`, { token: s.userToken, query: { plantUid: s.plantA } })).body.data;
    expect(views.subGroups.find((g) => g.subGroupId === roof)!.deviceSns).toEqual([]);
    expect(views.ungroupedDeviceSns).not.toContain(mod.loose);
    await t.database.db.update(devices).set({ plantUid: s.plantA }).where(eq(devices.sn, mod.loose));
  });

  it('holds a plant to its limit of sub-groups, and deletes one', async () => {
    const have = (await t.api.get<Views>(`${VIEWS}/getPlantDataViews`, { token: s.userToken, query: { plantUid: s.plantA } })).body.data.subGroups.length;
    for (let i = have; i < MAX_SUB_GROUPS; i++) await ok({ subGroupName: `Group ${i}` });
    await refused({ subGroupName: 'One too many' }, 'subGroupName');
    const after = await ok({ subGroupId: roof, isDelete: 1 });
    expect(after.subGroups.map((g) => g.subGroupId)).not.toContain(roof);
    expect(after.subGroups).toHaveLength(MAX_SUB_GROUPS - 1);
  });
});

describe('getSubGroupData', () => {
  it('the sub-group\'s day: 5-minute PV sums as instants, and each device\'s figures', async () => {
    const views = (await t.api.get<Views>(`${VIEWS}/getPlantDataViews`, { token: s.userToken, query: { plantUid: s.plantA } })).body.data;
    const id = views.subGroups.find((g) => g.subGroupName === 'Garage')!.subGroupId;
    const { body } = await t.api.get<{ subGroupName: string; date: string; pvEnergy: number; points: { time: string; pvPower: number | null }[]; devices: Record<string, unknown>[] }>(
      `${VIEWS}/getSubGroupData`, { token: s.userToken, query: { plantUid: s.plantA, subGroupId: id, date: '2026-03-15' } });
    expect(body.errCode, body.errMsg).toBe(0);
    expect(body.data).toMatchObject({ subGroupName: 'Garage', date: '2026-03-15', pvEnergy: 10 });
    expect(body.data.points).toHaveLength(288);
    expect(body.data.points[0]!.time).toBe('2026-03-15T04:00:00.000Z');
    // 10:30 and 10:32 local average 3100 W; no sample at noon.
    expect(body.data.points.find((p) => p.time === '2026-03-15T14:30:00.000Z')!.pvPower).toBe(3100);
    expect(body.data.points.find((p) => p.time === '2026-03-15T16:00:00.000Z')!.pvPower).toBeNull();
    expect(body.data.devices).toEqual([
      { deviceSn: s.sn.chgA, deviceType: 6, alias: null, status: 2, pvPower: null, pvEnergy: 0 },
      { deviceSn: s.sn.invA, deviceType: 1, alias: null, status: 1, pvPower: 1450, pvEnergy: 10 },
    ]);
  });

  it('sums its own devices only: a sub-group of the meter has no PV at any slot, and an empty one no samples', async () => {
    const meter = (await ok({ subGroupName: 'Meter only', deviceSnArr: s.sn.mtrA })).subGroups.find((g) => g.subGroupName === 'Meter only')!;
    expect(meter.deviceSns).toEqual([s.sn.mtrA]);
    const day = async () => {
      const { body } = await t.api.get<{ points: { time: string; pvPower: number | null }[] }>(
        `${VIEWS}/getSubGroupData`, { token: s.userToken, query: { plantUid: s.plantA, subGroupId: meter.subGroupId, date: '2026-03-15' } });
      expect(body.errCode, body.errMsg).toBe(0);
      return body.data.points;
    };
    for (const members of ['meter', 'none']) {
      if (members === 'none') expect((await ok({ subGroupId: meter.subGroupId, deviceSnArr: '' })).subGroups.find((g) => g.subGroupId === meter.subGroupId)!.deviceSns).toEqual([]);
      const points = await day();
      expect(points, members).toHaveLength(288);
      expect(points.every((p) => p.pvPower === null), members).toBe(true);
    }
    await ok({ subGroupId: meter.subGroupId, isDelete: 1 });
  });

  it('answers 10003 for a sub-group of another plant', async () => {
    const b = await edit({ plantUid: s.plantB, subGroupName: 'Tokyo group' });
    const id = b.data.subGroups[0]!.subGroupId;
    const { body } = await t.api.get(`${VIEWS}/getSubGroupData`, { token: s.userToken, query: { plantUid: s.plantA, subGroupId: id } });
    expect(body.errCode).toBe(10003);
    expect(body.errMsg).toContain('subGroupId');
  });
});

describe('who may look and change', () => {
  it('a visitor with viewPlant sees the plant\'s own sub-groups but may not change them', async () => {
    const seen = await t.api.get<Views>(`${VIEWS}/getPlantDataViews`, { token: tokens.owner2, query: { plantUid: s.plantA } });
    expect(seen.body.errCode).toBe(0);
    expect(seen.body.data.subGroups.map((g) => g.subGroupName)).toContain('Garage');
    expect((await edit({ subGroupName: 'Visitor group' }, tokens.owner2)).errCode).toBe(10005);
  });

  it('another tree: 10005 for every call', async () => {
    for (const op of ['getPlantPVTopology', 'getPlantDataViews']) {
      expect((await t.api.get(`${VIEWS}/${op}`, { token: tokens.installer2, query: { plantUid: s.plantA } })).body.errCode, op).toBe(10005);
    }
    expect((await t.api.get(`${VIEWS}/getSubGroupData`, { token: tokens.installer2, query: { plantUid: s.plantA, subGroupId: 1 } })).body.errCode).toBe(10005);
    expect((await edit({ subGroupName: 'Foreign' }, tokens.installer2)).errCode).toBe(10005);
  });
});
