// Login, lockout, tokens and sessions (PROTOCOL.md "Tokens and sessions"), the login info, the
// menu per role and the server-side permission check.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures, menus, sessionTokens, users } from '../../server/db/schema/index.ts';
import { seed } from '../../server/db/seed/seed.ts';
import { hashToken } from '../../server/domain/auth/tokens.ts';
import { demoPlants } from '../../server/db/seed/demo-plants.ts';
import { accountSubject } from '../../server/repositories/login-failures.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../fixtures/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Tokens { token: string; refreshToken: string; expiresIn: number }

const login = (username: string, password: string, rememberMe = 0) =>
  t.api.post<Tokens | null>('/api/v1/sys/login', { form: { username, password, rememberMe } });
const loginInfo = (token: string | undefined) => t.api.get<Record<string, unknown>>('/api/v1/sys/user/getLoginInfo', { token });
const refresh = (refreshToken: string) => t.api.post<Tokens | null>('/api/v1/sys/refreshToken', { form: { refreshToken } });
const tokenRow = async (token: string) => (await t.database.db.select().from(sessionTokens).where(eq(sessionTokens.hash, hashToken(token))))[0];

describe('login', () => {
  it('answers opaque tokens for a login name, case-insensitively, and stores only their hashes', async () => {
    for (const name of ['admin', 'ADMIN', 'Installer']) {
      const { body } = await login(name, DEMO_PASSWORD);
      expect(body.errCode).toBe(0);
      const tokens = body.data!;
      expect(tokens.expiresIn).toBe(7200);
      expect(tokens.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(tokens.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(tokens.refreshToken).not.toBe(tokens.token);
      expect(await tokenRow(tokens.token)).toMatchObject({ kind: 'access' });
      expect(await tokenRow(tokens.refreshToken)).toMatchObject({ kind: 'refresh' });
      const stored = await t.database.db.select({ hash: sessionTokens.hash }).from(sessionTokens).where(eq(sessionTokens.hash, tokens.token));
      expect(stored).toHaveLength(0);
    }
  });

  it('lengthens the refresh token with remember-me', async () => {
    const days = async (rememberMe: number) => {
      const tokens = (await login('support', DEMO_PASSWORD, rememberMe)).body.data!;
      return ((await tokenRow(tokens.refreshToken))!.expiresAt.getTime() - Date.now()) / 86_400_000;
    };
    expect(Math.round(await days(0))).toBe(7);
    expect(Math.round(await days(1))).toBe(15);
  });

  it('answers a wrong password exactly like an unknown account', async () => {
    const wrong = await login('provider', 'Wrong@2026');
    const unknown = await login('nobody-here', 'Wrong@2026');
    expect(wrong.body).toEqual({ errCode: 10003, errMsg: 'Wrong account or password', data: null });
    expect(unknown.body).toEqual(wrong.body);
    const zh = await t.api.post('/api/v1/sys/login', { form: { username: 'nobody-here', password: 'x' }, lang: 'zh-CN' });
    expect(zh.body).toEqual({ errCode: 10003, errMsg: '账号或密码错误', data: null });
  });

  // The rules per address and over all addresses are in tests/api/login-lockout.test.ts; these
  // calls all come from inject's 127.0.0.1.
  it('locks the address out of the account after five wrong passwords, even against the right one', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await login('engineer', `Wrong${i}`)).body.errMsg).toBe('Wrong account or password');
    }
    const locked = await login('engineer', DEMO_PASSWORD);
    expect(locked.body).toEqual({ errCode: 10003, errMsg: 'Too many wrong passwords; try again in 15 minutes', data: null });
    const [engineer] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.loginName, 'engineer'));
    const here = and(eq(loginFailures.subject, accountSubject(engineer!.id)), eq(loginFailures.source, '127.0.0.1'));
    const [row] = await t.database.db.select({ lockedUntil: loginFailures.lockedUntil }).from(loginFailures).where(here);
    expect(row!.lockedUntil!.getTime()).toBeGreaterThan(Date.now());

    // The lock ends by itself: once it has passed, the right password works and resets the count.
    await t.database.db.update(loginFailures).set({ lockedUntil: sql`now() - interval '1 second'` }).where(here);
    expect((await login('engineer', DEMO_PASSWORD)).body.errCode).toBe(0);
    expect(await t.database.db.select().from(loginFailures).where(here)).toEqual([]);
  });

  it('locks a name that matches no account the same way, so a lock reveals nothing', async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await login('no-such-person', `Wrong${i}`)).body);
    expect(answers.slice(0, 5).every((a) => a.errMsg === 'Wrong account or password')).toBe(true);
    expect(answers[5]!.errMsg).toMatch(/15 minutes/);
  });

  it('counts only consecutive wrong passwords from an address', async () => {
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++) expect((await login('distributor', 'Wrong')).body.errCode).toBe(10003);
      expect((await login('distributor', DEMO_PASSWORD)).body.errCode).toBe(0);
    }
  });
});

