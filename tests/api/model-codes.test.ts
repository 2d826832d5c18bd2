// Model codes and their serial prefixes through the API (001 section 7 "Model codes"): the first
// resource with full create, read, update and delete, filters, paging, uniqueness and permissions.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelCodeSerials, modelCodes } from '../../server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

interface ModelCode {
  id: number; modelCode: string; modelName: string; deviceType: number; ratedPower?: number; manufacturer?: string; remark?: string;
  serialCount: number; createTime: string; updateTime: string;
}
interface Serial { id: number; modelCodeId: number; serialPrefix: string; remark?: string; createTime: string }
interface Page<T> { list: T[]; total: number; pageNo: number; pageSize: number }
type FieldErrors = { errors: { field: string; rule: string; message: string }[] } | null;
type Fields = Record<string, string | number | undefined>;

let t: TestApp;
let support: string;
beforeAll(async () => {
  t = await createTestApp();
  support = (await t.api.login('support')).token;
});
afterAll(() => t.close());

const save = (form: Fields, token = support) => t.api.post<ModelCode & FieldErrors>('/api/v1/modelCode/add', { token, form });
const page = (query: Fields = {}, token = support) => t.api.get<Page<ModelCode>>('/api/v1/modelCode/pageList', { token, query });
const remove = (id: number, token = support) => t.api.post<FieldErrors>('/api/v1/modelCode/delete', { token, form: { id } });
const addSerial = (form: Fields, token = support) => t.api.post<Serial & FieldErrors>('/api/v1/modelCodeSerial/add', { token, form });
const modifySerial = (form: Fields) => t.api.post<Serial & FieldErrors>('/api/v1/modelCodeSerial/modify', { token: support, form });
const serials = async (modelCodeId: number) => {
  const { body } = await t.api.get<Serial[]>('/api/v1/modelCodeSerial/list', { token: support, query: { modelCodeId } });
  expect(body.errCode).toBe(0);
  return body.data;
};
const rowCount = async () => (await t.database.db.select({ n: count() }).from(modelCodes))[0]!.n;
const fieldOf = (data: FieldErrors) => data?.errors.map(({ field, rule }) => ({ field, rule }));

/** The model codes every test below works on, by code. */
const ids: Record<string, number> = {};

