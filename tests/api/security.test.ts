// Sessions and security: API clients that sign their own calls and are revoked at once, the
// read-only demo visitor, and accounts locked or cancelled by an administrator.
// The rate limit has its own file (tests/api/rate-limit.test.ts): it needs low limits.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../server/contract/contract.ts';
import { apiClients, roles, sessionTokens, users } from '../../server/db/schema/index.ts';
import { hashPassword } from '../../server/domain/auth/passwords.ts';
import { hashToken } from '../../server/domain/auth/tokens.ts';
import { AppError } from '../../server/errors.ts';
import { sessionHandlers } from '../../server/handlers/session.ts';
import type { HandlerContext } from '../../server/handlers/types.ts';
import { VISITOR_WRITES_ALLOWED, visitorMayCall } from '../../server/plugins/auth.ts';
import { createSession, revokeUserSessions, rotateRefreshToken } from '../../server/repositories/sessions.ts';
import { ApiClient, createTestApp, DEMO_PASSWORD, type TestApp } from '../fixtures/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Tokens { token: string; refreshToken: string; expiresIn: number }
interface ApiInfo { clientId: string; apiName: string; officeId: string; officeName?: string; createBy?: string; createTime: string; clientSecret?: string }

const loginInfo = (token: string) => t.api.get<{ userInfo: { loginName: string; visitor: boolean } }>('/api/v1/sys/user/getLoginInfo', { token });
const login = (username: string, password = DEMO_PASSWORD) => t.api.post<Tokens | null>('/api/v1/sys/login', { form: { username, password } });
const userId = async (loginName: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.loginName, loginName)))[0]!.id;
/** Written past any request, like another process would: heard by this one once announced. */
const setStatus = async (loginName: string, status: 'active' | 'locked' | 'cancelled') => {
  await t.database.db.update(users).set({ status }).where(eq(users.loginName, loginName));
  await t.app.authEvents.sync();
};

/** A user created for a test, with the demo password. */
async function createUser(loginName: string, roleKey: string, officeId: string) {
  const [role] = await t.database.db.select({ id: roles.id }).from(roles).where(eq(roles.roleKey, roleKey));
  await t.database.db.insert(users).values({ id: randomUUID(), loginName, nickname: loginName, passwordHash: await hashPassword(DEMO_PASSWORD), roleId: role!.id, officeId });
  return (await t.api.login(loginName)).token;
}

