// Correcting and deleting devices of the inventory (issue 21): deviceInventoryDetail,
// deviceInventoryEdit (model code of the device's type, rated power, alias), deviceInventoryDelete
// (only a device never bound, with no bound child module), the list sorted by a column with
// stable pages, and the batch import's per-row reason for an empty serial.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceBindings, devices, modelCodes, roles, users } from '../../server/db/schema/index.ts';
import { hashPassword } from '../../server/domain/auth/passwords.ts';
import { signatureParams } from '../../src/lib/signing.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../fixtures/app.ts';
import { demoPlant } from '../fixtures/plants.ts';

interface Device { sn: string; snType: number; modelCode?: string; ratedPower?: number; parentSn?: string; aliases?: string; plantName?: string; createTime: string }
type Fields = Record<string, string | number | undefined>;
type Refusal = { errors: { field: string; rule: string }[] } | null;

let t: TestApp;
const tokens: Record<string, string> = {};
const model = `INV-${Date.now().toString(36).toUpperCase()}`;
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'engineer']) tokens[who] = (await t.api.login(who)).token;
  const [administrator] = await t.database.db.select({ id: roles.id }).from(roles).where(eq(roles.roleKey, 'Administrator'));
  await t.database.db.insert(users).values({ id: randomUUID(), loginName: 'inventory-admin2', nickname: 'Blue Coast admin', roleId: administrator!.id, officeId: '2', passwordHash: await hashPassword(DEMO_PASSWORD) });
  tokens.admin2 = (await t.api.login('inventory-admin2')).token;
  await t.database.db.insert(modelCodes).values([
    { modelCode: model, modelName: 'Inventory test inverter', deviceType: 1, ratedPower: 6 },
    { modelCode: `${model}-M`, modelName: 'Inventory test meter', deviceType: 2 },
  ]);
});
afterAll(() => t.close());

let n = 0;
const serial = () => `INV${Date.now().toString(36).toUpperCase()}${(n++).toString(36).toUpperCase()}`;
async function device(extra: Partial<typeof devices.$inferInsert> = {}) {
  const sn = serial();
  await t.database.db.insert(devices).values({ sn, snType: 1, officeId: '11', ...extra });
  return sn;
}
const stored = async (sn: string) => (await t.database.db.select().from(devices).where(eq(devices.sn, sn)))[0];
const edit = (who: string, form: Fields) => t.api.post<Device & Refusal>('/api/v1/device/inventory/edit', { token: tokens[who], form });
const remove = (who: string, sn: string) => t.api.post<Refusal>('/api/v1/device/inventory/delete', { token: tokens[who], form: { sn } });
const detail = (who: string, sn: string) => t.api.get<Device>('/api/v1/device/inventory/detail', { token: tokens[who], query: { sn } });
const rules = (data: unknown) => (data as Refusal)?.errors.map(({ field, rule }) => ({ field, rule }));

describe('deviceInventoryDetail', () => {
  it('answers a device of the caller\'s inventory by its exact serial, ignoring case, and 10005 otherwise', async () => {
    const sn = await device({ alias: 'Roof' });
    expect((await detail('admin', sn.toLowerCase())).body).toMatchObject({ errCode: 0, data: { sn, snType: 1, aliases: 'Roof' } });
    expect((await detail('admin', sn.slice(0, -1))).body.errCode).toBe(10005);
    expect((await detail('admin2', sn)).body).toMatchObject({ errCode: 10005, data: null });
  });
});

describe('deviceInventoryEdit', () => {
  it('changes the model code, rated power and alias, and clears them with empty values', async () => {
    const sn = await device();
    const { body } = await edit('admin', { sn, modelCode: model.toLowerCase(), ratedPower: 7.5, aliases: 'East roof' });
    expect(body).toMatchObject({ errCode: 0, data: { sn, modelCode: model, ratedPower: 7.5, aliases: 'East roof' } });
    const cleared = await edit('admin', { sn, modelCode: '', aliases: '' });
    expect(cleared.body.errCode).toBe(0);
    expect(cleared.body.data).not.toHaveProperty('modelCode');
    expect(cleared.body.data).not.toHaveProperty('aliases');
    expect(await stored(sn)).toMatchObject({ modelCode: null, alias: null, ratedPower: 7.5 });
  });

  it('refuses an unknown model code and one of another device type, naming modelCode', async () => {
    const sn = await device();
    expect(rules((await edit('admin', { sn, modelCode: 'NO-SUCH-MODEL' })).body.data)).toEqual([{ field: 'modelCode', rule: 'exists' }]);
    expect(rules((await edit('admin', { sn, modelCode: `${model}-M` })).body.data)).toEqual([{ field: 'modelCode', rule: 'invalid' }]);
    expect(rules((await edit('admin', { sn, ratedPower: 0 })).body.data)).toEqual([{ field: 'ratedPower', rule: 'exclusiveMinimum' }]);
    expect((await stored(sn))?.modelCode).toBeNull();
  });

  it('answers 10005 to another tree and without service:deviceImport:edit', async () => {
    const sn = await device();
    expect((await edit('admin2', { sn, aliases: 'Taken' })).body).toMatchObject({ errCode: 10005 });
    expect((await edit('engineer', { sn, aliases: 'No permission' })).body).toMatchObject({ errCode: 10005 });
    expect((await stored(sn))?.alias).toBeNull();
  });
});

