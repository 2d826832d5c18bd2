import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import envelope from './envelope.ts';
import rateLimit, { memoryRateCounter } from './rate-limit.ts';

async function appWith(perIp: number, perToken: number) {
  const app = Fastify();
  await app.register(envelope, { apiPrefix: '/api' });
  await app.register(rateLimit, { apiPrefix: '/api', perIp, perToken, counter: memoryRateCounter() });
  app.get('/api/ping', async () => ({ errCode: 0, errMsg: '', data: null }));
  return app;
}
const codes = async (app: Awaited<ReturnType<typeof appWith>>, times: number, headers: Record<string, string> = {}) => {
  const out: number[] = [];
  for (let i = 0; i < times; i++) out.push((await app.inject({ url: '/api/ping', headers })).json().errCode);
  return out;
};

describe('memoryRateCounter', () => {
  it('counts hits per key within a fixed window and starts again when it ends', async () => {
    let now = 1_000_000;
    const counter = memoryRateCounter(() => now);
    expect(await counter.hit('a', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    now += 20_000;
    expect(await counter.hit('a', 60_000)).toEqual({ count: 2, resetInMs: 40_000 });
    expect(await counter.hit('b', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    now += 40_000;
    expect(await counter.hit('a', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
  });
});

describe('rate-limit plugin', () => {
  it('turns a budget of 0 off, and keeps the other one', async () => {
    const noIpLimit = await appWith(0, 2);
    expect(await codes(noIpLimit, 5)).toEqual([0, 0, 0, 0, 0]);
    expect(await codes(noIpLimit, 3, { authorization: 'Bearer some-token' })).toEqual([0, 0, 10006]);
    const noTokenLimit = await appWith(3, 0);
    expect(await codes(noTokenLimit, 4, { authorization: 'Bearer some-token' })).toEqual([0, 0, 0, 10006]);
  });
});
