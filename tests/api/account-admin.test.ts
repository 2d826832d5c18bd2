// The administrators' account form and deletion (issue 21): accountDetail, accountEdit (name,
// contact details, country, role and office in one transaction), accountDelete (an
// administrator's cancellation), and the account list sorted by a column with stable pages.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, users } from '../../server/db/schema/index.ts';
import { hashPassword } from '../../server/domain/auth/passwords.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../fixtures/app.ts';
import { demoPlant } from '../fixtures/plants.ts';

interface Account { userId: string; loginName: string; nickname: string; phone?: string; email?: string; countryCode?: string; roleKey: string; officeId: string; officeName: string; status: 0 | 1 }
type Fields = Record<string, string | number | undefined>;
type Refusal = { errors: { field: string; rule: string }[] } | null;

let t: TestApp;
const tokens: Record<string, string> = {};
let adminId = '';
let passwordHash = '';
beforeAll(async () => {
  t = await createTestApp();
  passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const who of ['admin', 'installer', 'engineer']) tokens[who] = (await t.api.login(who)).token;
  adminId = (await t.database.db.select().from(users).where(eq(users.loginName, 'admin')))[0]!.id;
  await createUser('account-admin2', 'Administrator', '2');
  tokens.admin2 = (await t.api.login('account-admin2')).token;
});
afterAll(() => t.close());

let n = 0;
async function createUser(loginName: string, roleKey: string, officeId: string) {
  const [role] = await t.database.db.select().from(roles).where(eq(roles.roleKey, roleKey));
  const id = randomUUID();
  await t.database.db.insert(users).values({ id, loginName, nickname: loginName, roleId: role!.id, officeId, passwordHash });
  return id;
}
const fresh = (roleKey = 'Engineer', officeId = '11') => createUser(`acct-${Date.now().toString(36)}-${(n++).toString(36)}`, roleKey, officeId);
const stored = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const edit = (who: string, form: Fields) => t.api.post<Account & Refusal>('/api/v1/sys/user/accountEdit', { token: tokens[who], form });
const remove = (who: string, userId: string) => t.api.post<Refusal>('/api/v1/sys/user/accountDelete', { token: tokens[who], form: { userId } });
const detail = (who: string, userId: string) => t.api.get<Account>('/api/v1/sys/user/accountDetail', { token: tokens[who], query: { userId } });
const rules = (data: unknown) => (data as Refusal)?.errors.map(({ field, rule }) => ({ field, rule }));

describe('accountDetail', () => {
  it('answers an account of the caller\'s tree as the list shows it, and 10005 to another tree', async () => {
    const id = await fresh();
    expect((await detail('admin', id)).body).toMatchObject({ errCode: 0, data: { userId: id, roleKey: 'Engineer', officeId: '11', officeName: 'Sunrise Installations North', status: 0 } });
    expect((await detail('admin2', id)).body).toMatchObject({ errCode: 10005, data: null });
  });
});

describe('accountEdit', () => {
  it('changes name, phone, e-mail, country, role and office together, and ends the account\'s sessions', async () => {
    const id = await fresh();
    const { loginName } = await stored(id);
    const session = await t.api.login(loginName);
    const phone = `1370000${String(1000 + n).slice(-4)}`;
    const { body } = await edit('admin', { userId: id, nickname: 'Edited Name', phone, email: `${loginName}@example.com`, countryCode: 'AU', roleKey: 'Installer', officeId: '12' });
    expect(body).toMatchObject({ errCode: 0, data: { userId: id, nickname: 'Edited Name', phone, email: `${loginName}@example.com`, countryCode: 'AU', roleKey: 'Installer', officeId: '12', officeName: 'Sunrise Service Centre' } });
    expect((await t.api.get('/api/v1/sys/user/getLoginInfo', { token: session.token })).body.errCode).toBe(10002);
  });

  it('leaves the sessions alone when only the name changes, and lets the caller edit their own name', async () => {
    const id = await fresh();
    const session = await t.api.login((await stored(id)).loginName);
    expect((await edit('admin', { userId: id, nickname: 'Just renamed', roleKey: 'Engineer', officeId: '11' })).body.errCode).toBe(0);
    expect((await t.api.get('/api/v1/sys/user/getLoginInfo', { token: session.token })).body.errCode).toBe(0);
    expect((await edit('admin', { userId: adminId, nickname: 'Ada Admin', roleKey: 'Administrator' })).body.errCode).toBe(0);
  });

  it('refuses, naming the field: a phone another account has, a role of another kind, a role or office of one\'s own', async () => {
    const id = await fresh();
    const taken = await edit('admin', { userId: id, phone: '13800000001' });
    expect(rules(taken.body.data)).toEqual([{ field: 'phone', rule: 'unique' }]);
    const kind = await edit('admin', { userId: id, roleKey: 'EndUser' });
    expect(rules(kind.body.data)).toEqual([{ field: 'roleKey', rule: 'roleUserType' }]);
    const ownRole = await edit('admin', { userId: adminId, roleKey: 'Engineer' });
    expect(rules(ownRole.body.data)).toEqual([{ field: 'roleKey', rule: 'selfChange' }]);
    const ownOffice = await edit('admin', { userId: adminId, officeId: '11' });
    expect(rules(ownOffice.body.data)).toEqual([{ field: 'officeId', rule: 'selfChange' }]);
    expect(await stored(id)).toMatchObject({ phone: null, officeId: '11' });
  });

  it('refuses a role at or above the caller\'s own (an installer giving Installer)', async () => {
    const id = await fresh();
    const { body } = await edit('installer', { userId: id, roleKey: 'Installer' });
    expect(rules(body.data)).toEqual([{ field: 'roleKey', rule: 'notAssignable' }]);
  });

  it('answers 10005 to another tree, for an office outside the tree, and without system:account:edit', async () => {
    const id = await fresh();
    expect((await edit('admin2', { userId: id, nickname: 'Taken over' })).body).toMatchObject({ errCode: 10005 });
    expect((await edit('admin', { userId: id, officeId: '21' })).body).toMatchObject({ errCode: 10005 });
    expect((await edit('engineer', { userId: id, nickname: 'No permission' })).body).toMatchObject({ errCode: 10005 });
    expect(await stored(id)).toMatchObject({ officeId: '11', nickname: expect.stringMatching(/^acct-/) });
  });
});

