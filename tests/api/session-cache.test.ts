// Resolved sessions are cached per process (server/services/auth-cache.ts), and every change
// that matters takes effect on the very next request: in the process that made it, in another
// process on the same PostgreSQL, and even when the change is written past the API.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../server/domain/auth/tokens.ts';
import { plants, rolePermissions, roles, users } from '../../server/db/schema/index.ts';
import { DEMO_PASSWORD, createTestApp, type TestApp } from '../fixtures/app.ts';
import { twoProcesses, type TwoProcesses } from '../fixtures/cluster.ts';

const loginInfo = (t: TestApp, token: string) => t.api.get<{ permissions: string[]; plantCount: number }>('/api/v1/sys/user/getLoginInfo', { token });
const plantCount = async (t: TestApp, token: string) => (await loginInfo(t, token)).body.data.plantCount;
const listModelCodes = (t: TestApp, token: string) => t.api.get('/api/v1/modelCode/pageList', { token });
const idOf = async (t: TestApp, login: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.loginName, login)))[0]!.id;
const roleIdOf = async (t: TestApp, roleKey: string) => (await t.database.db.select({ id: roles.id }).from(roles).where(eq(roles.roleKey, roleKey)))[0]!.id;
/** Whether `t`'s process holds the session of `token` in its cache. */
const cached = (t: TestApp, token: string) => t.app.authCache.get(hashToken(token)) !== undefined;
/** Uses the token on `t` so that `t` caches its session, and checks it did. */
const warmOn = async (t: TestApp, token: string) => {
  expect((await loginInfo(t, token)).body.errCode).toBe(0);
  expect(cached(t, token)).toBe(true);
};
/** Makes the end user `login` an installer through the API, as the administrator `admin`. */
const makeInstaller = async (t: TestApp, admin: string, login: string) =>
  (await t.api.post('/api/v1/sys/user/updateToDistributorOrInstaller', { token: admin, form: { userId: await idOf(t, login), roleKey: 'Installer', officeId: '11' } })).body.errCode;

describe('in one process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves repeated requests from the cache', async () => {
    const { token } = await t.api.login('engineer');
    t.app.authCache.invalidate('all');
    expect((await loginInfo(t, token)).body.errCode).toBe(0);
    expect(t.app.authCache.size).toBe(1);
    expect((await loginInfo(t, token)).body.errCode).toBe(0);
  });

  it('takes a logout, a rotation, a lock and a password change on the next request', async () => {
    const out = await t.api.login('engineer');
    await warmOn(t, out.token);
    await t.api.post('/api/v1/sys/logout', { token: out.token });
    expect((await loginInfo(t, out.token)).body.errCode).toBe(10007);

    const rotated = await t.api.login('engineer');
    await warmOn(t, rotated.token);
    expect((await t.api.post('/api/v1/sys/refreshToken', { form: { refreshToken: rotated.refreshToken } })).body.errCode).toBe(0);
    expect((await loginInfo(t, rotated.token)).body.errCode).toBe(10004);

    const admin = await t.api.login('admin');
    const locked = await t.api.login('provider');
    await warmOn(t, locked.token);
    const providerId = await idOf(t, 'provider');
    expect((await t.api.post('/api/v1/sys/user/lockUser', { token: admin.token, form: { userId: providerId, locked: 1 } })).body.errCode).toBe(0);
    expect((await loginInfo(t, locked.token)).body.errCode).toBe(10002);
    await t.api.post('/api/v1/sys/user/lockUser', { token: admin.token, form: { userId: providerId, locked: 0 } });

    const other = await t.api.login('distributor');
    const changer = await t.api.login('distributor');
    await warmOn(t, other.token);
    const changed = await t.api.post('/api/v1/sys/user/modifyPassword', { token: changer.token, form: { oldPassword: DEMO_PASSWORD, newPassword: 'Fresh-Secret-42' } });
    expect(changed.body.errCode).toBe(0);
    expect((await loginInfo(t, other.token)).body.errCode).toBe(10002);
  });

  it('takes a role reassigned past the API: the session stays, with the new role\'s permissions', async () => {
    const { token } = await t.api.login('provider');
    await warmOn(t, token);
    expect((await listModelCodes(t, token)).body.errCode).toBe(10005);
    const providerId = await idOf(t, 'provider');
    await t.database.db.update(users).set({ roleId: await roleIdOf(t, 'Engineer') }).where(eq(users.id, providerId));
    await t.app.authEvents.sync();
    expect((await listModelCodes(t, token)).body.errCode).toBe(0);
    await t.database.db.update(users).set({ roleId: await roleIdOf(t, 'YwServiceProvider') }).where(eq(users.id, providerId));
    await t.app.authEvents.sync();
    expect((await listModelCodes(t, token)).body.errCode).toBe(10005);
  });

  it('takes a permission removed past the API (the database announces it)', async () => {
    const { token } = await t.api.login('support');
    expect((await listModelCodes(t, token)).body.errCode).toBe(0);
    const [role] = await t.database.db.select({ id: roles.id }).from(roles).where(eq(roles.roleKey, 'TechnicalSupport'));
    const removed = await t.database.db.delete(rolePermissions)
      .where(eq(rolePermissions.roleId, role!.id)).returning();
    // Announced at commit; heard by this process as soon as its listener reads it.
    await t.app.authEvents.sync();
    expect((await listModelCodes(t, token)).body.errCode).toBe(10005);
    await t.database.db.insert(rolePermissions).values(removed);
    await t.app.authEvents.sync();
    expect((await listModelCodes(t, token)).body.errCode).toBe(0);
  });

  it('counts the plants of getLoginInfo again once a plant is added, moved or removed, even past the API', async () => {
    const { token } = await t.api.login('owner');
    const ownerId = await idOf(t, 'owner');
    const before = await plantCount(t, token);
    await t.database.db.insert(plants).values({ plantUid: 'cache-count-1', plantName: 'Cache count', officeId: '1', ownerUserId: ownerId });
    await t.app.authEvents.sync();
    expect(await plantCount(t, token)).toBe(before + 1);
    await t.database.db.update(plants).set({ ownerUserId: null }).where(eq(plants.plantUid, 'cache-count-1'));
    await t.app.authEvents.sync();
    expect(await plantCount(t, token)).toBe(before);
    await t.database.db.delete(plants).where(eq(plants.plantUid, 'cache-count-1'));
  });

  // Last: the owner stays an installer for the rest of this database's life.
  it('takes a new role given through the API on the next request: the account\'s sessions end', async () => {
    const admin = await t.api.login('admin');
    const promoted = await t.api.login('owner');
    await warmOn(t, promoted.token);
    expect((await listModelCodes(t, promoted.token)).body.errCode).toBe(10005);
    expect(await makeInstaller(t, admin.token, 'owner')).toBe(0);
    expect((await loginInfo(t, promoted.token)).body.errCode).toBe(10002);
    expect((await listModelCodes(t, (await t.api.login('owner')).token)).body.errCode).toBe(0);
  });
});