describe('tokens', () => {
  it('answers 10002 without a token, with a garbage token and with a refresh token used as access token', async () => {
    const { refreshToken } = await t.api.login('owner');
    for (const token of [undefined, 'garbage', 'x'.repeat(43), refreshToken]) {
      expect((await loginInfo(token)).body).toEqual({ errCode: 10002, errMsg: 'You are not logged in or your session has ended', data: null });
    }
  });

  it('answers 10007 after logout, for the access token and the refresh token', async () => {
    const tokens = await t.api.login('owner');
    expect((await loginInfo(tokens.token)).body.errCode).toBe(0);
    expect((await t.api.post('/api/v1/sys/logout', { token: tokens.token })).body).toEqual({ errCode: 0, errMsg: '', data: null });
    expect((await loginInfo(tokens.token)).body).toEqual({ errCode: 10007, errMsg: 'You have logged out', data: null });
    expect((await t.api.get('/api/v1/modelCode/listModelCode', { token: tokens.token })).body.errCode).toBe(10007);
    expect((await refresh(tokens.refreshToken)).body.errCode).toBe(10007);
  });

  it('ends only the session that logged out', async () => {
    const first = await t.api.login('owner');
    const second = await t.api.login('owner');
    await t.api.post('/api/v1/sys/logout', { token: first.token });
    expect((await loginInfo(second.token)).body.errCode).toBe(0);
  });

  it('rotates both tokens on refresh: the new ones work, the old access token has expired', async () => {
    const old = await t.api.login('owner');
    const { body } = await refresh(old.refreshToken);
    expect(body.errCode).toBe(0);
    const rotated = body.data!;
    expect(rotated.token).not.toBe(old.token);
    expect(rotated.refreshToken).not.toBe(old.refreshToken);
    expect((await loginInfo(rotated.token)).body.errCode).toBe(0);
    expect((await loginInfo(old.token)).body.errCode).toBe(10004);

    const again = await refresh(rotated.refreshToken);
    expect(again.body.errCode).toBe(0);
    expect((await loginInfo(again.body.data!.token)).body.errCode).toBe(0);
    expect((await loginInfo(rotated.token)).body.errCode).toBe(10004);
  });

  it('revokes the whole session when a rotated refresh token comes back', async () => {
    const old = await t.api.login('owner');
    const newest = (await refresh(old.refreshToken)).body.data!;
    expect((await loginInfo(newest.token)).body.errCode).toBe(0);

    expect((await refresh(old.refreshToken)).body).toEqual({ errCode: 10002, errMsg: 'You are not logged in or your session has ended', data: null });
    expect((await loginInfo(newest.token)).body.errCode).toBe(10002);
    expect((await refresh(newest.refreshToken)).body.errCode).toBe(10002);
    // Other sessions of the same user live on.
    expect((await loginInfo((await t.api.login('owner')).token)).body.errCode).toBe(0);
  });

  it('answers 10004 for an expired access token, which a refresh cures', async () => {
    const tokens = await t.api.login('installer');
    await t.database.db.update(sessionTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(sessionTokens.hash, hashToken(tokens.token)));
    expect((await loginInfo(tokens.token)).body).toEqual({ errCode: 10004, errMsg: 'Your session has expired', data: null });
    const rotated = (await refresh(tokens.refreshToken)).body;
    expect(rotated.errCode).toBe(0);
    expect((await loginInfo(rotated.data!.token)).body.errCode).toBe(0);
  });

  it('refuses an expired or unknown refresh token with 10002', async () => {
    const tokens = await t.api.login('installer');
    await t.database.db.update(sessionTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(sessionTokens.hash, hashToken(tokens.refreshToken)));
    expect((await refresh(tokens.refreshToken)).body.errCode).toBe(10002);
    expect((await refresh('y'.repeat(43))).body.errCode).toBe(10002);
    expect((await refresh(tokens.token)).body.errCode).toBe(10002);
  });
});

describe('login info', () => {
  it('describes an end user', async () => {
    const { body } = await loginInfo((await t.api.login('owner')).token);
    expect(body.errCode).toBe(0);
    expect(body.data).toMatchObject({
      userInfo: { loginName: 'owner', nickname: 'Olivia Owner', userType: 0, visitor: false },
      roles: ['EndUser'],
      officeId: '11',
      officeName: 'Sunrise Installations North',
      homeMenuType: 2,
      // The demo seed's plants of this owner (demo-plants.ts).
      hasPlant: true,
      plantCount: demoPlants.filter((p) => p.owner === 'owner').length,
    });
    expect(body.data.permissions).toContain('site:add');
    expect(body.data.permissions).not.toContain('system:modelCode:list');
  });

  it('describes a professional and the administrator', async () => {
    const installer = (await loginInfo((await t.api.login('installer')).token)).body.data;
    expect(installer).toMatchObject({ userInfo: { loginName: 'installer', userType: 1 }, roles: ['Installer'], officeId: '11', homeMenuType: 1 });
    expect(installer.permissions).toEqual(expect.arrayContaining(['site:add', 'system:modelCode:list']));
    expect(installer.permissions).not.toContain('system:modelCode:add');

    const admin = (await loginInfo((await t.api.login('admin')).token)).body.data;
    expect(admin).toMatchObject({ roles: ['Administrator'], permissions: ['*:*:*'], officeId: '1', officeName: 'Sunrise Energy' });

    const owner2 = (await loginInfo((await t.api.login('owner2')).token)).body.data;
    expect(owner2).toMatchObject({ userInfo: { userType: 0 }, roles: ['EndUser'], officeId: '21', officeName: 'Blue Coast Installers' });
  });
});