describe('accountDelete', () => {
  it('cancels the account: no longer listed, no longer able to log in, its identifiers freed', async () => {
    const id = await fresh();
    const { loginName } = await stored(id);
    expect((await remove('admin', id)).body).toMatchObject({ errCode: 0, data: null });
    expect(await stored(id)).toMatchObject({ status: 'cancelled', loginName: `cancelled-${id}` });
    const list = await t.api.get<{ list: Account[] }>('/api/v1/sys/user/companyAccountList', { token: tokens.admin, query: { searchKey: loginName } });
    expect(list.body.data.list).toEqual([]);
    expect((await t.api.post('/api/v1/sys/login', { form: { username: loginName, password: DEMO_PASSWORD } })).body.errCode).not.toBe(0);
  });

  it('refuses the caller\'s own account and one that still owns plants, naming userId', async () => {
    const own = await remove('admin', adminId);
    expect(rules(own.body.data)).toEqual([{ field: 'userId', rule: 'self' }]);
    const ownerId = await fresh('EndUser');
    await demoPlant(t, (await stored(ownerId)).loginName, n++);
    const { body } = await remove('admin', ownerId);
    expect(rules(body.data)).toEqual([{ field: 'userId', rule: 'accountOwnsPlants' }]);
    expect(body.errMsg).toMatch(/1 plants/);
    expect((await stored(ownerId)).status).toBe('active');
  });

  it('answers 10005 to another tree and without system:account:remove', async () => {
    const id = await fresh();
    expect((await remove('admin2', id)).body).toMatchObject({ errCode: 10005 });
    expect((await remove('installer', id)).body).toMatchObject({ errCode: 10005 });
    expect((await stored(id)).status).toBe('active');
  });
});

describe('lockUser', () => {
  it('refuses locking oneself with 10003 naming userId', async () => {
    const { body } = await t.api.post<Refusal>('/api/v1/sys/user/lockUser', { token: tokens.admin, form: { userId: adminId, locked: 1 } });
    expect(rules(body.data)).toEqual([{ field: 'userId', rule: 'self' }]);
  });
});

describe('companyAccountList sorting', () => {
  it('sorts by login name or nickname either way, and by creation with pages that never overlap', async () => {
    const prefix = `sorted-${Date.now().toString(36)}`;
    const ids: string[] = [];
    for (const suffix of ['c', 'a', 'd', 'b']) ids.push(await createUser(`${prefix}-${suffix}`, 'Engineer', '11'));
    const page = async (query: Fields) => (await t.api.get<{ list: Account[]; total: number }>('/api/v1/sys/user/companyAccountList', { token: tokens.admin, query: { searchKey: prefix, ...query } })).body.data;
    const logins = (rows: Account[]) => rows.map((r) => r.loginName.slice(prefix.length + 1));
    expect(logins((await page({ sortField: 'loginName' })).list)).toEqual(['a', 'b', 'c', 'd']);
    expect(logins((await page({ sortField: 'nickname', sortOrder: 'desc' })).list)).toEqual(['d', 'c', 'b', 'a']);
    const pages = [];
    for (const pageNo of [1, 2]) pages.push(...(await page({ sortField: 'createTime', sortOrder: 'asc', pageSize: 2, pageNo })).list);
    expect(pages.map((r) => r.userId)).toEqual(ids);
  });
});
