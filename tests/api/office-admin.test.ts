// Offices administered from the offices page (issue 21): add under an office of one's tree,
// rename, move (never under itself or one of its descendants, never one's own office), delete
// only an office nothing refers to, and the office list sorted by a column with stable pages.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClients, coupons, devices, offices, plants, roles, users } from '../../server/db/schema/index.ts';
import { hashPassword } from '../../server/domain/auth/passwords.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../fixtures/app.ts';
import { demoPlant } from '../fixtures/plants.ts';

interface OfficeRow { officeId: string; officeName: string; officeType: number; parentId?: string; parentName?: string; contactName?: string; email?: string; hasSubOffice: 0 | 1; accountNum: number; createTime: string }
type Fields = Record<string, string | number | undefined>;
type Refusal = { errors: { field: string; rule: string }[] } | null;

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'installer']) tokens[who] = (await t.api.login(who)).token;
  // Blue Coast's administrator, at the root of the other tree (the demo has none).
  const [administrator] = await t.database.db.select({ id: roles.id }).from(roles).where(eq(roles.roleKey, 'Administrator'));
  await t.database.db.insert(users).values({ id: randomUUID(), loginName: 'office-admin2', nickname: 'Blue Coast admin', roleId: administrator!.id, officeId: '2', passwordHash: await hashPassword(DEMO_PASSWORD) });
  tokens.admin2 = (await t.api.login('office-admin2')).token;
});
afterAll(() => t.close());

const post = <T = Refusal>(path: string, who: string, form: Fields) => t.api.post<T>(`/api/v1/sys/office/${path}`, { token: tokens[who], form });
const add = (who: string, officeName: string, parentId: string, extra: Fields = {}) => post<OfficeRow & Refusal>('addOffice', who, { officeName, parentId, officeType: 5, ...extra });
const edit = (who: string, form: Fields) => post<OfficeRow & Refusal>('editOffice', who, form);
const remove = (who: string, officeId: string) => post('delOffice', who, { officeId });
const detail = (who: string, officeId: string) => t.api.get<OfficeRow>('/api/v1/sys/office/officeDetail', { token: tokens[who], query: { officeId } });
const rules = (data: unknown) => (data as Refusal)?.errors.map(({ field, rule }) => ({ field, rule }));
const stored = async (id: string) => (await t.database.db.select().from(offices).where(eq(offices.id, id)))[0];

let n = 0;
const name = (what: string) => `${what} ${Date.now().toString(36)}${(n++).toString(36)}`;

describe('officeAdd', () => {
  it('adds a sub-office under an office of the caller\'s tree, with its path below the parent\'s', async () => {
    const officeName = name('Depot');
    const { body } = await add('admin', officeName, '11');
    expect(body).toMatchObject({ errCode: 0, data: { officeName, officeType: 5, parentId: '11', parentName: 'Sunrise Installations North', hasSubOffice: 0, accountNum: 0 } });
    expect((await stored(body.data.officeId))?.path).toBe(`/1/11/${body.data.officeId}/`);
    expect((await detail('admin', body.data.officeId)).body.data).toEqual(body.data);
  });

  it('keeps the office\'s type, country and contacts, and changes only those sent', async () => {
    const { body } = await add('admin', name('Reseller'), '1', { officeType: 2, countryCode: 'AU', contactName: 'Rita', contactPhone: '+61 2 5550 1234', email: 'rita@example.com', address: '1 Solar Street' });
    expect(body).toMatchObject({ errCode: 0, data: { officeType: 2, countryCode: 'AU', contactName: 'Rita', contactPhone: '+61 2 5550 1234', email: 'rita@example.com', address: '1 Solar Street' } });
    const { body: edited } = await edit('admin', { officeId: body.data.officeId, officeName: body.data.officeName, officeType: 3, contactName: 'Rob' });
    expect(edited.data).toMatchObject({ officeType: 3, contactName: 'Rob', email: 'rita@example.com', countryCode: 'AU' });
  });

  it('refuses the platform type for any office but the root, and a contact phone that is no phone number', async () => {
    expect(rules((await add('admin', name('Platform'), '1', { officeType: 1 })).body.data)).toEqual([{ field: 'officeType', rule: 'enum' }]);
    expect(rules((await edit('admin', { officeId: '11', officeName: 'Sunrise Installations North', officeType: 1 })).body.data)).toEqual([{ field: 'officeType', rule: 'platformOffice' }]);
    // Migration 0023 makes the root office the platform; a database seeded after it is set here alike.
    await t.database.db.update(offices).set({ officeType: 1 }).where(eq(offices.id, '1'));
    expect(rules((await edit('admin', { officeId: '1', officeName: 'Sunrise Energy', officeType: 2 })).body.data)).toEqual([{ field: 'officeType', rule: 'platformOffice' }]);
    expect(rules((await add('admin', name('Bad phone'), '1', { contactPhone: 'call me' })).body.data)).toEqual([{ field: 'contactPhone', rule: 'pattern' }]);
  });

  it('refuses a name a sibling has, ignoring case', async () => {
    const { body } = await add('admin', 'sunrise service centre', '1');
    expect(body.errCode).toBe(10003);
    expect(rules(body.data)).toEqual([{ field: 'officeName', rule: 'unique' }]);
  });

  it('answers 10005 for a parent in another tree, and the permission error without system:office:add', async () => {
    expect((await add('admin2', name('Intruder'), '11')).body).toMatchObject({ errCode: 10005, data: null });
    expect((await add('installer', name('No permission'), '11')).body).toMatchObject({ errCode: 10005, data: null });
    expect(await t.database.db.select().from(offices).where(eq(offices.parentId, '11'))).not.toContainEqual(expect.objectContaining({ name: expect.stringMatching(/^(Intruder|No permission)/) }));
  });
});

