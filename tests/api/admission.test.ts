// Load shedding through the real app: a request beyond the concurrency limit waits, answers
// 10006 with Retry-After when it waited too long, and never starts when its client has gone.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlers } from '../../server/handlers/index.ts';
import type { Handlers } from '../../server/handlers/types.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

let gate: () => void = () => undefined;
let started = 0;
const blocking: Handlers = {
  ...handlers,
  getLoginInfo: async (ctx) => {
    started += 1;
    await new Promise<void>((resolve) => (gate = resolve));
    return handlers.getLoginInfo!(ctx);
  },
};

let t: TestApp;
let admin: string;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ config: { maxConcurrentRequests: 1, maxQueueWaitMs: 300 }, handlers: blocking });
  admin = (await t.api.login('admin')).token;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

const loginInfo = () => t.api.get('/api/v1/sys/user/getLoginInfo', { token: admin });
const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('admission', () => {
  it('answers 10006 with Retry-After to a request that waited past the limit, and serves the first', async () => {
    started = 0;
    const first = loginInfo();
    await until(() => started === 1);
    const second = await t.api.get('/api/v1/modelCode/listModelCode', { token: admin });
    expect(second.body).toMatchObject({ errCode: 10006 });
    expect(second.headers['retry-after']).toBe('1');
    gate();
    expect((await first).body.errCode).toBe(0);
    expect((await t.api.get('/api/v1/modelCode/listModelCode', { token: admin })).body.errCode).toBe(0);
  });

  it('does not start a request whose client left while it waited', async () => {
    started = 0;
    const first = loginInfo();
    await until(() => started === 1);
    const options = t.api.request('GET', '/api/v1/sys/user/getLoginInfo', { token: admin });
    const query = new URLSearchParams(options.query as Record<string, string>).toString();
    const abandoned = httpRequest({ port, host: '127.0.0.1', path: `${String(options.url)}?${query}`, headers: options.headers as Record<string, string> });
    abandoned.on('error', () => undefined);
    abandoned.end();
    await until(() => t.app.admission.stats.waiting === 1);
    abandoned.destroy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    gate();
    expect((await first).body.errCode).toBe(0);
    await until(() => t.app.admission.stats.active === 0);
    expect(started).toBe(1);
  });
});
