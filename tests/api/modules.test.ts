// Device modules through the API (001 section 7 "Modules"): product types with their model codes,
// the module list (scoped to the caller's plants and shares, filtered, ordered, paged) and its
// status counts. Every serial here starts with MODT, so demo data never mixes in.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, modelCodes, plantShares, plants, users } from '../../server/db/schema/index.ts';
import { MAX_PAGE_DEPTH } from '../../server/repositories/paging.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

interface Module {
  moduleSn: string; productType: number; modelCode: string | null; modelName: string | null; parentSn: string | null; parentDeviceType: number | null;
  alias: string | null; plantUid: string | null; plantName: string | null; firmwareVersion: string | null; status: number; lastReportTime: string | null; createTime: string;
}
interface Page<T> { list: T[]; total: number; pageNo: number; pageSize: number }
type Fields = Record<string, string | number | undefined>;

let t: TestApp;
const tokens: Record<string, string> = {};
const db = () => t.database.db;
const idOf = async (login: string) => (await db().select({ id: users.id }).from(users).where(eq(users.loginName, login)))[0]!.id;

const list = (token: string, query: Fields = {}) => t.api.get<Page<Module>>('/api/v1/deviceModule/module/userModuleList', { token, query: { moduleSn: 'MODT', ...query } });
const counts = (token: string, query: Fields = {}) => t.api.get<Record<string, number>>('/api/v1/deviceModule/module/getModuleListCountInfo', { token, query: { moduleSn: 'MODT', ...query } });
const sns = (page: Page<Module>) => page.list.map((m) => m.moduleSn);

beforeAll(async () => {
  t = await createTestApp();
  for (const login of ['owner', 'owner2', 'installer', 'installer2', 'admin']) tokens[login] = (await t.api.login(login)).token;
  await db().insert(modelCodes).values([
    { modelCode: 'MODT-WIFI', modelName: 'Wi-Fi stick', deviceType: 4 },
    { modelCode: 'MODT-4G', modelName: '4G stick', deviceType: 4 },
    { modelCode: 'MODT-EMS', modelName: 'EMS card', deviceType: 5 },
  ]);
  await db().insert(plants).values([
    { plantUid: 'MODT-P1', plantName: 'B roof', officeId: '11', ownerUserId: await idOf('owner') },
    { plantUid: 'MODT-P2', plantName: 'A barn', officeId: '11', ownerUserId: await idOf('owner') },
    { plantUid: 'MODT-P3', plantName: 'Coast house', officeId: '21', ownerUserId: await idOf('owner2') },
  ]);
  await db().insert(devices).values([
    { sn: 'MODTINV1', snType: 1, officeId: '11', plantUid: 'MODT-P1', status: 1 },
    { sn: 'MODTWIFI1', snType: 4, modelCode: 'modt-wifi', parentSn: 'MODTINV1', officeId: '11', plantUid: 'MODT-P1', status: 1, firmwareVersion: '1.2', alias: 'Roof stick' },
    { sn: 'MODTEMS1', snType: 5, modelCode: 'MODT-EMS', parentSn: 'MODTINV1', officeId: '11', plantUid: 'MODT-P1', status: 2 },
    { sn: 'MODT4G2', snType: 4, modelCode: 'MODT-4G', officeId: '11', plantUid: 'MODT-P2', status: 3 },
    { sn: 'MODTFREE', snType: 4, officeId: '11', status: 3 },
    { sn: 'MODTWIFI3', snType: 4, modelCode: 'MODT-WIFI', officeId: '21', plantUid: 'MODT-P3', status: 1 },
  ]);
});
afterAll(() => t.close());

describe('module product types', () => {
  it('answers types 4 and 5 with their names in the caller\'s language and their model codes by code', async () => {
    const en = await t.api.get<{ productType: number; productTypeName: string; modelCodes: { modelCode: string; modelName: string }[] }[]>('/api/v1/deviceModule/module/moduleProductTypeList', { token: tokens.owner! });
    expect(en.body.errCode).toBe(0);
    expect(en.body.data.map((d) => [d.productType, d.productTypeName])).toEqual([[4, 'Communication module'], [5, 'Energy-management module']]);
    const ours = (type: number) => en.body.data.find((d) => d.productType === type)!.modelCodes.filter((m) => m.modelCode.startsWith('MODT'));
    expect(ours(4)).toEqual([{ modelCode: 'MODT-4G', modelName: '4G stick' }, { modelCode: 'MODT-WIFI', modelName: 'Wi-Fi stick' }]);
    expect(ours(5)).toEqual([{ modelCode: 'MODT-EMS', modelName: 'EMS card' }]);
    const zh = await t.api.get<{ productTypeName: string }[]>('/api/v1/deviceModule/module/moduleProductTypeList', { token: tokens.owner!, lang: 'zh-CN' });
    expect(zh.body.data.map((d) => d.productTypeName)).toEqual(['通信模块', '能量管理模块']);
  });
});