describe('officeEdit', () => {
  it('renames an office', async () => {
    const { body: added } = await add('admin', name('Old name'), '12');
    const officeName = name('New name');
    const { body } = await edit('admin', { officeId: added.data.officeId, officeName, parentId: '12' });
    expect(body).toMatchObject({ errCode: 0, data: { officeId: added.data.officeId, officeName, parentId: '12' } });
  });

  it('moves an office with its whole subtree below the new parent', async () => {
    const { body: a } = await add('admin', name('Branch'), '11');
    const { body: b } = await add('admin', name('Crew'), a.data.officeId);
    const { body } = await edit('admin', { officeId: a.data.officeId, officeName: a.data.officeName, parentId: '12' });
    expect(body).toMatchObject({ errCode: 0, data: { parentId: '12', parentName: 'Sunrise Service Centre', hasSubOffice: 1 } });
    expect((await stored(a.data.officeId))?.path).toBe(`/1/12/${a.data.officeId}/`);
    expect((await stored(b.data.officeId))?.path).toBe(`/1/12/${a.data.officeId}/${b.data.officeId}/`);
  });

  it('refuses to move an office under itself or one of its descendants, and leaves it where it was', async () => {
    const { body: a } = await add('admin', name('Parent'), '11');
    const { body: b } = await add('admin', name('Child'), a.data.officeId);
    for (const parentId of [a.data.officeId, b.data.officeId]) {
      const { body } = await edit('admin', { officeId: a.data.officeId, officeName: a.data.officeName, parentId });
      expect(body.errCode).toBe(10003);
      expect(rules(body.data)).toEqual([{ field: 'parentId', rule: 'cycle' }]);
    }
    expect((await stored(a.data.officeId))?.path).toBe(`/1/11/${a.data.officeId}/`);
  });

  it('refuses to move the caller\'s own office, and a name a new sibling has', async () => {
    const own = await edit('admin', { officeId: '1', officeName: 'Sunrise Energy', parentId: '2' });
    // Office 2 is outside the administrator's tree, but their own office is refused first for what it is.
    expect(own.body.errCode).toBe(10003);
    expect(rules(own.body.data)).toEqual([{ field: 'parentId', rule: 'ownOfficeMove' }]);
    const { body: a } = await add('admin', name('Twin'), '11');
    const clash = await edit('admin', { officeId: a.data.officeId, officeName: 'Sunrise Service Centre', parentId: '1' });
    expect(rules(clash.body.data)).toEqual([{ field: 'officeName', rule: 'unique' }]);
  });

  it('answers 10005 to another tree\'s caller, for an office or a parent outside the tree, and without system:office:edit', async () => {
    const { body: a } = await add('admin', name('Kept'), '11');
    expect((await edit('admin2', { officeId: a.data.officeId, officeName: 'Taken over' })).body).toMatchObject({ errCode: 10005 });
    expect((await edit('admin', { officeId: a.data.officeId, officeName: a.data.officeName, parentId: '21' })).body).toMatchObject({ errCode: 10005 });
    expect((await edit('installer', { officeId: a.data.officeId, officeName: 'Renamed' })).body).toMatchObject({ errCode: 10005 });
    expect((await stored(a.data.officeId))).toMatchObject({ name: a.data.officeName, parentId: '11' });
  });
});