describe('API clients', () => {
  let distributor: string;
  let admin: string;
  let issued: ApiInfo;
  const list = (token: string) => t.api.get<ApiInfo[]>('/api/v1/sys/office/getApiInfo', { token });
  const add = (token: string, apiName: string) => t.api.post<ApiInfo>('/api/v1/sys/office/addApiInfo', { token, form: { apiName } });
  const del = (token: string, clientId: string) => t.api.post('/api/v1/sys/office/delApiInfo', { token, form: { apiClientId: clientId } });
  /** A model-code page, signed as the API client `clientId` with `secret`. */
  const signedAs = (clientId: string, secret: string, token: string) =>
    new ApiClient(t.app, secret).get('/api/v1/modelCode/pageList', { token, query: { pageNo: 1, pageSize: 10 }, signing: { resign: { clientId } } });

  beforeAll(async () => {
    distributor = (await t.api.login('distributor')).token;
    admin = (await t.api.login('admin')).token;
  });

  it('issues a client id and a 256-bit secret once, and keeps only the secret sealed', async () => {
    const { body } = await add(distributor, 'Telemetry gateway');
    expect(body.errCode).toBe(0);
    issued = body.data;
    expect(issued).toMatchObject({ apiName: 'Telemetry gateway', officeId: '1', officeName: 'Sunrise Energy', createBy: 'distributor' });
    expect(issued.clientId).toMatch(/^api_[0-9a-f]{24}$/);
    expect(Buffer.from(issued.clientSecret!, 'base64url')).toHaveLength(32);
    expect(Date.parse(issued.createTime)).toBeGreaterThan(Date.now() - 60_000);

    const [row] = await t.database.db.select().from(apiClients).where(eq(apiClients.clientId, issued.clientId));
    expect(row!.secretEncrypted).not.toContain(issued.clientSecret);
    expect(row!.secretEncrypted).toMatch(/^v1\./);
    expect(row!.revokedAt).toBeNull();
  });

  it('lists the clients of the office subtree, without the secret', async () => {
    const mine = await list(distributor);
    expect(mine.body.errCode).toBe(0);
    const entry = mine.body.data.find((c) => c.clientId === issued.clientId);
    expect(entry).toEqual({ clientId: issued.clientId, apiName: 'Telemetry gateway', officeId: '1', officeName: 'Sunrise Energy', createBy: 'distributor', createTime: issued.createTime });
    expect(JSON.stringify(mine.body.data)).not.toContain(issued.clientSecret);
    // Office 1's administrator sees it; support, in the sub-office 12, does not see its parent's clients.
    expect((await list(admin)).body.data.map((c) => c.clientId)).toContain(issued.clientId);
    const support = await list((await t.api.login('support')).token);
    expect(support.body.errCode).toBe(0);
    expect(support.body.data.map((c) => c.clientId)).not.toContain(issued.clientId);
    // An end user holds no system:apiInfo:list.
    expect((await list((await t.api.login('owner')).token)).body.errCode).toBe(10005);
  });

  it('refuses a name already used in the office, ignoring case', async () => {
    const { body } = await add(admin, 'TELEMETRY gateway');
    expect(body).toMatchObject({ errCode: 10003, data: { errors: [{ field: 'apiName', rule: 'unique' }] } });
  });

  it('lets the client sign calls with its secret, and only with it', async () => {
    const accepted = await signedAs(issued.clientId, issued.clientSecret!, admin);
    expect(accepted.body.errCode).toBe(0);
    expect(accepted.body.data).toMatchObject({ pageNo: 1, pageSize: 10 });

    const wrongKey = await signedAs(issued.clientId, 'not-the-secret-of-this-client', admin);
    expect(wrongKey.body).toMatchObject({ errCode: 10003, errMsg: 'signature: does not match the request' });
    // The public web key does not sign for an API client either.
    expect((await signedAs(issued.clientId, 'portal-web-public', admin)).body.errCode).toBe(10003);
  });

  it('cannot be revoked from another office tree (10005), and keeps working', async () => {
    const blueCoast = await createUser('distributor2', 'DirectDistributor', '21');
    expect((await del(blueCoast, issued.clientId)).body).toMatchObject({ errCode: 10005 });
    expect((await list(blueCoast)).body.data.map((c) => c.clientId)).not.toContain(issued.clientId);
    expect((await signedAs(issued.clientId, issued.clientSecret!, admin)).body.errCode).toBe(0);
    // An unknown id answers the same as one outside the tree.
    expect((await del(distributor, 'api_000000000000000000000000')).body.errCode).toBe(10005);
  });

  it('is revoked at once: its next signed call is an unknown client, and it leaves the list', async () => {
    expect((await del(distributor, issued.clientId)).body).toEqual({ errCode: 0, errMsg: '', data: null });
    const refused = await signedAs(issued.clientId, issued.clientSecret!, admin);
    expect(refused.body).toMatchObject({ errCode: 10003, errMsg: 'clientId: unknown client', data: { errors: [{ field: 'clientId', rule: 'invalid' }] } });
    expect((await list(distributor)).body.data.map((c) => c.clientId)).not.toContain(issued.clientId);
    expect((await del(distributor, issued.clientId)).body.errCode).toBe(10005);
    // The name is free again.
    expect((await add(distributor, 'Telemetry gateway')).body.errCode).toBe(0);
  });

  it('holds at most 20 live clients per office', async () => {
    const blueCoast = (await t.api.login('distributor2')).token;
    for (let i = 1; i <= 20; i++) expect((await add(blueCoast, `Client ${i}`)).body.errCode, `client ${i}`).toBe(0);
    const over = await add(blueCoast, 'Client 21');
    expect(over.body).toMatchObject({ errCode: 10003, errMsg: 'apiName: an office can hold at most 20 API clients; delete one first' });
    const first = (await list(blueCoast)).body.data.find((c) => c.apiName === 'Client 1')!;
    expect((await del(blueCoast, first.clientId)).body.errCode).toBe(0);
    expect((await add(blueCoast, 'Client 21')).body.errCode).toBe(0);
  });
});