describe('module list', () => {
  it('lists the modules bound to the caller\'s plants by plant name, then serial, with parent and model', async () => {
    const { body } = await list(tokens.owner!);
    expect(body.errCode).toBe(0);
    expect(sns(body.data)).toEqual(['MODT4G2', 'MODTEMS1', 'MODTWIFI1']);
    expect(body.data.total).toBe(3);
    expect(body.data.list[2]).toMatchObject({
      moduleSn: 'MODTWIFI1', productType: 4, modelCode: 'modt-wifi', modelName: 'Wi-Fi stick', parentSn: 'MODTINV1', parentDeviceType: 1,
      alias: 'Roof stick', plantUid: 'MODT-P1', plantName: 'B roof', firmwareVersion: '1.2', status: 1, lastReportTime: null,
    });
    expect(body.data.list[0]).toMatchObject({ parentSn: null, parentDeviceType: null, modelName: '4G stick' });
    // Staff see their offices' plants; the other tree sees none of them.
    expect(sns((await list(tokens.installer!)).body.data)).toEqual(['MODT4G2', 'MODTEMS1', 'MODTWIFI1']);
    expect(sns((await list(tokens.admin!)).body.data)).toEqual(['MODT4G2', 'MODTEMS1', 'MODTWIFI1']);
    expect(sns((await list(tokens.installer2!)).body.data)).toEqual(['MODTWIFI3']);
  });

  it('filters by serial (module or parent), type, model code, status and plant', async () => {
    const of = async (query: Fields) => sns((await list(tokens.owner!, query)).body.data);
    expect(await of({ moduleSn: 'modtinv' })).toEqual(['MODTEMS1', 'MODTWIFI1']);
    expect(await of({ moduleSn: 'WIFI' })).toEqual(['MODTWIFI1']);
    expect(await of({ moduleSn: '%' })).toEqual([]);
    expect(await of({ productType: 5 })).toEqual(['MODTEMS1']);
    expect(await of({ modelCode: 'MODT-WIFI' })).toEqual(['MODTWIFI1']);
    expect(await of({ status: 3 })).toEqual(['MODT4G2']);
    expect(await of({ plantUid: 'MODT-P1' })).toEqual(['MODTEMS1', 'MODTWIFI1']);
    expect(await of({ searchOfficeIdArr: '21' })).toEqual([]);
    expect(sns((await list(tokens.installer!, { searchOfficeIdArr: '11' })).body.data)).toEqual(['MODT4G2', 'MODTEMS1', 'MODTWIFI1']);
    expect((await list(tokens.owner!, { productType: 6 })).body.errCode).toBe(10003);
    expect((await list(tokens.owner!, { status: 4 })).body.errCode).toBe(10003);
  });

  it('pages, and refuses pages past the depth limit', async () => {
    const second = (await list(tokens.owner!, { pageNo: 2, pageSize: 2 })).body.data;
    expect(second).toMatchObject({ total: 3, pageNo: 2, pageSize: 2 });
    expect(sns(second)).toEqual(['MODTWIFI1']);
    const edge = await list(tokens.owner!, { pageNo: MAX_PAGE_DEPTH / 10, pageSize: 10 });
    expect(edge.body.errCode).toBe(0);
    const past = await list(tokens.owner!, { pageNo: MAX_PAGE_DEPTH / 10 + 1, pageSize: 10 });
    expect(past.body.errCode).toBe(10003);
    expect(past.body.errMsg).toMatch(/pageNo/);
  });

  it('a plant of another tree answers 10005; a share lets its visitor see the plant\'s modules', async () => {
    expect((await list(tokens.owner!, { plantUid: 'MODT-P3' })).body.errCode).toBe(10005);
    expect((await counts(tokens.installer!, { plantUid: 'MODT-P3' })).body.errCode).toBe(10005);
    await db().insert(plantShares).values({ plantUid: 'MODT-P3', visitorUserId: await idOf('owner'), permissions: ['viewPlant'] });
    expect(sns((await list(tokens.owner!)).body.data)).toEqual(['MODT4G2', 'MODTEMS1', 'MODTWIFI1', 'MODTWIFI3']);
    expect(sns((await list(tokens.owner!, { plantUid: 'MODT-P3' })).body.data)).toEqual(['MODTWIFI3']);
    // Narrowing to offices drops what only a share shows.
    expect(sns((await list(tokens.owner!, { searchOfficeIdArr: '21' })).body.data)).toEqual([]);
    await db().delete(plantShares).where(eq(plantShares.plantUid, 'MODT-P3'));
  });
});

describe('module counts', () => {
  it('counts the matching modules by status', async () => {
    expect((await counts(tokens.owner!)).body.data).toEqual({ totalNum: 3, onlineNum: 1, faultNum: 1, offlineNum: 1 });
    expect((await counts(tokens.owner!, { productType: 4 })).body.data).toEqual({ totalNum: 2, onlineNum: 1, faultNum: 0, offlineNum: 1 });
    expect((await counts(tokens.installer2!)).body.data).toEqual({ totalNum: 1, onlineNum: 1, faultNum: 0, offlineNum: 0 });
  });
});

describe.each(['global', 'cn', 'au'] as const)('on the %s site', (site) => {
  let s: TestApp;
  beforeAll(async () => {
    s = await createTestApp({ config: { site } });
  });
  afterAll(() => s.close());

  it('lists and counts modules the same way', async () => {
    const token = (await s.api.login('owner2')).token;
    await s.database.db.insert(plants).values({ plantUid: 'SITE-P', plantName: 'Site', officeId: '21', ownerUserId: (await s.database.db.select({ id: users.id }).from(users).where(eq(users.loginName, 'owner2')))[0]!.id });
    await s.database.db.insert(devices).values({ sn: 'MODTSITE', snType: 5, officeId: '21', plantUid: 'SITE-P', status: 1 });
    const page = await s.api.get<Page<Module>>('/api/v1/deviceModule/module/userModuleList', { token, query: { moduleSn: 'MODTSITE' } });
    expect(sns(page.body.data)).toEqual(['MODTSITE']);
    const n = await s.api.get<Record<string, number>>('/api/v1/deviceModule/module/getModuleListCountInfo', { token, query: { moduleSn: 'MODTSITE' } });
    expect(n.body.data).toEqual({ totalNum: 1, onlineNum: 1, faultNum: 0, offlineNum: 0 });
  });
});
