// Verification codes, captchas and the mailbox through the API (issue 3 "Codes"): a code's life
// from the outbox to its check, its limits, and the sender's SMTP delivery.
import { once } from 'node:events';
import { createServer, type Socket } from 'node:net';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchas, outbox, verificationCodes } from '../../server/db/schema/index.ts';
import { hashCaptchaAnswer } from '../../server/domain/codes/codes.ts';
import { consumeCode, issueCode, withCode } from '../../server/repositories/codes.ts';
import { createSender } from '../../server/services/sender.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

type FieldErrors = { errors: { field: string; rule: string; message: string }[] } | null;
type Fields = Record<string, string | number | undefined>;
interface OutboxItem { id: number; channel: string; target: string; subject: string; body: string; purpose?: string; createTime: string; sentTime?: string; error?: string }
interface Page<T> { list: T[]; total: number; pageNo: number; pageSize: number }

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A signed call from a given client address (limits per address are part of what is tested). */
async function call<T>(path: string, query: Fields, options: { ip?: string; lang?: string; token?: string } = {}) {
  const request = t.api.request('GET', path, { query, lang: options.lang, token: options.token });
  const response = await t.app.inject({ ...request, remoteAddress: options.ip ?? '127.0.0.1' });
  return { headers: response.headers, body: response.json() as { errCode: number; errMsg: string; data: T } };
}

const smsCode = (phone: string, type: string, options: { ip?: string; lang?: string } = {}) => call<number | null>('/api/v1/sys/sms/getCode', { phone, type }, options);
const emailCode = (email: string, type: string) => call<number | null>('/api/v1/sys/email/getCode', { email, type });
const smsCheck = (phone: string, code: string, type: string) => call<FieldErrors>('/api/v1/sys/sms/checkCode', { phone, code, type });
const fieldsOf = (data: unknown) => (data as FieldErrors)?.errors.map(({ field, rule }) => ({ field, rule }));

/** The newest outbox message to a target, and the code in it. */
async function lastMessage(target: string) {
  const [row] = await t.database.db.select().from(outbox).where(eq(outbox.target, target)).orderBy(desc(outbox.id)).limit(1);
  return row;
}
async function codeSentTo(target: string): Promise<string> {
  const code = /\b(\d{6})\b/.exec((await lastMessage(target))?.body ?? '')?.[1];
  if (!code) throw new Error(`no code in the outbox for ${target}`);
  return code;
}
const outboxCount = async (target: string) => (await t.database.db.select().from(outbox).where(eq(outbox.target, target))).length;
/** Moves a target's codes back in time, as if they had been sent earlier. */
const age = (target: string, seconds: number) =>
  t.database.db.update(verificationCodes).set({ createdAt: sql`${verificationCodes.createdAt} - make_interval(secs => ${seconds})` }).where(eq(verificationCodes.target, target));