describe('model codes', () => {
  it('adds model codes and answers the stored record', async () => {
    const { body } = await save({ modelCode: 'INV-5K', modelName: 'Hybrid inverter 5 kW', deviceType: 1, ratedPower: 5.5, manufacturer: 'Sunrise', remark: 'first' });
    expect(body.errCode).toBe(0);
    expect(body.data).toMatchObject({ modelCode: 'INV-5K', modelName: 'Hybrid inverter 5 kW', deviceType: 1, ratedPower: 5.5, manufacturer: 'Sunrise', remark: 'first', serialCount: 0 });
    expect(body.data.id).toBeGreaterThan(0);
    expect(new Date(body.data.createTime).toISOString()).toBe(body.data.createTime);
    ids['INV-5K'] = body.data.id;

    for (const [modelCode, modelName, deviceType] of [
      ['INV-10K', 'Hybrid inverter 10 kW', 1], ['MTR-1', 'Smart meter', 2], ['EMS-1', 'Energy manager', 3], ['BAT-X', 'Battery for inverters', 4],
    ] as const) {
      const added = await save({ modelCode, modelName, deviceType });
      expect(added.body.errCode).toBe(0);
      expect(added.body.data).not.toHaveProperty('ratedPower');
      ids[modelCode] = added.body.data.id;
    }
    expect(await rowCount()).toBe(5);
  });

  it('pages newest first with totals', async () => {
    const all = await page({ pageSize: 100 });
    expect(all.body.errCode).toBe(0);
    expect(all.body.data.total).toBe(5);
    expect(all.body.data.list.map((m) => m.modelCode)).toEqual(['BAT-X', 'EMS-1', 'MTR-1', 'INV-10K', 'INV-5K']);

    const seen: string[] = [];
    for (const [pageNo, size] of [[1, 2], [2, 2], [3, 1], [4, 0]] as const) {
      const { body } = await page({ pageNo, pageSize: 2 });
      expect(body.data).toMatchObject({ total: 5, pageNo, pageSize: 2 });
      expect(body.data.list).toHaveLength(size);
      seen.push(...body.data.list.map((m) => m.modelCode));
    }
    expect(seen).toEqual(all.body.data.list.map((m) => m.modelCode));

    const defaults = await page();
    expect(defaults.body.data).toMatchObject({ pageNo: 1, pageSize: 10, total: 5 });
    const tooBig = await page({ pageSize: 1001 });
    expect(tooBig.body.errCode).toBe(10003);
    expect(fieldOf(tooBig.body.data as unknown as FieldErrors)).toEqual([{ field: 'pageSize', rule: 'maximum' }]);
  });

  it('filters by text in code or name (case-insensitive), device type and id', async () => {
    const codes = async (query: Fields) => {
      const { body } = await page({ pageSize: 100, ...query });
      expect(body.errCode).toBe(0);
      expect(body.data.total).toBe(body.data.list.length);
      return body.data.list.map((m) => m.modelCode).sort();
    };
    expect(await codes({ modelCode: 'inverter' })).toEqual(['BAT-X', 'INV-10K', 'INV-5K']);
    expect(await codes({ modelCode: 'INVERTER' })).toEqual(['BAT-X', 'INV-10K', 'INV-5K']);
    expect(await codes({ modelCode: 'inv-' })).toEqual(['INV-10K', 'INV-5K']);
    expect(await codes({ modelCode: 'mtr' })).toEqual(['MTR-1']);
    expect(await codes({ modelCode: '  meter ' })).toEqual(['MTR-1']);
    expect(await codes({ deviceType: 1 })).toEqual(['INV-10K', 'INV-5K']);
    expect(await codes({ deviceType: 1, modelCode: '10' })).toEqual(['INV-10K']);
    expect(await codes({ deviceType: 3, modelCode: 'inv' })).toEqual([]);
    expect(await codes({ id: ids['MTR-1'] })).toEqual(['MTR-1']);
    // LIKE wildcards in the text are literal characters.
    expect(await codes({ modelCode: '%' })).toEqual([]);
    expect(await codes({ modelCode: '_' })).toEqual([]);
  });

  it('modifies a model code through add with id', async () => {
    const before = (await page({ id: ids['MTR-1'] })).body.data.list[0]!;
    const { body } = await save({ id: ids['MTR-1'], modelCode: 'MTR-2', modelName: 'Smart meter, three-phase', deviceType: 2, remark: 'renamed' });
    expect(body.errCode).toBe(0);
    expect(body.data).toMatchObject({ id: ids['MTR-1'], modelCode: 'MTR-2', modelName: 'Smart meter, three-phase', remark: 'renamed', createTime: before.createTime });
    expect(body.data.updateTime > before.updateTime).toBe(true);
    expect(await rowCount()).toBe(5);
    // The changed one is now the newest.
    expect((await page()).body.data.list[0]!.modelCode).toBe('MTR-2');

    // Optional fields left out are cleared.
    const cleared = await save({ id: ids['MTR-1'], modelCode: 'MTR-2', modelName: 'Smart meter', deviceType: 2 });
    expect(cleared.body.data).not.toHaveProperty('remark');

    const missing = await save({ id: 999_999, modelCode: 'GHOST', modelName: 'Ghost', deviceType: 1 });
    expect(missing.body.errCode).toBe(10003);
    expect(fieldOf(missing.body.data)).toEqual([{ field: 'id', rule: 'exists' }]);
    expect(await rowCount()).toBe(5);
  });

  it('keeps codes unique case-insensitively, changing nothing on a clash', async () => {
    const duplicate = await save({ modelCode: 'inv-5k', modelName: 'Copy', deviceType: 1 });
    expect(duplicate.body.errCode).toBe(10003);
    expect(duplicate.body.errMsg).toBe('modelCode: inv-5k already exists');
    expect(fieldOf(duplicate.body.data)).toEqual([{ field: 'modelCode', rule: 'unique' }]);
    expect(await rowCount()).toBe(5);

    const clash = await save({ id: ids['EMS-1'], modelCode: 'Inv-10K', modelName: 'Renamed', deviceType: 1 });
    expect(fieldOf(clash.body.data)).toEqual([{ field: 'modelCode', rule: 'unique' }]);
    expect((await page({ id: ids['EMS-1'] })).body.data.list[0]).toMatchObject({ modelCode: 'EMS-1', modelName: 'Energy manager', deviceType: 3 });

    // A model code may change the case of its own code.
    expect((await save({ id: ids['EMS-1'], modelCode: 'ems-1', modelName: 'Energy manager', deviceType: 3 })).body.errCode).toBe(0);
    expect((await save({ id: ids['EMS-1'], modelCode: 'EMS-1', modelName: 'Energy manager', deviceType: 3 })).body.errCode).toBe(0);
  });

  it('lists model codes by code for pickers, optionally of one device type', async () => {
    const list = async (query: Fields, token = support) => {
      const { body } = await t.api.get<ModelCode[]>('/api/v1/modelCode/listModelCode', { token, query });
      expect(body.errCode).toBe(0);
      return body.data.map((m) => m.modelCode);
    };
    expect(await list({})).toEqual(['BAT-X', 'EMS-1', 'INV-10K', 'INV-5K', 'MTR-2']);
    expect(await list({ deviceType: 1 })).toEqual(['INV-10K', 'INV-5K']);
    expect(await list({ deviceType: 6 })).toEqual([]);
    // Every logged-in user may fill a picker.
    expect(await list({ deviceType: 2 }, (await t.api.login('owner')).token)).toEqual(['MTR-2']);
  });
});

