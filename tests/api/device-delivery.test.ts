// Devices are delivered to an organisation (issue 20 item 1): only that organisation's tree can
// find and bind them; to another tree a foreign serial is exactly like an unknown one. Transfers
// ("transfer device") move free devices between organisations, all or nothing, and are recorded.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceTransfers, devices, offices, roles, users } from '../../server/db/schema/index.ts';
import { hashPassword } from '../../server/domain/auth/passwords.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../fixtures/app.ts';
import { demoPlant } from '../fixtures/plants.ts';

type Fields = Record<string, string | number | undefined>;
type FieldErrors = { errors: { field: string; rule: string }[] } | null;

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'support', 'installer', 'installer2', 'engineer']) tokens[who] = (await t.api.login(who)).token;
  // Blue Coast's administrator, at the root of that tree (the demo has none).
  const [administrator] = await t.database.db.select({ id: roles.id }).from(roles).where(eq(roles.roleKey, 'Administrator'));
  await t.database.db.insert(users).values({ id: randomUUID(), loginName: 'delivery-admin2', nickname: 'Blue Coast admin', roleId: administrator!.id, officeId: '2', passwordHash: await hashPassword(DEMO_PASSWORD) });
  tokens.admin2 = (await t.api.login('delivery-admin2')).token;
});
afterAll(() => t.close());

let n = 0;
const serial = (prefix: string) => `${prefix}D${Date.now().toString(36).toUpperCase()}${(n++).toString(36).toUpperCase()}`;
async function inventoryDevice(officeId: string, extra: Partial<typeof devices.$inferInsert> = {}) {
  const sn = serial('DLV');
  await t.database.db.insert(devices).values({ sn, snType: 1, officeId, ...extra });
  return sn;
}
const scan = (sn: string, who: string) => t.api.get<{ snExist: number; isBindPlant: number; snType: number }>('/api/v1/monitor/plant/checkFirstScanSnInfoV2', { token: tokens[who], query: { sn } });
const validate = (sns: string[], who: string) => t.api.post<FieldErrors>('/api/v1/monitor/plant/validateDeviceSnList', { token: tokens[who], json: sns.map((deviceSn) => ({ deviceSn })) });
const add = (sn: string, who: string, extra: Fields = {}) => t.api.post<FieldErrors & { plantUid: string }>('/api/v1/monitor/plant/addPlant', {
  token: tokens[who], signing: 'none', form: {
    plantName: `Delivery ${serial('P')}`, timeZone: 'Australia/Sydney', address: '1 Solar Street', countryCode: 'AU', systemPower: 5, gridPrice: 0.3,
    currencyName: 'AUD', deviceSnArr: sn, powerArr: '5', snType: 1, ...extra,
  },
});
const transfer = (form: Fields, who: string) => t.api.post<FieldErrors & { transferred: number }>('/api/v1/device/inventory/transfer', { token: tokens[who], form });
const fieldsOf = (data: unknown) => (data as FieldErrors)?.errors.map(({ field, rule }) => ({ field, rule }));
const officeOf = async (sn: string) => (await t.database.db.select({ officeId: devices.officeId }).from(devices).where(eq(devices.sn, sn)))[0]?.officeId;

describe('a device delivered to one organisation tree', () => {
  it('is "does not exist" to the other tree, exactly like an unknown serial', async () => {
    const unknown = serial('NONE');
    for (const [sn, who] of [['DEMOFREEINV21', 'installer'], ['DEMOFREEMTR21', 'installer'], ['DEMOFREEINV02', 'installer2']] as const) {
      const foreign = (await scan(sn, who)).body;
      const nobody = (await scan(unknown, who)).body;
      expect(foreign).toEqual({ ...nobody, data: { ...nobody.data, sn } });
      expect(foreign.data).toMatchObject({ snExist: 0, isBindPlant: 0 });
      expect(fieldsOf((await validate([sn], who)).body.data)).toEqual([{ field: 'deviceSn', rule: 'snNotExist' }]);
      expect(fieldsOf((await add(sn, who)).body.data)).toEqual([{ field: 'deviceSnArr', rule: 'snNotExist' }]);
    }
    // A bound device of the other tree says no more than an unknown one either.
    const boundThere = await inventoryDevice('21', { plantUid: await demoPlant(t, 'owner2', 7) });
    expect((await scan(boundThere, 'installer')).body.data).toMatchObject({ snExist: 0, isBindPlant: 0 });
  });

  it('is found by every office of its own tree, not only the importing one', async () => {
    // DEMOFREEINV02 was delivered to the Sunrise service centre (12); the installers (11) scan it.
    expect((await scan('DEMOFREEINV02', 'installer')).body.data).toMatchObject({ snExist: 1, isBindPlant: 0 });
    expect((await scan('DEMOFREEINV21', 'installer2')).body.data).toMatchObject({ snExist: 1, isBindPlant: 0 });
    expect((await validate(['DEMOFREEMTR21'], 'installer2')).body.errCode).toBe(0);
  });
});

