// Registration, code login and password reset through the API (issue 3 "Login"): each takes a
// code from the outbox, uses it up with its change, and leaves it usable when the change fails.
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, users, verificationCodes } from '../../server/db/schema/index.ts';
import { hashCode } from '../../server/domain/codes/codes.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../fixtures/app.ts';

type FieldErrors = { errors: { field: string; rule: string; message: string }[] } | null;
type Fields = Record<string, string | number | undefined>;
interface Tokens { token: string; refreshToken: string; expiresIn: number }
interface LoginInfo { userInfo: { loginName: string; nickname: string; userType: number; lang: string }; roles: string[]; officeId: string }

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const fieldsOf = (data: unknown) => (data as FieldErrors)?.errors.map(({ field, rule }) => ({ field, rule }));

async function codeFor(channel: 'sms' | 'email', target: string, type: string, lang = 'en'): Promise<string> {
  const path = channel === 'sms' ? '/api/v1/sys/sms/getCode' : '/api/v1/sys/email/getCode';
  const { body } = await t.api.get(path, { query: channel === 'sms' ? { phone: target, type } : { email: target, type }, lang });
  expect(body.errCode).toBe(0);
  const [message] = await t.database.db.select().from(outbox).where(eq(outbox.target, target.toLowerCase())).orderBy(desc(outbox.id)).limit(1);
  return /\b(\d{6})\b/.exec(message!.body)![1]!;
}

const post = <T = FieldErrors>(path: string, form: Fields) => t.api.post<T>(path, { form });
const registerCN = (form: Fields) => post<{ userId: string; loginName: string } & FieldErrors>('/api/v1/sys/user/registerCN', { countryCode: 'CN', agreeProtocol: 1, ...form });
const registerForeign = (form: Fields) => post<{ userId: string; loginName: string } & FieldErrors>('/api/v1/sys/user/registerForeign', { agreeProtocol: 1, ...form });
const codeLogin = (target: string, code: string) => post<Tokens & FieldErrors>('/api/v1/sys/codeLogin', { target, code });
const resetPwd = (target: string, code: string, password: string) => post('/api/v1/sys/user/resetPwd', { target, code, password });
const loginInfo = (token: string) => t.api.get<LoginInfo>('/api/v1/sys/user/getLoginInfo', { token });
const passwordLogin = (username: string, password: string) => t.api.post<Tokens>('/api/v1/sys/login', { form: { username, password } });
const userRow = async (loginName: string) => (await t.database.db.select().from(users).where(eq(users.loginName, loginName)))[0];
const consumed = async (target: string) =>
  (await t.database.db.select().from(verificationCodes).where(eq(verificationCodes.target, target)).orderBy(desc(verificationCodes.id)).limit(1))[0]!.consumedAt !== null;