describe('serial prefixes', () => {
  it('adds prefixes upper-cased and lists them by prefix', async () => {
    const first = await addSerial({ modelCodeId: ids['INV-5K']!, serialPrefix: 'zz5k', remark: 'new batch' });
    expect(first.body.errCode).toBe(0);
    expect(first.body.data).toMatchObject({ modelCodeId: ids['INV-5K'], serialPrefix: 'ZZ5K', remark: 'new batch' });
    expect((await addSerial({ modelCodeId: ids['INV-5K']!, serialPrefix: 'Ab5k' })).body.data.serialPrefix).toBe('AB5K');
    expect((await addSerial({ modelCodeId: ids['INV-10K']!, serialPrefix: 'inv10' })).body.errCode).toBe(0);

    expect((await serials(ids['INV-5K']!)).map((s) => s.serialPrefix)).toEqual(['AB5K', 'ZZ5K']);
    expect((await serials(ids['INV-10K']!)).map((s) => s.serialPrefix)).toEqual(['INV10']);
    expect(await serials(ids['EMS-1']!)).toEqual([]);
  });

  it('counts the prefixes of each model code in the page', async () => {
    const counts = Object.fromEntries((await page({ pageSize: 100 })).body.data.list.map((m) => [m.modelCode, m.serialCount]));
    expect(counts).toEqual({ 'INV-5K': 2, 'INV-10K': 1, 'MTR-2': 0, 'EMS-1': 0, 'BAT-X': 0 });
  });

  it('keeps a prefix unique across all model codes, case-insensitively', async () => {
    for (const [modelCodeId, serialPrefix] of [[ids['INV-10K']!, 'zz5k'], [ids['INV-5K']!, 'Zz5K']] as const) {
      const { body } = await addSerial({ modelCodeId, serialPrefix });
      expect(body.errCode).toBe(10003);
      expect(body.errMsg).toBe('serialPrefix: ZZ5K already exists');
      expect(fieldOf(body.data)).toEqual([{ field: 'serialPrefix', rule: 'unique' }]);
    }
    expect(await serials(ids['INV-10K']!)).toHaveLength(1);
    expect(await serials(ids['INV-5K']!)).toHaveLength(2);
  });

  it('checks the prefix format and the model code', async () => {
    expect(fieldOf((await addSerial({ modelCodeId: ids['INV-5K']!, serialPrefix: 'AB-1' })).body.data)).toEqual([{ field: 'serialPrefix', rule: 'pattern' }]);
    expect(fieldOf((await addSerial({ modelCodeId: ids['INV-5K']!, serialPrefix: 'A' })).body.data)).toEqual([{ field: 'serialPrefix', rule: 'minLength' }]);
    const orphan = await addSerial({ modelCodeId: 999_999, serialPrefix: 'ORPHAN' });
    expect(orphan.body.errCode).toBe(10003);
    expect(fieldOf(orphan.body.data)).toEqual([{ field: 'modelCodeId', rule: 'exists' }]);
    expect(await t.database.db.select().from(modelCodeSerials).where(eq(modelCodeSerials.serialPrefix, 'ORPHAN'))).toEqual([]);
  });

  it('modifies a prefix, upper-cased and still unique', async () => {
    const [ab] = await serials(ids['INV-5K']!);
    const { body } = await modifySerial({ id: ab!.id, serialPrefix: 'ab5kx', remark: 'changed' });
    expect(body.errCode).toBe(0);
    expect(body.data).toMatchObject({ id: ab!.id, modelCodeId: ids['INV-5K'], serialPrefix: 'AB5KX', remark: 'changed' });

    const clash = await modifySerial({ id: ab!.id, serialPrefix: 'inv10' });
    expect(fieldOf(clash.body.data)).toEqual([{ field: 'serialPrefix', rule: 'unique' }]);
    expect((await serials(ids['INV-5K']!)).map((s) => s.serialPrefix)).toEqual(['AB5KX', 'ZZ5K']);

    const missing = await modifySerial({ id: 999_999, serialPrefix: 'NOPE' });
    expect(fieldOf(missing.body.data)).toEqual([{ field: 'id', rule: 'exists' }]);
  });
});