describe('issuing and checking a code', () => {
  it('writes a 6-digit code to the outbox, stores only its hash, and checks it without using it up', async () => {
    const phone = '13700000001';
    const sent = await smsCode(phone, 'register');
    expect(sent.body).toEqual({ errCode: 0, errMsg: '', data: null });
    const message = (await lastMessage(phone))!;
    expect(message).toMatchObject({ channel: 'sms', purpose: 'register', sentAt: null, error: null });
    const code = await codeSentTo(phone);
    expect(message.body).toContain('valid for 5 minutes');

    const [stored] = await t.database.db.select().from(verificationCodes).where(eq(verificationCodes.target, phone));
    expect(stored!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.codeHash).not.toContain(code);
    expect((stored!.expiresAt.getTime() - stored!.createdAt.getTime()) / 1000).toBe(300);
    expect(stored!.ip).toBe('127.0.0.1');

    expect((await smsCheck(phone, code, 'register')).body.errCode).toBe(0);
    expect((await smsCheck(phone, code, 'register')).body.errCode).toBe(0);
    const otherPurpose = await smsCheck(phone, code, 'login');
    expect(fieldsOf(otherPurpose.body.data)).toEqual([{ field: 'code', rule: 'codeExpired' }]);
  });

  it('accepts the +86 form of a phone number as the same target', async () => {
    const sent = await smsCode('+8613700000002', 'register');
    expect(sent.body.errCode).toBe(0);
    const code = await codeSentTo('13700000002');
    expect((await smsCheck('008613700000002', code, 'register')).body.errCode).toBe(0);
  });

  it('answers the seconds to wait for a resend within 60 s, and sends nothing', async () => {
    const phone = '13700000003';
    await smsCode(phone, 'register');
    const again = await smsCode(phone, 'register');
    expect(again.body.errCode).toBe(0);
    expect(again.body.data).toBeGreaterThanOrEqual(1);
    expect(again.body.data).toBeLessThanOrEqual(60);
    expect(await outboxCount(phone)).toBe(1);

    await age(phone, 61);
    expect((await smsCode(phone, 'register')).body.data).toBeNull();
    expect(await outboxCount(phone)).toBe(2);
  });

  it('replaces an older code with a newer one', async () => {
    const phone = '13700000004';
    await smsCode(phone, 'register');
    const first = await codeSentTo(phone);
    await age(phone, 61);
    await smsCode(phone, 'register');
    const second = await codeSentTo(phone);
    // Checked against the newest code, the older one is simply wrong.
    if (first !== second) expect(fieldsOf((await smsCheck(phone, first, 'register')).body.data)).toEqual([{ field: 'code', rule: 'codeWrong' }]);
    expect((await smsCheck(phone, second, 'register')).body.errCode).toBe(0);
  });

  it('kills a code after five wrong attempts, even against the right code', async () => {
    const phone = '13700000005';
    await smsCode(phone, 'register');
    const code = await codeSentTo(phone);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let left = 4; left >= 0; left--) {
      const { body } = await smsCheck(phone, wrong, 'register');
      expect(body.errCode).toBe(10003);
      expect(fieldsOf(body.data)).toEqual([{ field: 'code', rule: 'codeWrong' }]);
      expect(body.errMsg).toBe(`code: the code is wrong (${left} attempts left)`);
    }
    const right = await smsCheck(phone, code, 'register');
    expect(fieldsOf(right.body.data)).toEqual([{ field: 'code', rule: 'codeExpired' }]);
  });

  it('refuses an expired code', async () => {
    const phone = '13700000006';
    await smsCode(phone, 'register');
    const code = await codeSentTo(phone);
    await t.database.db.update(verificationCodes).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(verificationCodes.target, phone));
    const { body } = await smsCheck(phone, code, 'register');
    expect(body.errCode).toBe(10003);
    expect(fieldsOf(body.data)).toEqual([{ field: 'code', rule: 'codeExpired' }]);
  });

  it('consumes a code once, and leaves it usable when the work it authorises fails', async () => {
    const phone = '13700000007';
    await smsCode(phone, 'register');
    const code = await codeSentTo(phone);
    const input = { purpose: 'register' as const, target: phone, code };
    await expect(withCode(t.database.db, input, async () => { throw new Error('the change failed'); })).rejects.toThrow('the change failed');
    expect((await smsCheck(phone, code, 'register')).body.errCode).toBe(0);
    await consumeCode(t.database.db, input);
    await expect(consumeCode(t.database.db, input)).rejects.toMatchObject({ code: 10003, fields: [{ field: 'code', rule: 'codeExpired' }] });
    expect(fieldsOf((await smsCheck(phone, code, 'register')).body.data)).toEqual([{ field: 'code', rule: 'codeExpired' }]);
  });
});

describe('limits', () => {
  it('sends at most 10 codes per target an hour, then 10006 with Retry-After', async () => {
    const phone = '13700000010';
    const ip = '10.0.0.10';
    for (let i = 0; i < 10; i++) {
      expect((await smsCode(phone, 'register', { ip })).body.data).toBeNull();
      await age(phone, 61);
    }
    const refused = await smsCode(phone, 'register', { ip });
    expect(refused.body.errCode).toBe(10006);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600 - 610 + 5);
    // The cap counts the target across purposes, and lifts when the oldest code leaves the hour.
    expect((await smsCode(phone, 'login', { ip })).body.errCode).toBe(10006);
    await age(phone, 3600);
    expect((await smsCode(phone, 'register', { ip })).body.errCode).toBe(0);
    expect(await outboxCount(phone)).toBe(11);
  });

  it('sends at most 30 codes per client address an hour', async () => {
    const ip = '10.0.0.30';
    for (let i = 0; i < 30; i++) expect((await smsCode(`1360000${String(i).padStart(4, '0')}`, 'register', { ip })).body.errCode).toBe(0);
    const refused = await smsCode('13600009999', 'register', { ip });
    expect(refused.body.errCode).toBe(10006);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await outboxCount('13600009999')).toBe(0);
    expect((await smsCode('13600009999', 'register', { ip: '10.0.0.31' })).body.errCode).toBe(0);
  });
});