describe('registration with a mainland phone', () => {
  const phone = '13500000001';
  const password = 'Sunny-Roof-2026';

  it('creates an end user in the public office, uses up the code, and the password then logs in', async () => {
    const code = await codeFor('sms', phone, 'register');
    const { body } = await t.api.post<{ userId: string; loginName: string }>('/api/v1/sys/user/registerCN', {
      form: { phone: `+86${phone}`, code, password, countryCode: 'CN', agreeProtocol: 1 }, lang: 'zh-CN',
    });
    expect(body.errCode).toBe(0);
    expect(body.data.loginName).toBe(phone);
    const row = (await userRow(phone))!;
    expect(row).toMatchObject({ id: body.data.userId, phone, email: null, nickname: phone, officeId: '1', countryCode: 'CN', timeZone: 'Asia/Shanghai', lang: 'zh-CN', status: 'active' });
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // The agreement and policy in force are recorded as accepted.
    expect(row).toMatchObject({ agreementVersion: '1.0', policyVersion: '1.0' });
    expect(row.agreedAt).toBeInstanceOf(Date);
    expect(await consumed(phone)).toBe(true);

    const tokens = (await passwordLogin(phone, password)).body.data;
    const info = (await loginInfo(tokens.token)).body.data;
    expect(info).toMatchObject({ userInfo: { loginName: phone, userType: 0 }, roles: ['EndUser'], officeId: '1' });

    const again = await registerCN({ phone, code, password });
    expect(fieldsOf(again.body.data)).toEqual([{ field: 'code', rule: 'codeExpired' }]);
  });

  it('answers 10003 naming phone for a registered phone, and leaves the code usable', async () => {
    // getCode already refuses a registered phone; a code issued before the phone was taken meets the same rule here.
    const code = '246810';
    await t.database.db.insert(verificationCodes).values({ purpose: 'register', target: phone, codeHash: hashCode('register', phone, code), expiresAt: new Date(Date.now() + 60_000) });
    const { body } = await registerCN({ phone, code, password: 'Another-Roof-2026' });
    expect(body.errCode).toBe(10003);
    expect(fieldsOf(body.data)).toEqual([{ field: 'phone', rule: 'unique' }]);
    expect(await consumed(phone)).toBe(false);
  });

  it('refuses a weak password, a wrong code and an unknown country before creating anything', async () => {
    const other = '13500000002';
    const code = await codeFor('sms', other, 'register');
    expect(fieldsOf((await registerCN({ phone: other, code, password: 'password123' })).body.data)).toEqual([{ field: 'password', rule: 'password.common' }]);
    expect(fieldsOf((await registerCN({ phone: other, code, password: other })).body.data)).toEqual([{ field: 'password', rule: 'password.sameAsLogin' }]);
    expect(fieldsOf((await registerCN({ phone: other, code, password, countryCode: 'XX' })).body.data)).toEqual([{ field: 'countryCode', rule: 'country' }]);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(fieldsOf((await registerCN({ phone: other, code: wrong, password })).body.data)).toEqual([{ field: 'code', rule: 'codeWrong' }]);
    expect(await userRow(other)).toBeUndefined();
    expect((await registerCN({ phone: other, code, password })).body.errCode).toBe(0);
  });
});

describe('registration with an e-mail address', () => {
  it('creates an end user named after the address, with the country\'s main time zone', async () => {
    const email = 'New.Owner@Example.org';
    const code = await codeFor('email', email, 'register');
    const { body } = await registerForeign({ email, code, password: 'Bright-Panel-2026', countryCode: 'AU' });
    expect(body.errCode).toBe(0);
    expect(body.data.loginName).toBe('new.owner@example.org');
    expect(await userRow('new.owner@example.org')).toMatchObject({
      email: 'new.owner@example.org', phone: null, nickname: 'New.Owner', countryCode: 'AU', timeZone: 'Australia/Sydney', officeId: '1', lang: 'en',
    });
    const tokens = (await passwordLogin('NEW.OWNER@example.org', 'Bright-Panel-2026')).body.data;
    expect((await loginInfo(tokens.token)).body.data.roles).toEqual(['EndUser']);
  });

  it('keeps a chosen time zone and nickname, and refuses an unknown time zone', async () => {
    const email = 'second@example.org';
    const code = await codeFor('email', email, 'register');
    const bad = await registerForeign({ email, code, password: 'Bright-Panel-2026', countryCode: 'US', timeZone: 'Mars/Olympus' });
    expect(fieldsOf(bad.body.data)).toEqual([{ field: 'timeZone', rule: 'timeZone' }]);
    const { body } = await registerForeign({ email, code, password: 'Bright-Panel-2026', countryCode: 'US', timeZone: 'America/Denver', nickname: 'Sam' });
    expect(body.errCode).toBe(0);
    expect(await userRow(email)).toMatchObject({ timeZone: 'America/Denver', nickname: 'Sam' });
  });

  it('answers 10003 naming email for a registered address', async () => {
    const email = 'owner@demo.solar-portal.dev';
    const code = '135790';
    await t.database.db.insert(verificationCodes).values({ purpose: 'register', target: email, codeHash: hashCode('register', email, code), expiresAt: new Date(Date.now() + 60_000) });
    const { body } = await registerForeign({ email: 'Owner@Demo.Solar-Portal.dev', code, password: 'Bright-Panel-2026', countryCode: 'CN' });
    expect(fieldsOf(body.data)).toEqual([{ field: 'email', rule: 'unique' }]);
  });
});