describe('officeDelete', () => {
  it('deletes an office nothing refers to', async () => {
    const { body: a } = await add('admin', name('Empty'), '11');
    expect((await remove('admin', a.data.officeId)).body).toMatchObject({ errCode: 0, data: null });
    expect(await stored(a.data.officeId)).toBeUndefined();
    expect((await detail('admin', a.data.officeId)).body.errCode).toBe(10005);
  });

  it('refuses an office that still has sub-offices, accounts, plants, devices, API clients or coupon batches, naming why', async () => {
    const cases: [string, (officeId: string) => Promise<unknown>][] = [
      ['officeHasSubOffices', (officeId) => add('admin', name('Sub'), officeId)],
      ['officeHasAccounts', async (officeId) => {
        const [role] = await t.database.db.select({ id: roles.id }).from(roles).where(eq(roles.roleKey, 'Engineer'));
        await t.database.db.insert(users).values({ id: randomUUID(), loginName: name('member').replace(' ', '-'), nickname: 'Member', roleId: role!.id, officeId, passwordHash: '!' });
      }],
      ['officeHasPlants', async (officeId) => {
        const plantUid = await demoPlant(t, 'owner', n++);
        await t.database.db.update(plants).set({ officeId }).where(eq(plants.plantUid, plantUid));
      }],
      ['officeHasDevices', (officeId) => t.database.db.insert(devices).values({ sn: `DEL${Date.now().toString(36)}${n++}`.toUpperCase(), snType: 1, officeId })],
      ['officeHasApiClients', (officeId) => t.database.db.insert(apiClients).values({ clientId: randomUUID(), officeId, name: 'kept', secretEncrypted: 'x' })],
      ['officeHasCoupons', (officeId) => t.database.db.insert(coupons).values({ couponName: 'kept', couponType: 1, faceValue: 10, validStartDate: '2026-01-01', validEndDate: '2099-12-31', officeId })],
    ];
    for (const [rule, fill] of cases) {
      const { body: a } = await add('admin', name('Busy'), '12');
      await fill(a.data.officeId);
      const { body } = await remove('admin', a.data.officeId);
      expect(body.errCode, rule).toBe(10003);
      expect(rules(body.data)).toEqual([{ field: 'officeId', rule }]);
      expect(body.errMsg).toMatch(/officeId: /);
      expect(await stored(a.data.officeId)).toBeDefined();
    }
  });

  it('refuses the caller\'s own office; answers 10005 to another tree and without system:office:remove', async () => {
    const own = await remove('admin', '1');
    expect(rules(own.body.data)).toEqual([{ field: 'officeId', rule: 'ownOffice' }]);
    const { body: a } = await add('admin', name('Guarded'), '11');
    expect((await remove('admin2', a.data.officeId)).body).toMatchObject({ errCode: 10005 });
    expect((await remove('installer', a.data.officeId)).body).toMatchObject({ errCode: 10005 });
    expect(await stored(a.data.officeId)).toBeDefined();
  });
});

describe('pageOffice sorting', () => {
  it('sorts by name either way, ties broken by id, and pages without overlap', async () => {
    const parentId = (await add('admin', name('Sorted'), '1')).body.data.officeId;
    for (const officeName of ['Charlie', 'Alpha', 'Bravo', 'Delta', 'Echo']) await add('admin', officeName, parentId);
    const page = async (query: Fields) => (await t.api.get<{ list: OfficeRow[]; total: number }>('/api/v1/sys/office/pageOffice', { token: tokens.admin, query: { parentId, ...query } })).body.data;
    const names = (rows: OfficeRow[]) => rows.map((r) => r.officeName);
    expect(names((await page({ sortField: 'officeName', pageSize: 10 })).list)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']);
    expect(names((await page({ sortField: 'officeName', sortOrder: 'desc', pageSize: 10 })).list)).toEqual(['Echo', 'Delta', 'Charlie', 'Bravo', 'Alpha']);
    const first = await page({ sortField: 'createTime', sortOrder: 'asc', pageSize: 2, pageNo: 1 });
    const second = await page({ sortField: 'createTime', sortOrder: 'asc', pageSize: 2, pageNo: 2 });
    const third = await page({ sortField: 'createTime', sortOrder: 'asc', pageSize: 2, pageNo: 3 });
    expect(first.total).toBe(5);
    expect(names([...first.list, ...second.list, ...third.list])).toEqual(['Charlie', 'Alpha', 'Bravo', 'Delta', 'Echo']);
  });

  it('refuses a field that is not sortable', async () => {
    const { body } = await t.api.get('/api/v1/sys/office/pageOffice', { token: tokens.admin, query: { sortField: 'accountNum' } });
    expect(body.errCode).toBe(10003);
  });
});
