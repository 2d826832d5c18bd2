// Wrong passwords (issue 3 "Passwords", server/domain/auth/lockout.ts): five from one address shut
// that address out of the account, not anyone else; twenty from anywhere ask every login for a
// captcha; a hundred lock the account and tell its owner. Known and unknown names answer alike.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { captchas, loginFailures, outbox, users } from '../../server/db/schema/index.ts';
import { hashCaptchaAnswer } from '../../server/domain/codes/codes.ts';
import { ALL_ADDRESSES } from '../../server/domain/auth/lockout.ts';
import { accountSubject, nameSubject } from '../../server/repositories/login-failures.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../fixtures/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Answer = { errCode: number; errMsg: string; data: unknown };

const WRONG: Answer = { errCode: 10003, errMsg: 'Wrong account or password', data: null };
const LOCKED: Answer = { errCode: 10003, errMsg: 'Too many wrong passwords; try again in 15 minutes', data: null };
const captchaRule = (field: string, rule: string, message: string): Answer =>
  ({ errCode: 10003, errMsg: message, data: { errors: [{ field, rule, message }] } });
const CAPTCHA_REQUIRED = captchaRule('code', 'captchaRequired', 'code: after many wrong passwords for this account, enter the characters in the picture as well');
const CAPTCHA_WRONG = captchaRule('code', 'captchaWrong', 'code: wrong answer; load a new picture');
const CAPTCHA_EXPIRED = captchaRule('captchaId', 'captchaExpired', 'captchaId: the picture has expired; load a new one');

interface Extra { captchaId?: string; code?: string }

async function login(username: string, password: string, from: string, extra: Extra = {}) {
  const { body } = await t.api.post('/api/v1/sys/login', { form: { username, password, ...extra }, remoteAddress: from });
  return body as Answer;
}

/** A new captcha whose answer the test knows (the picture's own text is random). */
async function captcha(answer = 'abcd'): Promise<Required<Extra>> {
  const { body } = await t.api.get<{ captchaId: string }>('/api/v1/sys/captcha/getCaptcha');
  expect(body.errCode).toBe(0);
  await t.database.db.update(captchas).set({ answerHash: hashCaptchaAnswer(body.data.captchaId, answer) }).where(eq(captchas.id, body.data.captchaId));
  return { captchaId: body.data.captchaId, code: answer };
}

const userId = async (loginName: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.loginName, loginName)))[0]!.id;

async function counts(subject: string) {
  const rows = await t.database.db.select().from(loginFailures).where(eq(loginFailures.subject, subject));
  return new Map(rows.map((r) => [r.source, r]));
}

/** Moves a subject's counts and locks 16 minutes into the past, as if the time had passed. */
const letTimePass = (subject: string) => t.database.db.update(loginFailures)
  .set({ windowStartedAt: sql`now() - interval '16 minutes'`, lockedUntil: sql`case when ${loginFailures.lockedUntil} is null then null else now() - interval '1 minute' end` })
  .where(eq(loginFailures.subject, subject));

