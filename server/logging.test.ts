import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logging.ts';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = Fastify({ logger: { ...loggerOptions('info'), stream } });
  return { app, log: app.log, text: () => lines.join('') };
}

describe('the server log', () => {
  it('logs a failed query as its statement and parameter count, never the values', () => {
    const { log, text } = capture();
    const pgError = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      code: '23505', severity: 'ERROR', constraint: 'users_email_unique', table: 'users', detail: 'Key (email)=(bob@example.com) already exists.',
    });
    log.error({ err: new DrizzleQueryError('insert into "users" ("email", "secret") values ($1, $2)', ['bob@example.com', 'sealed:abc123'], pgError) }, 'unexpected fault');
    const line = JSON.parse(text()) as { err: Record<string, unknown> };
    expect(line.err).toMatchObject({ statement: 'insert into "users" ("email", "secret") values ($1, $2)', paramCount: 2 });
    expect(line.err.cause).toMatchObject({ code: '23505', constraint: 'users_email_unique', table: 'users' });
    expect(text()).not.toContain('bob@example.com');
    expect(text()).not.toContain('sealed:abc123');
  });

  it('redacts secret fields at any of the first three levels', () => {
    const { log, text } = capture();
    log.info({ password: 'p-1', body: { newPassword: 'p-2', client: { clientSecret: 's-3' } }, token: 't-4', req: { headers: { authorization: 'Bearer t-5' } } }, 'x');
    for (const secret of ['p-1', 'p-2', 's-3', 't-4', 't-5']) expect(text()).not.toContain(secret);
    expect(text()).toContain('[redacted]');
  });

  it('redacts secret fields of objects in a logged list, and leaves the object logged as it was', () => {
    const { log, text } = capture();
    const logged = { clients: [{ clientId: 'c-1', secret: 's-6' }], headers: { cookie: 'session=s-7' } };
    log.warn(logged, 'x');
    const line = JSON.parse(text()) as typeof logged;
    expect(line.clients).toEqual([{ clientId: 'c-1', secret: '[redacted]' }]);
    expect(line.headers.cookie).toBe('[redacted]');
    expect(logged.clients[0]!.secret).toBe('s-6');
  });

  it('logs a request by its path, without the query string that holds a GET call\'s fields', async () => {
    const { app, text } = capture();
    app.get('/dev-api/api/v1/sys/sms/getCode', async () => ({}));
    await app.inject({ method: 'GET', url: '/dev-api/api/v1/sys/sms/getCode?phone=13700000099&type=register&random=abc' });
    const incoming = text().split('\n').filter(Boolean).map((line) => JSON.parse(line) as { msg: string; req?: Record<string, unknown> })
      .find((line) => line.msg === 'incoming request');
    expect(incoming?.req).toMatchObject({ method: 'GET', url: '/dev-api/api/v1/sys/sms/getCode', remoteAddress: '127.0.0.1' });
    expect(text()).not.toContain('13700000099');
  });

  it('keeps the message and code of other errors', () => {
    const { log, text } = capture();
    log.error({ err: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) }, 'x');
    expect(JSON.parse(text()).err).toMatchObject({ type: 'Error', message: 'socket hang up', code: 'ECONNRESET' });
  });
});