describe('who a code may go to', () => {
  it('refuses a registration code for a registered phone or address', async () => {
    const phone = await smsCode('13800000001', 'register');
    expect(fieldsOf(phone.body.data)).toEqual([{ field: 'phone', rule: 'unique' }]);
    expect(phone.body.errMsg).toBe('phone: 13800000001 already exists');
    const email = await emailCode('Admin@Demo.Solar-Portal.dev', 'register');
    expect(fieldsOf(email.body.data)).toEqual([{ field: 'email', rule: 'unique' }]);
    expect(fieldsOf((await smsCode('13800000002', 'modifyPhone')).body.data)).toEqual([{ field: 'phone', rule: 'unique' }]);
  });

  it('sends e-mail changes by e-mail and phone changes by SMS only', async () => {
    expect(fieldsOf((await smsCode('13700000020', 'modifyEmail')).body.data)).toEqual([{ field: 'type', rule: 'invalid' }]);
    expect(fieldsOf((await emailCode('new@example.com', 'modifyPhone')).body.data)).toEqual([{ field: 'type', rule: 'invalid' }]);
  });

  it('answers alike for registered and unknown targets of login, resetPwd and cancel, but sends only to accounts', async () => {
    for (const type of ['login', 'resetPwd', 'cancel']) {
      const known = await smsCode('13800000004', type);
      const unknown = await smsCode('13711112222', type);
      expect(unknown.body).toEqual(known.body);
      expect(known.body.data).toBeNull();
    }
    expect(await outboxCount('13800000004')).toBe(3);
    expect(await outboxCount('13711112222')).toBe(0);
    // The unknown target holds the same resend timer, so a second call does not tell them apart either.
    expect((await smsCode('13711112222', 'login')).body.data).toBeGreaterThan(0);
  });

  it('sends e-mail codes to the lower-cased address in the language of the request', async () => {
    const sent = await call<null>('/api/v1/sys/email/getCode', { email: 'Mixed.Case@Example.COM', type: 'register' }, { lang: 'zh-CN' });
    expect(sent.body.errCode).toBe(0);
    const message = (await lastMessage('mixed.case@example.com'))!;
    expect(message.channel).toBe('email');
    expect(message.subject).toBe('Solar Portal 验证码');
    expect(message.body).toContain('注册');
    const code = await codeSentTo('mixed.case@example.com');
    const checked = await call<null>('/api/v1/sys/email/checkCode', { email: 'MIXED.case@example.com', code, type: 'register' });
    expect(checked.body.errCode).toBe(0);
  });

  it('names the app in the text of the mobile-app variant', async () => {
    const sent = await call<null>('/app/sys/sms/getCode', { phone: '13700000030', type: 'register' });
    expect(sent.body.errCode).toBe(0);
    expect((await lastMessage('13700000030'))!.body).toMatch(/^\[Solar Portal app\] Your verification code for registering is \d{6}\./);
    expect((await smsCheck('13700000030', await codeSentTo('13700000030'), 'register')).body.errCode).toBe(0);
  });
});