describe('five wrong passwords from one address', () => {
  it('shut that address out of the account, even against the right password, and no other address', async () => {
    const [a, b] = ['198.51.100.1', '198.51.100.2'];
    for (let i = 0; i < 5; i++) expect(await login('engineer', `Wrong${i}@2026`, a)).toEqual(WRONG);
    expect(await login('engineer', DEMO_PASSWORD, a)).toEqual(LOCKED);
    expect((await login('engineer', DEMO_PASSWORD, b)).errCode).toBe(0);
    // b's success does not lift a's lock.
    expect(await login('engineer', DEMO_PASSWORD, a)).toEqual(LOCKED);

    const rows = await counts(accountSubject(await userId('engineer')));
    const lockedFor = rows.get(a)!.lockedUntil!.getTime() - Date.now();
    expect(lockedFor).toBeGreaterThan(14 * 60_000);
    expect(lockedFor).toBeLessThanOrEqual(15 * 60_000);
    expect(rows.get(ALL_ADDRESSES)).toMatchObject({ failures: 5, lockedUntil: null });
    expect(rows.has(b)).toBe(false);

    await letTimePass(accountSubject(await userId('engineer')));
    expect((await login('engineer', DEMO_PASSWORD, a)).errCode).toBe(0);
  });

  it('count an IPv6 client by its /64', async () => {
    for (let i = 1; i <= 5; i++) expect(await login('owner', 'Wrong@2026', `2001:db8:a:b::${i}`)).toEqual(WRONG);
    expect(await login('owner', DEMO_PASSWORD, '2001:db8:a:b:ffff::1')).toEqual(LOCKED);
    expect((await login('owner', DEMO_PASSWORD, '2001:db8:a:c::1')).errCode).toBe(0);
  });

  it('follow the address TRUST_PROXY believes, not the proxy', async () => {
    const proxied = await createTestApp({ config: { trustProxy: '10.0.0.1' } });
    try {
      const via = (client: string, password: string) => {
        const options = proxied.api.request('POST', '/api/v1/sys/login', { form: { username: 'provider', password }, remoteAddress: '10.0.0.1' });
        return proxied.app.inject({ ...options, headers: { ...options.headers, 'x-forwarded-for': client } }).then((r) => r.json() as Answer);
      };
      for (let i = 0; i < 5; i++) expect(await via('203.0.113.77', 'Wrong@2026')).toEqual(WRONG);
      expect(await via('203.0.113.77', DEMO_PASSWORD)).toEqual(LOCKED);
      expect((await via('203.0.113.78', DEMO_PASSWORD)).errCode).toBe(0);
    } finally {
      await proxied.close();
    }
  });

  it('are forgotten by a success from that address, while the count over all addresses stays', async () => {
    const c = '198.51.100.3';
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++) expect(await login('distributor', 'Wrong@2026', c)).toEqual(WRONG);
      // Five in a row would lock c: the success in between must have cleared c's count.
      expect((await login('distributor', DEMO_PASSWORD, c)).errCode).toBe(0);
    }
    const rows = await counts(accountSubject(await userId('distributor')));
    expect(rows.has(c)).toBe(false);
    expect(rows.get(ALL_ADDRESSES)!.failures).toBe(8);
  });

  it('are all counted when they arrive together', async () => {
    const name = 'parallel-guesses';
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => login(name, 'Wrong@2026', `198.51.100.${100 + (i % 3)}`)));
    expect(answers).toEqual(Array(12).fill(WRONG));
    const rows = await counts(nameSubject(name));
    expect(rows.get(ALL_ADDRESSES)!.failures).toBe(12);
    for (let i = 0; i < 3; i++) expect(rows.get(`198.51.100.${100 + i}`)).toMatchObject({ failures: 4, lockedUntil: null });
  });
});

describe('twenty wrong passwords from all addresses', () => {
  const subject = async () => accountSubject(await userId('installer'));

  beforeAll(async () => {
    // From five addresses, none of which reaches its own lock.
    for (let i = 0; i < 20; i++) expect(await login('installer', 'Wrong@2026', `203.0.113.${1 + (i % 5)}`)).toEqual(WRONG);
  });

  it('ask every address for a captcha, before the password is looked at', async () => {
    const fresh = '203.0.113.50';
    expect(await login('installer', DEMO_PASSWORD, fresh)).toEqual(CAPTCHA_REQUIRED);
    expect(await login('installer', DEMO_PASSWORD, fresh, { captchaId: (await captcha()).captchaId })).toEqual(CAPTCHA_REQUIRED);
    expect(await login('installer', DEMO_PASSWORD, fresh, { code: 'abcd' })).toEqual(CAPTCHA_REQUIRED);
    expect((await t.api.post('/api/v1/sys/login', { form: { username: 'installer', password: DEMO_PASSWORD }, remoteAddress: fresh, lang: 'zh-CN' })).body)
      .toMatchObject({ errCode: 10003, errMsg: 'code：该账号密码错误次数过多，请同时输入图片中的字符', data: { errors: [{ field: 'code', rule: 'captchaRequired' }] } });
  });

  it('refuse a wrong or used captcha without counting a failure', async () => {
    const fresh = '203.0.113.51';
    const used = await captcha('wxyz');
    expect(await login('installer', DEMO_PASSWORD, fresh, { ...used, code: 'wxy' })).toEqual(CAPTCHA_WRONG);
    expect(await login('installer', DEMO_PASSWORD, fresh, used)).toEqual(CAPTCHA_EXPIRED);
    expect(await login('installer', DEMO_PASSWORD, fresh, { captchaId: 'no-such-captcha', code: 'abcd' })).toEqual(CAPTCHA_EXPIRED);
    expect((await counts(await subject())).get(ALL_ADDRESSES)!.failures).toBe(20);
  });

  it('let a right captcha through to the password, which is checked and counted as before', async () => {
    const fresh = '203.0.113.52';
    expect(await login('installer', 'Wrong@2026', fresh, await captcha())).toEqual(WRONG);
    expect((await counts(await subject())).get(ALL_ADDRESSES)!.failures).toBe(21);
    // The answer is compared ignoring case, like checkCaptcha.
    expect((await login('installer', DEMO_PASSWORD, fresh, { ...(await captcha('AbCd')), code: 'abcd' })).errCode).toBe(0);
    // The success does not lift the captcha for anyone.
    expect(await login('installer', DEMO_PASSWORD, fresh)).toEqual(CAPTCHA_REQUIRED);
  });

  it('stop asking once their window has passed', async () => {
    await letTimePass(await subject());
    expect((await login('installer', DEMO_PASSWORD, '203.0.113.53')).errCode).toBe(0);
    // The next failure starts a new count.
    expect(await login('installer', 'Wrong@2026', '203.0.113.53')).toEqual(WRONG);
    expect((await counts(await subject())).get(ALL_ADDRESSES)!.failures).toBe(1);
  });
});