describe('deviceInventoryDelete', () => {
  it('deletes a device never bound; its free child modules stay as devices of their own', async () => {
    const sn = await device();
    const child = await device({ snType: 4, parentSn: sn });
    expect((await remove('admin', sn)).body).toMatchObject({ errCode: 0, data: null });
    expect(await stored(sn)).toBeUndefined();
    expect((await stored(child))?.parentSn).toBeNull();
  });

  it('refuses a device that is or was bound, and one with a bound child module, naming sn', async () => {
    const plantUid = await demoPlant(t, 'owner', n++);
    const bound = await device({ plantUid });
    expect(rules((await remove('admin', bound)).body.data)).toEqual([{ field: 'sn', rule: 'deviceEverBound' }]);
    const once = await device();
    await t.database.db.insert(deviceBindings).values({ deviceSn: once, plantUid, plantName: 'Gone', unboundAt: new Date() });
    expect(rules((await remove('admin', once)).body.data)).toEqual([{ field: 'sn', rule: 'deviceEverBound' }]);
    const parent = await device();
    await device({ snType: 4, parentSn: parent, plantUid });
    const { body } = await remove('admin', parent);
    expect(rules(body.data)).toEqual([{ field: 'sn', rule: 'deviceChildBound' }]);
    for (const sn of [bound, once, parent]) expect(await stored(sn)).toBeDefined();
  });

  it('answers 10005 to another tree and without service:deviceImport:remove', async () => {
    const sn = await device();
    expect((await remove('admin2', sn)).body).toMatchObject({ errCode: 10005 });
    expect((await remove('engineer', sn)).body).toMatchObject({ errCode: 10005 });
    expect(await stored(sn)).toBeDefined();
  });
});

describe('deviceInventoryPage sorting', () => {
  it('sorts by rated power either way, ties broken by id, and pages without overlap', async () => {
    const prefix = serial();
    const made: string[] = [];
    for (const [i, ratedPower] of [5, 3, 5, 8].entries()) {
      const sn = `${prefix}S${i}`;
      await t.database.db.insert(devices).values({ sn, snType: 1, officeId: '11', ratedPower });
      made.push(sn);
    }
    const page = async (query: Fields) => (await t.api.get<{ list: Device[]; total: number }>('/api/v1/device/inventory/page', { token: tokens.admin, query: { sn: prefix, ...query } })).body.data;
    const sns = (rows: Device[]) => rows.map((r) => r.sn.slice(prefix.length));
    expect(sns((await page({ sortField: 'ratedPower', sortOrder: 'asc' })).list)).toEqual(['S1', 'S0', 'S2', 'S3']);
    expect(sns((await page({ sortField: 'ratedPower' })).list)).toEqual(['S3', 'S2', 'S0', 'S1']);
    const pages = [];
    for (const pageNo of [1, 2]) pages.push(...(await page({ sortField: 'sn', pageSize: 2, pageNo })).list);
    expect(pages.map((r) => r.sn)).toEqual(made);
  });
});

describe('deviceImportBatch', () => {
  it('says that an empty serial is required, not that it breaks the serial pattern', async () => {
    const boundary = 'empty-serial-boundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="d.csv"\r\nContent-Type: text/csv\r\n\r\n`),
      Buffer.from('sn,snType\n,1\n'), Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const query = signatureParams('portal-web-public', { clientId: 'web', appProjectName: 'portal', lang: 'en' }, {});
    const response = await t.app.inject({
      method: 'POST', url: '/dev-api/api/v1/device/import/batch', query: { ...query }, payload,
      headers: { authorization: `Bearer ${tokens.admin}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.json()).toMatchObject({ errCode: 0, data: { added: 0, rejected: [{ line: 2, reason: 'sn: is required' }] } });
  });
});