describe('the demo visitor', () => {
  let visitor: Tokens;

  it('logs in without a password into a visitor session', async () => {
    const { body } = await t.api.post<Tokens>('/api/v1/sys/visitorLogin');
    expect(body.errCode).toBe(0);
    visitor = body.data;
    const info = await loginInfo(visitor.token);
    expect(info.body.errCode).toBe(0);
    expect(info.body.data.userInfo).toMatchObject({ loginName: 'visitor', visitor: true });
  });

  it('reads: GET operations and the menu work', async () => {
    const routers = await t.api.get('/api/v1//system/menu/getRouters', { token: visitor.token, query: { platformType: 4 } });
    expect(routers.body.errCode).toBe(0);
  });

  it('writes nothing: a write answers 10005 before its permission is even considered', async () => {
    const add = await t.api.post('/api/v1/modelCode/add', { token: visitor.token, form: { modelCode: 'VISITOR-1', modelName: 'Visitor', deviceType: 1 } });
    expect(add.body).toEqual({ errCode: 10005, errMsg: 'The demo visitor can look around but not change anything; please log in with your own account', data: null });
    // switchLanguage needs no permission string: only the read-only rule stops it.
    const language = await t.api.post('/api/v1/sys/user/switchLanguage', { token: visitor.token, query: { lang: 'zh-CN' } });
    expect(language.body).toMatchObject({ errCode: 10005, errMsg: '演示访客只能查看，不能修改；请使用自己的账号登录' });
  });

  it('may refresh its tokens and log out', async () => {
    const refreshed = await t.api.post<Tokens>('/api/v1/sys/refreshToken', { form: { refreshToken: visitor.refreshToken } });
    expect(refreshed.body.errCode).toBe(0);
    expect((await loginInfo(refreshed.body.data.token)).body.data.userInfo.visitor).toBe(true);
    expect((await t.api.post('/api/v1/sys/logout', { token: refreshed.body.data.token })).body.errCode).toBe(0);
    expect((await loginInfo(refreshed.body.data.token)).body.errCode).toBe(10007);
  });

  it('cannot log in with a password, and guessing does not block the demo', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await login('visitor', `Guess${i}@2026`)).body).toEqual({ errCode: 10003, errMsg: 'Wrong account or password', data: null });
    }
    // Like any name without a usable account, this address is locked out of the name after five
    // tries, while another address is not…
    expect((await login('visitor', 'Guess5@2026')).body.errMsg).toMatch(/15 minutes/);
    const elsewhere = await t.api.post('/api/v1/sys/login', { form: { username: 'visitor', password: 'Guess6@2026' }, remoteAddress: '198.51.100.9' });
    expect(elsewhere.body).toEqual({ errCode: 10003, errMsg: 'Wrong account or password', data: null });
    // …which does not touch the visitor session of the demo page.
    expect((await t.api.post('/api/v1/sys/visitorLogin')).body.errCode).toBe(0);
  });

  it('is not available outside the demo', async () => {
    const call = sessionHandlers.visitorLogin({ db: t.database.db, config: { demo: false } } as unknown as HandlerContext<'visitorLogin'>);
    await expect(call).rejects.toBeInstanceOf(AppError);
    await expect(call).rejects.toMatchObject({ code: 10003, messageKey: 'error.visitorUnavailable' });
  });

  it('allows exactly the operations that only read, and the two listed writes of its own', () => {
    const contract = loadContract();
    for (const id of VISITOR_WRITES_ALLOWED) expect(contract.byId.get(id)?.writes, id).toBe(true);
    // POSTs that only read say so in the contract (`x-writes: false`).
    expect(contract.operations.filter((o) => o.method === 'POST' && !o.writes).map((o) => o.operationId)).toEqual(expect.arrayContaining(['userAlarmPage', 'getAlarmLevelCountInState', 'getPointRuleList']));
    expect(visitorMayCall(contract.byId.get('pageList')!)).toBe(true);
    expect(visitorMayCall(contract.byId.get('userAlarmPage')!)).toBe(true);
    expect(visitorMayCall(contract.byId.get('modelCodeAdd')!)).toBe(false);
    expect(visitorMayCall(contract.byId.get('modifyPassword')!)).toBe(false);
    expect(visitorMayCall(contract.byId.get('addApiInfo')!)).toBe(false);
    // GETs that write, marked `x-writes` in the contract, are closed like POSTs.
    for (const id of ['markGroupMsgAsReadOrDel', 'copyProduct', 'smsGetCode', 'getCaptcha']) expect(visitorMayCall(contract.byId.get(id)!), id).toBe(false);
  });
});

