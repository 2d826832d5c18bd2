// What the server log says about the messages the portal sends: that one went out (purpose,
// channel, masked target, outbox id), never its body (codes) nor the full address or number.
import { Writable } from 'node:stream';
import { desc, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../server/db/schema/index.ts';
import { loggerOptions } from '../../server/logging.ts';
import { createSender } from '../../server/services/sender.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

const lines: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});
const logged = () => lines.join('');
const entries = () => lines.join('').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logStream: stream });
});
afterAll(() => t.close());

async function lastMessage(target: string) {
  const [row] = await t.database.db.select().from(outbox).where(eq(outbox.target, target)).orderBy(desc(outbox.id)).limit(1);
  return row!;
}

describe('the sender in the server log', () => {
  it('notes a code sent by SMS or e-mail without its body, its code or the full target', async () => {
    const phone = '13700000077';
    const email = 'sender.log@example.org';
    expect((await t.api.get('/api/v1/sys/sms/getCode', { query: { phone, type: 'register' } })).body.errCode).toBe(0);
    expect((await t.api.get('/api/v1/sys/email/getCode', { query: { email, type: 'register' } })).body.errCode).toBe(0);
    for (const [target, masked, channel] of [[phone, '137****0077', 'sms'], [email, 's******g@example.org', 'email']] as const) {
      const message = await lastMessage(target);
      const code = /\b(\d{6})\b/.exec(message.body)![1]!;
      expect(logged()).not.toContain(code);
      expect(logged()).not.toContain(target);
      expect(logged()).not.toContain(message.body);
      expect(entries().filter((e) => e.outboxId === message.id)).toEqual([
        expect.objectContaining({ msg: 'message written to the outbox', outboxId: message.id, channel, purpose: 'register', target: masked }),
      ]);
    }
  });

  it('masks the target of a failed SMTP delivery too', async () => {
    const log = pino({ ...loggerOptions('info') }, stream);
    const sender = createSender({ smtpUrl: 'smtp://127.0.0.1:1' }, t.database.db, log);
    const target = 'unreachable.person@example.net';
    await expect(sender.send({ channel: 'email', target, subject: 'Reset', body: 'Your reset code is 424242.', purpose: 'resetPwd' })).rejects.toThrow();
    const { id } = await lastMessage(target);
    expect(entries().filter((e) => e.outboxId === id).map((e) => [e.msg, e.target])).toEqual([
      ['message written to the outbox', 'u******n@example.net'],
      ['e-mail could not be sent over SMTP', 'u******n@example.net'],
    ]);
    expect(logged()).not.toContain(target);
    expect(logged()).not.toContain('424242');
  });
});