describe('captcha', () => {
  const getCaptcha = () => call<{ captchaId: string; image: string }>('/api/v1/sys/captcha/getCaptcha', {});
  const check = (captchaId: string, answer: string) => call<FieldErrors>('/api/v1/sys/captcha/checkCaptcha', { captchaId, answer });
  /** The answer is random and stored hashed; the test sets a known one. */
  const knownAnswer = (captchaId: string, answer: string) =>
    t.database.db.update(captchas).set({ answerHash: hashCaptchaAnswer(captchaId, answer) }).where(eq(captchas.id, captchaId));

  it('answers an SVG picture valid for 2 minutes', async () => {
    const { body } = await getCaptcha();
    expect(body.errCode).toBe(0);
    expect(body.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(body.data.image.split(',')[1]!, 'base64').toString()).toMatch(/^<svg /);
    const [row] = await t.database.db.select().from(captchas).where(eq(captchas.id, body.data.captchaId));
    const seconds = (row!.expiresAt.getTime() - Date.now()) / 1000;
    expect(seconds).toBeGreaterThan(60);
    expect(seconds).toBeLessThanOrEqual(120);
  });

  it('accepts the right answer case-insensitively, once', async () => {
    const { captchaId } = (await getCaptcha()).body.data;
    await knownAnswer(captchaId, 'AbCd');
    expect((await check(captchaId, 'abcd')).body.errCode).toBe(0);
    expect(fieldsOf((await check(captchaId, 'abcd')).body.data)).toEqual([{ field: 'captchaId', rule: 'captchaExpired' }]);
  });

  it('uses a captcha up on a wrong answer', async () => {
    const { captchaId } = (await getCaptcha()).body.data;
    await knownAnswer(captchaId, 'wxyz');
    expect(fieldsOf((await check(captchaId, 'wxy')).body.data)).toEqual([{ field: 'answer', rule: 'captchaWrong' }]);
    expect(fieldsOf((await check(captchaId, 'wxyz')).body.data)).toEqual([{ field: 'captchaId', rule: 'captchaExpired' }]);
  });

  it('refuses an expired or unknown captcha', async () => {
    const { captchaId } = (await getCaptcha()).body.data;
    await knownAnswer(captchaId, 'pqrs');
    await t.database.db.update(captchas).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(captchas.id, captchaId));
    expect(fieldsOf((await check(captchaId, 'pqrs')).body.data)).toEqual([{ field: 'captchaId', rule: 'captchaExpired' }]);
    expect(fieldsOf((await check('no-such-captcha', 'pqrs')).body.data)).toEqual([{ field: 'captchaId', rule: 'captchaExpired' }]);
  });
});

describe('mailbox', () => {
  const page = (token: string, query: Fields = {}) => call<Page<OutboxItem>>('/api/v1/sys/outbox/page', query, { token });

  it('needs system:outbox:list', async () => {
    const owner = (await t.api.login('owner')).token;
    expect((await page(owner)).body.errCode).toBe(10005);
    expect((await call('/api/v1/sys/outbox/page', {})).body.errCode).toBe(10002);
  });

  it('pages the messages newest first for administrators and support, with filters', async () => {
    await smsCode('13700000040', 'register');
    await emailCode('mailbox@example.com', 'register');
    for (const name of ['admin', 'support']) {
      const token = (await t.api.login(name)).token;
      const all = await page(token, { pageSize: 5 });
      expect(all.body.errCode).toBe(0);
      expect(all.body.data.pageSize).toBe(5);
      expect(all.body.data.list).toHaveLength(5);
      expect(all.body.data.total).toBeGreaterThan(5);
      const ids = all.body.data.list.map((m) => m.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));

      const email = await page(token, { channel: 'email', target: 'MAILBOX@' });
      expect(email.body.data.total).toBe(1);
      const [message] = email.body.data.list;
      expect(message).toMatchObject({ channel: 'email', target: 'mailbox@example.com', purpose: 'register', subject: 'Solar Portal verification code' });
      expect(message!.body).toMatch(/\b\d{6}\b/);
      expect(new Date(message!.createTime).toISOString()).toBe(message!.createTime);
      expect(message).not.toHaveProperty('sentTime');

      const sms = await page(token, { channel: 'sms', target: '1370000004', purpose: 'register' });
      expect(sms.body.data.list.map((m) => m.target)).toEqual(['13700000040']);
      expect((await page(token, { purpose: 'cancel', target: '13700000040' })).body.data.total).toBe(0);
    }
  });
});