describe('code login', () => {
  it('opens a session for the owner of a phone or address, once per code', async () => {
    const code = await codeFor('sms', '13800000007', 'login');
    const { body } = await codeLogin('+8613800000007', code);
    expect(body.errCode).toBe(0);
    expect((await loginInfo(body.data.token)).body.data.userInfo.loginName).toBe('owner');
    expect(fieldsOf((await codeLogin('13800000007', code)).body.data)).toEqual([{ field: 'code', rule: 'codeExpired' }]);

    const byEmail = await codeFor('email', 'owner2@demo.solar-portal.dev', 'login');
    const second = await codeLogin('OWNER2@demo.solar-portal.dev', byEmail);
    expect((await loginInfo(second.body.data.token)).body.data.userInfo.loginName).toBe('owner2');
  });

  it('answers an unknown target exactly as a known one with a wrong code', async () => {
    await codeFor('sms', '13800000006', 'login');
    expect((await t.api.get('/api/v1/sys/sms/getCode', { query: { phone: '13522223333', type: 'login' } })).body.data).toBeNull();
    const known = await codeLogin('13800000006', '000000');
    const unknown = await codeLogin('13522223333', '000000');
    expect(known.body.errCode).toBe(10003);
    expect(unknown.body).toEqual(known.body);
    const neverAsked = await codeLogin('13544445555', '000000');
    const knownNeverAsked = await codeLogin('13900000009', '000000');
    expect(neverAsked.body).toEqual(knownNeverAsked.body);
    expect(fieldsOf(neverAsked.body.data)).toEqual([{ field: 'code', rule: 'codeExpired' }]);
  });

  it('refuses a locked account', async () => {
    await t.database.db.update(users).set({ status: 'locked' }).where(eq(users.loginName, 'engineer'));
    try {
      const code = await codeFor('sms', '13800000004', 'login');
      const { body } = await codeLogin('13800000004', code);
      expect(body).toEqual({ errCode: 10003, errMsg: 'This account is locked or cancelled', data: null });
    } finally {
      await t.database.db.update(users).set({ status: 'active' }).where(eq(users.loginName, 'engineer'));
    }
  });
});

describe('password reset', () => {
  it('sets the new password, revokes every session, and uses up the code', async () => {
    const old = (await t.api.login('installer2')).token;
    const code = await codeFor('sms', '13900000008', 'resetPwd');

    const sameAsLogin = await resetPwd('13900000008', code, 'installer2');
    expect(fieldsOf(sameAsLogin.body.data)).toEqual([{ field: 'password', rule: 'password.sameAsLogin' }]);
    expect((await loginInfo(old)).body.errCode).toBe(0);

    expect((await resetPwd('13900000008', code, 'Fresh-Start-2026')).body).toEqual({ errCode: 0, errMsg: '', data: null });
    expect((await loginInfo(old)).body.errCode).toBe(10002);
    expect((await passwordLogin('installer2', DEMO_PASSWORD)).body.errCode).toBe(10003);
    const fresh = (await passwordLogin('installer2', 'Fresh-Start-2026')).body;
    expect(fresh.errCode).toBe(0);
    expect((await loginInfo(fresh.data.token)).body.errCode).toBe(0);
    expect((await userRow('installer2'))!.passwordChangedAt).not.toBeNull();

    expect(fieldsOf((await resetPwd('13900000008', code, 'Other-Start-2026')).body.data)).toEqual([{ field: 'code', rule: 'codeExpired' }]);
  });

  it('works by e-mail and does not tell an unknown target apart', async () => {
    const code = await codeFor('email', 'provider@demo.solar-portal.dev', 'resetPwd');
    expect((await resetPwd('Provider@Demo.Solar-Portal.dev', code, 'Fresh-Start-2026')).body.errCode).toBe(0);
    expect((await passwordLogin('provider', 'Fresh-Start-2026')).body.errCode).toBe(0);

    const unknown = await resetPwd('nobody@example.org', '123456', 'Fresh-Start-2026');
    const known = await resetPwd('support@demo.solar-portal.dev', '123456', 'Fresh-Start-2026');
    expect(unknown.body).toEqual(known.body);
  });
});