describe('transferring devices between organisations', () => {
  it('makes a foreign free serial bindable by its new tree, and records who moved it', async () => {
    const sn = await inventoryDevice('21');
    const child = serial('MOD');
    await t.database.db.insert(devices).values({ sn: child, snType: 4, officeId: '21', parentSn: sn });
    expect((await scan(sn, 'installer')).body.data.snExist).toBe(0);
    const moved = await transfer({ sns: sn.toLowerCase(), officeId: '11', remark: 'Sold to Sunrise' }, 'admin2');
    expect(moved.body).toMatchObject({ errCode: 0, data: { transferred: 2 } });
    expect(await officeOf(sn)).toBe('11');
    expect(await officeOf(child)).toBe('11');
    expect((await scan(sn, 'installer')).body.data).toMatchObject({ snExist: 1, isBindPlant: 0, hasChild: 1 });
    expect((await scan(sn, 'installer2')).body.data.snExist).toBe(0);
    expect((await validate([sn], 'installer')).body.errCode).toBe(0);
    const plant = await add(sn, 'installer');
    expect(plant.body.errCode).toBe(0);

    const records = await t.database.db.select().from(deviceTransfers).where(eq(deviceTransfers.toOfficeId, '11'));
    expect(records.filter((r) => r.deviceSn === sn || r.deviceSn === child)).toEqual(expect.arrayContaining([
      expect.objectContaining({ deviceSn: sn, fromOfficeId: '21', toOfficeId: '11', transferredByName: 'delivery-admin2', remark: 'Sold to Sunrise' }),
      expect.objectContaining({ deviceSn: child, fromOfficeId: '21', toOfficeId: '11' }),
    ]));
    // Both trees read the record; the other tree's office goes without its name.
    const page = (who: string) => t.api.get<{ list: { sn: string; fromOfficeId: string; fromOfficeName?: string; toOfficeId: string; toOfficeName?: string; transferredBy: string }[] }>(
      '/api/v1/device/inventory/transfer/page', { token: tokens[who], query: { sn } });
    const sunrise = (await page('admin')).body.data.list.find((r) => r.sn === sn);
    expect(sunrise).toMatchObject({ fromOfficeId: '21', toOfficeId: '11', toOfficeName: expect.any(String), transferredBy: 'delivery-admin2' });
    expect(sunrise).not.toHaveProperty('fromOfficeName');
    expect((await page('admin2')).body.data.list.find((r) => r.sn === sn)).toMatchObject({ fromOfficeName: expect.any(String) });
    expect((await page('installer2')).body.errCode).toBe(10005);
  });

  it('is all or nothing: a bound device, a foreign or unknown serial, an office out of reach or unknown move nothing', async () => {
    const free = await inventoryDevice('12');
    const bound = await inventoryDevice('12', { plantUid: await demoPlant(t, 'owner', 7) });
    const before = (await t.database.db.select().from(deviceTransfers)).length;
    const refused = await transfer({ sns: `${free},${bound}`, officeId: '21' }, 'support');
    expect(refused.body.errCode).toBe(10003);
    expect(fieldsOf(refused.body.data)).toEqual([{ field: 'sns', rule: 'snBound' }]);
    expect((await transfer({ sns: `${free},DEMOFREEINV21`, officeId: '11' }, 'support')).body.errCode).toBe(10005);
    expect((await transfer({ sns: `${free},${serial('NONE')}`, officeId: '11' }, 'support')).body.errCode).toBe(10005);
    // Service staff deliver within their own organisations: another tree's office is out of reach
    // whether it exists or not; an administrator's unknown office is a wrong value.
    for (const officeId of ['21', '2', 'no-such-office']) expect((await transfer({ sns: free, officeId }, 'support')).body.errCode).toBe(10005);
    expect(fieldsOf((await transfer({ sns: free, officeId: 'no-such-office' }, 'admin')).body.data)).toEqual([{ field: 'officeId', rule: 'exists' }]);
    expect(await officeOf(free)).toBe('12');
    expect((await t.database.db.select().from(deviceTransfers)).length).toBe(before);
    // Service staff hold the permission: the same free device moves on its own, within their tree.
    await t.database.db.insert(offices).values({ id: 'delivery-depot', parentId: '12', name: 'Service depot', path: '/1/12/delivery-depot/' });
    expect((await transfer({ sns: free, officeId: 'delivery-depot' }, 'support')).body).toMatchObject({ errCode: 0, data: { transferred: 1 } });
    expect(await officeOf(free)).toBe('delivery-depot');
  });

  it('is refused without the permission', async () => {
    const free = await inventoryDevice('11');
    for (const who of ['installer', 'engineer']) expect((await transfer({ sns: free, officeId: '21' }, who)).body.errCode).toBe(10005);
    expect(await officeOf(free)).toBe('11');
  });
});