describe('SMTP delivery', () => {
  /** A minimal SMTP server that keeps every message, and refuses recipients at refused.example. */
  async function fakeSmtp() {
    const received: { from: string; to: string; data: string }[] = [];
    const server = createServer((socket: Socket) => {
      let buffer = '';
      let inData = false;
      let mail = { from: '', to: '', data: '' };
      socket.write('220 fake ESMTP\r\n');
      socket.on('data', (chunk) => {
        buffer += chunk.toString();
        let end: number;
        while ((end = buffer.indexOf('\r\n')) >= 0) {
          const line = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (inData) {
            if (line === '.') {
              inData = false;
              received.push(mail);
              mail = { from: '', to: '', data: '' };
              socket.write('250 queued\r\n');
            } else mail.data += `${line}\n`;
            continue;
          }
          const command = line.toUpperCase();
          if (command.startsWith('EHLO')) socket.write('250-fake\r\n250 AUTH PLAIN LOGIN\r\n');
          else if (command.startsWith('AUTH PLAIN')) socket.write('235 ok\r\n');
          else if (command.startsWith('MAIL FROM')) { mail.from = line; socket.write('250 ok\r\n'); }
          else if (command.startsWith('RCPT TO')) {
            if (line.includes('refused.example')) socket.write('550 no such mailbox\r\n');
            else { mail.to = line; socket.write('250 ok\r\n'); }
          } else if (command === 'DATA') { inData = true; socket.write('354 go on\r\n'); }
          else if (command === 'QUIT') socket.end('221 bye\r\n');
          else socket.write('250 ok\r\n');
        }
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return { port: (server.address() as { port: number }).port, received, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  const logs: string[] = [];
  const log = { info: (_: object, message: string) => logs.push(`info ${message}`), error: (_: object, message: string) => logs.push(`error ${message}`) };

  it('sends e-mails over SMTP, records when, and records why when it fails', async () => {
    const smtp = await fakeSmtp();
    try {
      const sender = createSender({ smtpUrl: `smtp://mailer:s%40cret@127.0.0.1:${smtp.port}?from=portal@example.com` }, t.database.db, log);
      await sender.send({ channel: 'email', target: 'someone@example.org', subject: 'Hello', body: 'Your code is 123456.', purpose: 'plantShare' });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.from).toContain('<portal@example.com>');
      expect(smtp.received[0]!.to).toContain('<someone@example.org>');
      expect(smtp.received[0]!.data).toContain('Subject: Hello');
      expect(smtp.received[0]!.data).toContain('Your code is 123456.');
      expect(await lastMessage('someone@example.org')).toMatchObject({ subject: 'Hello', error: null, sentAt: expect.any(Date) });

      await expect(sender.send({ channel: 'email', target: 'x@refused.example', subject: 'Hello', body: 'b', purpose: 'plantShare' })).rejects.toThrow();
      const failed = (await lastMessage('x@refused.example'))!;
      expect(failed.sentAt).toBeNull();
      expect(failed.error).toMatch(/550/);

      // SMS has no provider: the outbox is its only destination.
      await sender.send({ channel: 'sms', target: '13700000050', subject: 'Code', body: 'sms body', purpose: 'plantShare' });
      expect(smtp.received).toHaveLength(1);
      expect(await lastMessage('13700000050')).toMatchObject({ body: 'sms body', sentAt: null });
      expect(logs.filter((l) => l.startsWith('info'))).toHaveLength(3);
      expect(logs.filter((l) => l.startsWith('error'))).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it('withdraws a code that could not be sent, so that the next request need not wait', async () => {
    const unreachable = createSender({ smtpUrl: 'smtp://127.0.0.1:1' }, t.database.db, log);
    const input = { purpose: 'register' as const, target: 'nobody@example.net', channel: 'email' as const, ip: '10.0.0.50', lang: 'en' };
    await expect(issueCode(t.database.db, unreachable, input)).rejects.toMatchObject({ code: 10001, messageKey: 'codes.sendFailed' });
    expect(await t.database.db.select().from(verificationCodes).where(eq(verificationCodes.target, input.target))).toHaveLength(0);
    expect((await lastMessage(input.target))!.error).toBeTruthy();
    expect(await issueCode(t.database.db, unreachable, input).catch(() => 'failed again')).toBe('failed again');
    expect(await outboxCount(input.target)).toBe(2);
  });
});