describe('deleting', () => {
  it('deletes a model code with its prefixes, freeing them', async () => {
    const { body } = await remove(ids['INV-5K']!);
    expect(body).toEqual({ errCode: 0, errMsg: '', data: null });
    expect(await rowCount()).toBe(4);
    expect((await page({ id: ids['INV-5K'] })).body.data.total).toBe(0);
    expect(await t.database.db.select().from(modelCodeSerials).where(eq(modelCodeSerials.modelCodeId, ids['INV-5K']!))).toEqual([]);
    // Other model codes keep theirs, and the freed prefix can be given to another.
    expect((await serials(ids['INV-10K']!)).map((s) => s.serialPrefix)).toEqual(['INV10']);
    expect((await addSerial({ modelCodeId: ids['INV-10K']!, serialPrefix: 'ZZ5K' })).body.errCode).toBe(0);
  });

  it('answers 10003 naming id for a model code that does not exist', async () => {
    const { body } = await remove(ids['INV-5K']!);
    expect(body.errCode).toBe(10003);
    expect(body.errMsg).toBe('id: no such record');
    expect(fieldOf(body.data)).toEqual([{ field: 'id', rule: 'exists' }]);
    expect(await rowCount()).toBe(4);
  });
});

describe('permissions', () => {
  it('lets an installer (list only) read but not change model codes', async () => {
    const installer = (await t.api.login('installer')).token;
    const listed = await page({}, installer);
    expect(listed.body.errCode).toBe(0);
    expect(listed.body.data.total).toBe(4);
    expect((await t.api.get('/api/v1/modelCodeSerial/list', { token: installer, query: { modelCodeId: ids['INV-10K']! } })).body.errCode).toBe(0);

    const forbidden = { errCode: 10005, errMsg: 'You do not have permission to do this', data: null };
    expect((await save({ modelCode: 'INST-1', modelName: 'Nope', deviceType: 1 }, installer)).body).toEqual(forbidden);
    expect((await save({ id: ids['BAT-X'], modelCode: 'BAT-X', modelName: 'Nope', deviceType: 4 }, installer)).body).toEqual(forbidden);
    expect((await remove(ids['BAT-X']!, installer)).body).toEqual(forbidden);
    expect((await addSerial({ modelCodeId: ids['BAT-X']!, serialPrefix: 'BATX' }, installer)).body).toEqual(forbidden);
    expect(await rowCount()).toBe(4);
    expect((await page({ id: ids['BAT-X'] })).body.data.list[0]).toMatchObject({ modelName: 'Battery for inverters', serialCount: 0 });
  });
});
