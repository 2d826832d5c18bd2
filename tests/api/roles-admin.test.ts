// Role administration (rolePage, roleDetail, roleAdd, roleEdit, roleDelete, permissionCatalogue):
// permissions chosen from the catalogue and no further than the caller's own, unique keys,
// built-in roles that keep their key and stay, roles in use that stay, refusals that store
// nothing, callers without the permission refused, and a change that its accounts feel at their
// very next request.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolePermissions, roles, seededRolePermissions, users } from '../../server/db/schema/index.ts';
import { seed } from '../../server/db/seed/seed.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../fixtures/app.ts';

interface Role {
  id: number; roleKey: string; name: string; userType: 0 | 1; permissions: string[]; permissionCount: number; userCount: number; builtIn: boolean;
}
interface Page<T> { list: T[]; total: number; pageNo: number; pageSize: number }
type FieldErrors = { errors: { field: string; rule: string; message: string }[] } | null;
type Body = Record<string, unknown>;

let t: TestApp;
let admin: string;
let installer: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.api.login('admin')).token;
  installer = (await t.api.login('installer')).token;
});
afterAll(() => t.close());

const page = (query: Record<string, string | number> = {}, token = admin) => t.api.get<Page<Role>>('/api/v1/system/role/page', { token, query });
const detail = (id: number, token = admin) => t.api.get<Role & FieldErrors>('/api/v1/system/role/detail', { token, query: { id } });
const add = (json: Body, token = admin, lang = 'en') => t.api.post<Role & FieldErrors>('/api/v1/system/role/add', { token, json, lang });
const edit = (json: Body, token = admin, lang = 'en') => t.api.post<Role & FieldErrors>('/api/v1/system/role/edit', { token, json, lang });
const remove = (id: number, token = admin, lang = 'en') => t.api.post<FieldErrors>('/api/v1/system/role/delete', { token, form: { id }, lang });
const catalogue = (query: Record<string, string | number> = {}, token = admin) =>
  t.api.get<Page<{ permission: string; source: string }>>('/api/v1/system/role/permissionCatalogue', { token, query });
const refusal = (data: FieldErrors) => data?.errors.map(({ field, rule }) => ({ field, rule }));
const snapshot = async () => ({
  roles: (await t.database.db.select({ n: count() }).from(roles))[0]!.n,
  grants: (await t.database.db.select({ n: count() }).from(rolePermissions))[0]!.n,
});
const roleOf = async (key: string) => (await page({ searchKey: key })).body.data.list.find((r) => r.roleKey === key)!;
/** Gives a demo account a role directly, as an account form would. */
const giveRole = (loginName: string, roleId: number) => t.database.db.update(users).set({ roleId }).where(eq(users.loginName, loginName));