describe('a hundred wrong passwords from all addresses, for a known and an unknown name alike', () => {
  const known = 'support';
  const unknown = 'nobody-by-this-name';
  /** The same request for both names: the answers must be the same bytes. */
  async function both(password: string, from: string, withCaptcha = false): Promise<Answer> {
    const [a, b] = [
      await login(known, password, from, withCaptcha ? await captcha() : {}),
      await login(unknown, password, from, withCaptcha ? await captcha() : {}),
    ];
    expect(JSON.stringify(b), `${from}`).toBe(JSON.stringify(a));
    return a;
  }
  const address = (n: number) => `192.0.2.${n}`;

  beforeAll(async () => {
    // The notice goes out in the owner's language.
    await t.database.db.update(users).set({ lang: 'zh-CN' }).where(eq(users.loginName, known));
  });

  it('answer alike while open and when one address is shut out', async () => {
    for (let i = 0; i < 5; i++) expect(await both('Wrong@2026', address(1))).toEqual(WRONG);
    expect(await both(DEMO_PASSWORD, address(1))).toEqual(LOCKED);
    expect(await both('Wrong@2026', address(1))).toEqual(LOCKED);
  });

  it('answer alike when the captcha is required, missing, wrong or used', async () => {
    // 5 so far; 15 more from addresses 2 to 5 reach 20.
    for (let i = 0; i < 15; i++) expect(await both('Wrong@2026', address(2 + Math.floor(i / 4)))).toEqual(WRONG);
    expect(await both(DEMO_PASSWORD, address(6))).toEqual(CAPTCHA_REQUIRED);
    expect(await both('Wrong@2026', address(6))).toEqual(CAPTCHA_REQUIRED);
    const wrong = async () => ({ ...(await captcha()), code: 'nope' });
    const [a, b] = [await login(known, DEMO_PASSWORD, address(6), await wrong()), await login(unknown, DEMO_PASSWORD, address(6), await wrong())];
    expect(a).toEqual(CAPTCHA_WRONG);
    expect(b).toEqual(a);
    const used = await captcha();
    expect(await login(known, 'Wrong@2026', address(6), used)).toEqual(WRONG);
    expect(await login(known, DEMO_PASSWORD, address(6), used)).toEqual(CAPTCHA_EXPIRED);
    expect(await login(unknown, 'Wrong@2026', address(6), used)).toEqual(CAPTCHA_EXPIRED);
    expect(await login(unknown, 'Wrong@2026', address(6), await captcha())).toEqual(WRONG);
  });

  it('lock the account for every address and send its owner one notice', async () => {
    // 21 so far; 79 more, four per address, the hundredth still a plain wrong password.
    for (let i = 0; i < 79; i++) expect(await both('Wrong@2026', address(7 + Math.floor(i / 4)), true)).toEqual(WRONG);
    const rows = await counts(accountSubject(await userId(known)));
    expect(rows.get(ALL_ADDRESSES)!.failures).toBe(100);
    expect(rows.get(ALL_ADDRESSES)!.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect((await counts(nameSubject(unknown))).get(ALL_ADDRESSES)!.failures).toBe(100);

    // Even the right password with a right captcha from an address that never failed.
    expect(await both(DEMO_PASSWORD, address(200), true)).toEqual(LOCKED);
    expect(await both(DEMO_PASSWORD, '2001:db8:ffff::1')).toEqual(LOCKED);

    const notices = () => t.database.db.select().from(outbox).where(eq(outbox.purpose, 'loginLocked'));
    await vi.waitFor(async () => expect(await notices()).toHaveLength(1));
    const [notice] = await notices();
    expect(notice).toMatchObject({ channel: 'email', target: 'support@demo.solar-portal.dev', subject: 'Solar Portal：您的账号已暂停密码登录' });
    expect(notice!.body).toContain('15 分钟内有 100 次使用错误密码登录您的账号 support 的尝试');
    // Locked attempts are not failures: no second notice, no growing count.
    expect((await counts(accountSubject(await userId(known)))).get(ALL_ADDRESSES)!.failures).toBe(100);
  });

  it('let the right password in again once the lock has ended', async () => {
    await letTimePass(accountSubject(await userId(known)));
    expect((await login(known, DEMO_PASSWORD, address(201))).errCode).toBe(0);
  });
});