describe('across two processes on one PostgreSQL (CLUSTER=1)', () => {
  let both: TwoProcesses;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    both = await twoProcesses();
    ({ a, b } = both);
  });
  afterAll(() => both?.close());

  // None of these waits for process b to hear the database's announcement before asking b: b
  // uses a cached session only once a round trip on its listening connection shows it has heard
  // every announcement committed before the request (AuthEvents.caughtUp), so "at once" holds by
  // construction rather than by how fast the announcement travels.
  it('refuses on one process a session logged out on the other, at once', async () => {
    for (let round = 0; round < 5; round++) {
      const { token } = await a.api.login('engineer');
      await warmOn(b, token);
      expect((await a.api.post('/api/v1/sys/logout', { token })).body.errCode).toBe(0);
      expect((await loginInfo(b, token)).body.errCode).toBe(10007);
    }
  });

  it('refuses on one process an account locked on the other, at once', async () => {
    const admin = await a.api.login('admin');
    const { token } = await a.api.login('installer');
    await warmOn(b, token);
    const id = await idOf(a, 'installer');
    expect((await a.api.post('/api/v1/sys/user/lockUser', { token: admin.token, form: { userId: id, locked: 1 } })).body.errCode).toBe(0);
    expect((await loginInfo(b, token)).body.errCode).toBe(10002);
  });

  it('refuses on one process a token rotated, a password changed or a permission removed on the other, at once', async () => {
    const rotated = await a.api.login('engineer');
    await warmOn(b, rotated.token);
    expect((await a.api.post('/api/v1/sys/refreshToken', { form: { refreshToken: rotated.refreshToken } })).body.errCode).toBe(0);
    expect((await loginInfo(b, rotated.token)).body.errCode).toBe(10004);

    const other = await a.api.login('distributor');
    const changer = await a.api.login('distributor');
    await warmOn(b, other.token);
    const changed = await a.api.post('/api/v1/sys/user/modifyPassword', { token: changer.token, form: { oldPassword: DEMO_PASSWORD, newPassword: 'Fresh-Secret-42' } });
    expect(changed.body.errCode).toBe(0);
    expect((await loginInfo(b, other.token)).body.errCode).toBe(10002);

    const { token } = await a.api.login('support');
    expect((await listModelCodes(b, token)).body.errCode).toBe(0);
    expect(cached(b, token)).toBe(true);
    const [role] = await a.database.db.select({ id: roles.id }).from(roles).where(eq(roles.roleKey, 'TechnicalSupport'));
    // Written past the API: nothing was asked of either process, only the database announces it.
    await a.database.db.delete(rolePermissions).where(eq(rolePermissions.roleId, role!.id));
    expect((await listModelCodes(b, token)).body.errCode).toBe(10005);
  });

  it('applies on one process a role reassigned past the API, at once', async () => {
    const { token } = await b.api.login('provider');
    await warmOn(b, token);
    expect((await listModelCodes(b, token)).body.errCode).toBe(10005);
    expect(cached(b, token)).toBe(true);
    await a.database.db.update(users).set({ roleId: await roleIdOf(a, 'Engineer') }).where(eq(users.loginName, 'provider'));
    expect((await listModelCodes(b, token)).body.errCode).toBe(0);
  });

  it('refuses on one process a signed request already served by the other (shared nonce table)', async () => {
    const { token } = await a.api.login('admin');
    const request = a.api.request('GET', '/api/v1/sys/user/getLoginInfo', { token });
    expect((await a.app.inject(request)).json().errCode).toBe(0);
    expect((await b.app.inject(request)).json()).toMatchObject({ errCode: 10003, data: { errors: [{ field: 'random', rule: 'invalid' }] } });
  });

  it('counts on one process a plant added on the other', async () => {
    const { token } = await b.api.login('owner');
    const before = await plantCount(b, token);
    await a.database.db.insert(plants).values({ plantUid: 'cache-count-2', plantName: 'Cache count', officeId: '1', ownerUserId: await idOf(a, 'owner') });
    await b.app.authEvents.sync();
    expect(await plantCount(b, token)).toBe(before + 1);
  });

  // Last: the owner stays an installer for the rest of this database's life.
  it('refuses on one process a session whose account was given a new role on the other, at once', async () => {
    const admin = await a.api.login('admin');
    const { token } = await a.api.login('owner');
    await warmOn(b, token);
    expect(await makeInstaller(a, admin.token, 'owner')).toBe(0);
    expect((await loginInfo(b, token)).body.errCode).toBe(10002);
  });
});