describe('accounts locked or cancelled by an administrator', () => {
  it('lose their sessions at once (10002), access and refresh tokens alike', async () => {
    const session = await t.api.login('engineer');
    expect((await loginInfo(session.token)).body.errCode).toBe(0);
    await setStatus('engineer', 'locked');
    expect((await loginInfo(session.token)).body).toEqual({ errCode: 10002, errMsg: 'You are not logged in or your session has ended', data: null });
    expect((await t.api.post('/api/v1/sys/refreshToken', { form: { refreshToken: session.refreshToken } })).body.errCode).toBe(10002);
    await setStatus('engineer', 'active');
  });

  it('tell only a caller with the right password that an administrator locked the account', async () => {
    await setStatus('provider', 'locked');
    expect((await login('provider')).body).toEqual({ errCode: 10003, errMsg: 'This account has been locked by an administrator; please contact them', data: null });
    expect((await login('provider', 'Wrong@2026')).body).toEqual({ errCode: 10003, errMsg: 'Wrong account or password', data: null });
    await setStatus('provider', 'active');
    expect((await login('provider')).body.errCode).toBe(0);
  });

  it('treat a cancelled account as one that does not exist', async () => {
    await setStatus('owner2', 'cancelled');
    const right = await login('owner2');
    expect(right.body).toEqual((await login('nobody-at-all')).body);
    expect(right.body.errMsg).toBe('Wrong account or password');
    await setStatus('owner2', 'active');
  });

  it('revokeUserSessions ends every session of the user (lock, cancellation), or all but one (password change)', async () => {
    const id = await userId('installer2');
    const [a, b, c] = [await t.api.login('installer2'), await t.api.login('installer2'), await t.api.login('installer2')];
    const other = await t.api.login('installer');

    // Written past any request, like another process: heard here once announced.
    await revokeUserSessions(t.database.db, id, 'password', await sessionOf(a.token));
    await t.app.authEvents.sync();
    expect((await loginInfo(a.token)).body.errCode).toBe(0);
    expect((await loginInfo(b.token)).body.errCode).toBe(10002);

    await revokeUserSessions(t.database.db, id, 'admin');
    await t.app.authEvents.sync();
    expect((await loginInfo(a.token)).body.errCode).toBe(10002);
    expect((await t.api.post('/api/v1/sys/refreshToken', { form: { refreshToken: c.refreshToken } })).body.errCode).toBe(10002);

    const d = await t.api.login('installer2');
    await revokeUserSessions(t.database.db, id, 'cancel');
    await t.app.authEvents.sync();
    expect((await loginInfo(d.token)).body.errCode).toBe(10002);
    expect((await loginInfo(other.token)).body.errCode).toBe(0);
  });
});

describe('access token lifetime', () => {
  it('follows ACCESS_TOKEN_TTL_S (accessTtlS) on login and on every refresh', async () => {
    const expiresAt = async (token: string) =>
      (await t.database.db.select({ expiresAt: sessionTokens.expiresAt }).from(sessionTokens).where(eq(sessionTokens.hash, hashToken(token))))[0]!.expiresAt.getTime();
    /** Runs `issue` and checks that the access token expires `seconds` after it ran. */
    const expectLifetime = async (issue: () => Promise<{ token: string; expiresIn: number }>, seconds: number) => {
      const before = Date.now();
      const tokens = await issue();
      const after = Date.now();
      expect(tokens.expiresIn).toBe(seconds);
      const at = await expiresAt(tokens.token);
      // Timestamps are stored to the microsecond; the bounds allow for the millisecond clock.
      expect(at).toBeGreaterThanOrEqual(before + seconds * 1000 - 1);
      expect(at).toBeLessThanOrEqual(after + seconds * 1000 + 1);
      return tokens as Tokens;
    };
    const created = await expectLifetime(async () => createSession(t.database.db, await userId('support'), { rememberMe: false, accessTtlS: 5 }), 5);
    await expectLifetime(() => rotateRefreshToken(t.database.db, created.refreshToken, { accessTtlS: 5 }), 5);
    // Without the setting: 2 hours.
    await expectLifetime(async () => createSession(t.database.db, await userId('support'), { rememberMe: false }), 7200);
  });
});

/** The session id behind an access token. */
async function sessionOf(token: string): Promise<string> {
  const [row] = await t.database.db.select({ sessionId: sessionTokens.sessionId }).from(sessionTokens).where(eq(sessionTokens.hash, hashToken(token)));
  return row!.sessionId;
}