describe('roles', () => {
  it('lists the built-in roles first, with their permissions and the accounts holding them', async () => {
    const { body } = await page({ pageSize: 100 });
    expect(body.errCode, body.errMsg).toBe(0);
    expect(body.data.list.slice(0, 2).map((r) => r.roleKey)).toEqual(['Administrator', 'TechnicalSupport']);
    const administrator = body.data.list[0]!;
    expect(administrator).toMatchObject({ name: 'Administrator', userType: 1, permissions: ['*:*:*'], permissionCount: 1, builtIn: true });
    expect(administrator.userCount).toBeGreaterThanOrEqual(1);
    const installerRole = body.data.list.find((r) => r.roleKey === 'Installer')!;
    expect(installerRole.permissions).toContain('system:modelCode:list');
    expect(installerRole.userCount).toBe(2);
    const endUsers = await page({ userType: 0 });
    expect(endUsers.body.data.list.map((r) => r.roleKey).sort()).toEqual(['EndUser', 'Visitor']);
    const searched = await page({ searchKey: 'SUPPORT' });
    expect(searched.body.data.list.map((r) => r.roleKey)).toEqual(['TechnicalSupport']);
    const byName = await page({ sortField: 'name', sortOrder: 'desc', pageSize: 2 });
    expect(byName.body.data.list.map((r) => r.name)).toEqual(['Technical support', 'Staff']);
    expect(byName.body.data.total).toBe(body.data.total);
  });

  it('lists the permission catalogue in order, narrowed by a part of a string', async () => {
    const { body } = await catalogue({ pageSize: 1000 });
    expect(body.errCode, body.errMsg).toBe(0);
    const strings = body.data.list.map((p) => p.permission);
    expect(strings).toEqual([...strings].sort());
    expect(body.data.list).toContainEqual({ permission: '*:*:*', source: 'spec' });
    expect(body.data.list).toContainEqual({ permission: 'system:role:remove', source: 'contract' });
    const narrowed = await catalogue({ permission: 'ROLE:' });
    expect(narrowed.body.data.list.map((p) => p.permission)).toEqual(['system:role:add', 'system:role:edit', 'system:role:list', 'system:role:remove']);
  });

  it('adds a role with permissions of the catalogue and reads it back', async () => {
    const { body } = await add({ roleKey: 'Auditor', name: 'Auditor', userType: 1, permissions: ['system:office:list', 'system:account:list'] });
    expect(body.errCode, body.errMsg).toBe(0);
    expect(body.data).toMatchObject({
      roleKey: 'Auditor', name: 'Auditor', userType: 1, permissions: ['system:account:list', 'system:office:list'], permissionCount: 2, userCount: 0, builtIn: false,
    });
    const read = await detail(body.data.id);
    expect(read.body.data).toEqual(body.data);
    const bare = await add({ roleKey: 'Observer', name: 'Observer', userType: 0 });
    expect(bare.body.errCode, bare.body.errMsg).toBe(0);
    expect(bare.body.data).toMatchObject({ permissions: [], permissionCount: 0 });
  });

  it('refuses, storing nothing: a key taken (in any case), a permission outside the catalogue, a bad key', async () => {
    const before = await snapshot();
    const taken = await add({ roleKey: 'auditor', name: 'Second', userType: 1 });
    expect(taken.body).toMatchObject({ errCode: 10003, errMsg: 'roleKey: auditor already exists' });
    expect(refusal(taken.body.data)).toEqual([{ field: 'roleKey', rule: 'unique' }]);
    expect((await add({ roleKey: 'INSTALLER', name: 'Copy', userType: 1 })).body.errCode).toBe(10003);
    const unknown = await add({ roleKey: 'Ghost', name: 'Ghost', userType: 1, permissions: ['system:office:list', 'system:ghost:haunt'] });
    expect(unknown.body).toMatchObject({ errCode: 10003, errMsg: 'permissions: system:ghost:haunt is not a permission of the catalogue' });
    expect(refusal(unknown.body.data)).toEqual([{ field: 'permissions', rule: 'notInCatalogue' }]);
    const badKey = await add({ roleKey: '1st role', name: 'Bad', userType: 1 });
    expect(refusal(badKey.body.data)).toEqual([{ field: 'roleKey', rule: 'pattern' }]);
    const badType = await add({ roleKey: 'Typeless', name: 'Bad', userType: 3 });
    expect(refusal(badType.body.data)).toEqual([{ field: 'userType', rule: 'enum' }]);
    expect(await snapshot()).toEqual(before);
  });

  it('edits a role: key, name and permissions, those left out taken away', async () => {
    const auditor = await roleOf('Auditor');
    const { body } = await edit({ id: auditor.id, roleKey: 'Inspector', name: 'Site inspector', userType: 1, permissions: ['system:office:list', 'organization:tree'] });
    expect(body.errCode, body.errMsg).toBe(0);
    expect(body.data).toMatchObject({ id: auditor.id, roleKey: 'Inspector', name: 'Site inspector', permissions: ['organization:tree', 'system:office:list'] });
    const cleared = await edit({ id: auditor.id, roleKey: 'Inspector', name: 'Site inspector', userType: 1 });
    expect(cleared.body.data.permissions).toEqual([]);
    const taken = await edit({ id: auditor.id, roleKey: 'engineer', name: 'x', userType: 1 });
    expect(refusal(taken.body.data)).toEqual([{ field: 'roleKey', rule: 'unique' }]);
    const missing = await edit({ id: 999_999, roleKey: 'Nobody', name: 'x', userType: 1 });
    expect(refusal(missing.body.data)).toEqual([{ field: 'id', rule: 'exists' }]);
    expect(refusal((await detail(999_999)).body.data)).toEqual([{ field: 'id', rule: 'exists' }]);
  });

  it('keeps a built-in role\'s key and kind of user, and the administrator role\'s wildcard, changing their name and permissions', async () => {
    const staff = await roleOf('staff1');
    const before = await snapshot();
    const renamed = await edit({ id: staff.id, roleKey: 'Staff', name: 'Staff', userType: 1, permissions: staff.permissions });
    expect(renamed.body).toMatchObject({ errCode: 10003, errMsg: 'roleKey: staff1 is a built-in role and keeps its key' });
    const retyped = await edit({ id: staff.id, roleKey: 'staff1', name: 'Staff', userType: 0, permissions: staff.permissions });
    expect(refusal(retyped.body.data)).toEqual([{ field: 'userType', rule: 'builtInRoleUserType' }]);
    const administrator = await roleOf('Administrator');
    const stripped = await edit({ id: administrator.id, roleKey: 'Administrator', name: 'Administrator', userType: 1, permissions: ['system:role:list'] }, admin, 'zh-CN');
    expect(stripped.body).toMatchObject({ errCode: 10003, errMsg: 'permissions：管理员角色必须保留 *:*:*' });
    expect(await snapshot()).toEqual(before);
    const changed = await edit({ id: staff.id, roleKey: 'staff1', name: 'Field staff', userType: 1, permissions: [...staff.permissions, 'system:office:list'] });
    expect(changed.body.errCode, changed.body.errMsg).toBe(0);
    expect(changed.body.data).toMatchObject({ name: 'Field staff', builtIn: true, permissionCount: staff.permissionCount + 1 });
  });

  it('deletes a role no account holds; a built-in role or one in use stays, with the reason under id', async () => {
    const before = await snapshot();
    const endUser = await roleOf('EndUser');
    const builtIn = await remove(endUser.id);
    expect(builtIn.body).toMatchObject({ errCode: 10003, errMsg: 'id: EndUser is a built-in role and cannot be deleted' });
    expect(refusal(builtIn.body.data)).toEqual([{ field: 'id', rule: 'builtInRole' }]);

    const observer = await roleOf('Observer');
    await giveRole('owner2', observer.id);
    const inUse = await remove(observer.id);
    expect(inUse.body).toMatchObject({ errCode: 10003, errMsg: 'id: role Observer is held by 1 account(s); give them another role first' });
    expect(refusal(inUse.body.data)).toEqual([{ field: 'id', rule: 'roleInUse' }]);
    expect((await remove(observer.id, admin, 'zh-CN')).body.errMsg).toBe('id：角色 Observer 正被 1 个账号使用；请先为这些账号更换角色');
    // A role in use keeps its kind of user: its accounts are of that kind.
    const retyped = await edit({ id: observer.id, roleKey: 'Observer', name: 'Observer', userType: 1 });
    expect(refusal(retyped.body.data)).toEqual([{ field: 'userType', rule: 'roleInUse' }]);
    expect(await snapshot()).toEqual(before);

    await giveRole('owner2', endUser.id);
    const { body } = await remove(observer.id);
    expect(body.errCode, body.errMsg).toBe(0);
    expect(refusal((await detail(observer.id)).body.data)).toEqual([{ field: 'id', rule: 'exists' }]);
    expect(refusal((await remove(observer.id)).body.data)).toEqual([{ field: 'id', rule: 'exists' }]);
  });

  it('refuses every role operation to a caller without its permission, changing nothing', async () => {
    const before = await snapshot();
    const inspector = await roleOf('Inspector');
    const answers = await Promise.all([
      page({}, installer), detail(inspector.id, installer), catalogue({}, installer),
      add({ roleKey: 'Sneaky', name: 'Sneaky', userType: 1, permissions: ['*:*:*'] }, installer),
      edit({ id: inspector.id, roleKey: 'Inspector', name: 'Taken over', userType: 1, permissions: ['*:*:*'] }, installer),
      remove(inspector.id, installer),
    ]);
    expect(answers.map((a) => a.body.errCode)).toEqual([10005, 10005, 10005, 10005, 10005, 10005]);
    expect(await snapshot()).toEqual(before);
    expect((await roleOf('Inspector')).name).toBe('Site inspector');
  });

  it('applies a role\'s new permissions at its accounts\' next request', async () => {
    const { body: created } = await add({ roleKey: 'RoleReader', name: 'Role reader', userType: 1, permissions: ['system:role:list'] });
    expect(created.errCode, created.errMsg).toBe(0);
    const engineerRole = (await t.database.db.select({ roleId: users.roleId }).from(users).where(eq(users.loginName, 'engineer')))[0]!.roleId;
    await giveRole('engineer', created.data.id);
    const engineer = (await t.api.login('engineer')).token;
    try {
      expect((await page({}, engineer)).body.errCode).toBe(0);
      const taken = await edit({ id: created.data.id, roleKey: 'RoleReader', name: 'Role reader', userType: 1, permissions: ['system:office:list'] });
      expect(taken.body.errCode, taken.body.errMsg).toBe(0);
      expect((await page({}, engineer)).body.errCode).toBe(10005);
      expect((await t.api.get('/api/v1/sys/office/pageOffice', { token: engineer })).body.errCode).toBe(0);
      await edit({ id: created.data.id, roleKey: 'RoleReader', name: 'Role reader', userType: 1, permissions: ['system:role:list'] });
      expect((await page({}, engineer)).body.errCode).toBe(0);
    } finally {
      await giveRole('engineer', engineerRole);
    }
  });

  it('lets a caller who holds role permissions but not the wildcard grant only what they hold', async () => {
    const { body: keeper } = await add({ roleKey: 'RoleKeeper', name: 'Role keeper', userType: 1, permissions: ['system:role:list', 'system:role:add', 'system:role:edit', 'system:office:list'] });
    expect(keeper.errCode, keeper.errMsg).toBe(0);
    const distributorRole = (await t.database.db.select({ roleId: users.roleId }).from(users).where(eq(users.loginName, 'distributor')))[0]!.roleId;
    await giveRole('distributor', keeper.data.id);
    const distributor = (await t.api.login('distributor')).token;
    try {
      const before = await snapshot();
      const raised = await add({ roleKey: 'Overlord', name: 'Overlord', userType: 1, permissions: ['system:office:list', '*:*:*'] }, distributor);
      expect(raised.body).toMatchObject({ errCode: 10003, errMsg: 'permissions: *:*:* is not a permission you hold, so you cannot grant it' });
      const { id, roleKey, name, userType, permissions } = keeper.data;
      const selfRaised = await edit({ id, roleKey, name, userType, permissions: [...permissions, 'system:role:remove'] }, distributor);
      expect(refusal(selfRaised.body.data)).toEqual([{ field: 'permissions', rule: 'notHeld' }]);
      expect(await snapshot()).toEqual(before);
      const held = await add({ roleKey: 'OfficeViewer', name: 'Office viewer', userType: 1, permissions: ['system:office:list'] }, distributor);
      expect(held.body.errCode, held.body.errMsg).toBe(0);
      // What a role has already may stay in place, though the caller does not hold it.
      const staff = await roleOf('TechnicalSupport');
      const kept = await edit({ id: staff.id, roleKey: 'TechnicalSupport', name: 'Support', userType: 1, permissions: staff.permissions.filter((p) => p !== 'site:add') }, distributor);
      expect(kept.body.errCode, kept.body.errMsg).toBe(0);
      expect(kept.body.data.permissionCount).toBe(staff.permissionCount - 1);
    } finally {
      await giveRole('distributor', distributorRole);
    }
  });

  it('keeps a permission taken from a built-in role away at the next start, while the seed\'s new grants still arrive', async () => {
    const support = await roleOf('TechnicalSupport');
    expect(support.permissions).not.toContain('site:add');
    // A grant the seed has never made, as when a new version of the code adds one.
    const engineer = await roleOf('Engineer');
    await t.database.db.delete(seededRolePermissions).where(and(eq(seededRolePermissions.roleKey, 'Engineer'), eq(seededRolePermissions.permission, 'site:add')));
    await t.database.db.delete(rolePermissions).where(and(eq(rolePermissions.roleId, engineer.id), eq(rolePermissions.permission, 'site:add')));
    await seed(t.database.db, { demo: true, demoPassword: DEMO_PASSWORD });
    expect((await roleOf('TechnicalSupport')).permissions).not.toContain('site:add');
    expect((await roleOf('Engineer')).permissions).toContain('site:add');
  });

  it('lets administrators give a role they added to an account of its kind, and only them', async () => {
    const { body: created } = await add({ roleKey: 'FieldAuditor', name: 'Field auditor', userType: 1, permissions: ['system:office:list'] });
    expect(created.errCode, created.errMsg).toBe(0);
    const [engineer] = await t.database.db.select({ id: users.id, roleId: users.roleId }).from(users).where(eq(users.loginName, 'engineer'));
    const editAccount = (form: Record<string, string>, token = admin) => t.api.post<{ roleKey: string; roleName: string } & FieldErrors>('/api/v1/sys/user/accountEdit', { token, form: { userId: engineer!.id, ...form } });
    // The engineer's installer may change the engineer's role, but not to one an administrator added.
    expect(refusal((await editAccount({ roleKey: 'FieldAuditor' }, installer)).body.data)).toEqual([{ field: 'roleKey', rule: 'notAssignable' }]);
    const offered = await t.api.get<{ roleKey: string }[]>('/api/v1/system/role/endUserSelectRoleList', { token: admin });
    expect(offered.body.data.map((r) => r.roleKey)).toContain('FieldAuditor');
    expect(refusal((await editAccount({ roleKey: 'NoSuchRole' })).body.data)).toEqual([{ field: 'roleKey', rule: 'exists' }]);
    try {
      const given = await editAccount({ roleKey: 'FieldAuditor' });
      expect(given.body.errCode, given.body.errMsg).toBe(0);
      expect(given.body.data).toMatchObject({ roleKey: 'FieldAuditor', roleName: 'Field auditor' });
      expect((await roleOf('FieldAuditor')).userCount).toBe(1);
      expect(refusal((await remove(created.data.id)).body.data)).toEqual([{ field: 'id', rule: 'roleInUse' }]);
    } finally {
      await giveRole('engineer', engineer!.roleId);
    }
  });
});