describe('menu and permissions', () => {
  interface Router { name: string; path: string; component?: string; children?: Router[] }
  const flatten = (routers: Router[]): Router[] => routers.flatMap((r) => [r, ...flatten(r.children ?? [])]);
  const routers = async (name: string) => {
    const { body } = await t.api.get<Router[]>('/api/v1//system/menu/getRouters', { token: (await t.api.login(name)).token, query: { platformType: 4 } });
    expect(body.errCode).toBe(0);
    return body.data;
  };

  it('gives the administrator the model-code page and the home entry', async () => {
    const tree = await routers('admin');
    expect(tree.find((r) => r.name === 'Index')).toMatchObject({ path: '/index', component: 'home' });
    const system = tree.find((r) => r.name === 'System')!;
    expect(system.children).toContainEqual(expect.objectContaining({ name: 'ModelCode', path: 'model-code', component: 'resource:modelCode' }));
    // Buttons are permissions, not routes.
    expect(flatten(tree).map((r) => r.name)).not.toContain('ModelCode:create');
  });

  it('gives an end user the home entry but no model-code page (nor its empty directory)', async () => {
    const tree = await routers('owner');
    // The plant, battery, report, alarm, mall, message, feedback and customer-service pages and the
    // hidden personal center are for every user (the add-station page with site:add, the remote
    // configuration with monitor:remoteConfig:list, the help menu's FAQ and manual with cms:FAQ and
    // user:manual); the System, Service and Market directories are gone entirely.
    expect(tree.map((r) => r.name)).toEqual([
      'Index', 'Plant', 'AddStation', 'Battery2', 'Report', 'Alarm', 'RemoteConfig', 'Mall', 'Message', 'Feedback', 'CustomerService', 'PersonalCenter', 'Problem', 'HandBook',
    ]);
    expect(flatten(tree).some((r) => r.component === 'resource:modelCode')).toBe(false);
  });

  it('takes a generated screen\'s entry from its descriptor, updates it in place on every start, and drops one no descriptor declares', async () => {
    const db = t.database.db;
    // An older start stored another path and icon; a screen since removed left its entry behind.
    await db.update(menus).set({ path: 'old-model-code', icon: 'StarOutlined' }).where(eq(menus.name, 'ModelCode'));
    const [system] = await db.select({ id: menus.id }).from(menus).where(eq(menus.name, 'System'));
    const [gone] = await db.insert(menus).values({ name: 'GoneScreen', type: 'C', path: 'gone', component: 'resource:gone', titleKey: 'gone.titles.list', parentId: system!.id }).returning();
    await db.insert(menus).values({ name: 'GoneScreen:create', type: 'F', path: '', titleKey: 'common.actions.create', permission: 'x:y:z', parentId: gone!.id });
    await seed(db, { demo: true, demoPassword: DEMO_PASSWORD });
    const [modelCode] = await db.select().from(menus).where(eq(menus.name, 'ModelCode'));
    expect(modelCode).toMatchObject({ path: 'model-code', icon: 'BarcodeOutlined', component: 'resource:modelCode', titleKey: 'modelCode.titles.list', permission: 'system:modelCode:list', parentId: system!.id });
    expect(await db.select().from(menus).where(inArray(menus.name, ['GoneScreen', 'GoneScreen:create']))).toEqual([]);
    const buttons = await db.select({ name: menus.name, permission: menus.permission }).from(menus).where(eq(menus.parentId, modelCode!.id));
    expect(buttons.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'ModelCode:create', permission: 'system:modelCode:add' }, { name: 'ModelCode:delete', permission: 'system:modelCode:remove' },
      { name: 'ModelCode:edit', permission: 'system:modelCode:edit' },
    ]);
  });

  it('enforces x-permissions on the server: end users may not list model codes', async () => {
    for (const name of ['owner', 'owner2']) {
      const token = (await t.api.login(name)).token;
      expect((await t.api.get('/api/v1/modelCode/pageList', { token })).body).toEqual({ errCode: 10005, errMsg: 'You do not have permission to do this', data: null });
      expect((await t.api.get('/api/v1/modelCodeSerial/list', { token, query: { modelCodeId: 1 } })).body.errCode).toBe(10005);
      expect((await t.api.post('/api/v1/modelCode/delete', { token, form: { id: 1 } })).body.errCode).toBe(10005);
    }
    const installer = (await t.api.login('installer')).token;
    expect((await t.api.get('/api/v1/modelCode/pageList', { token: installer })).body.errCode).toBe(0);
  });
});
