// Shared state in Redis (REDIS_URL): replay nonces and rate-limit counters that several server
// processes agree on. Runs against TEST_REDIS_URL, or the local Redis on 127.0.0.1:6379; an
// unreachable Redis fails this file, it is never skipped (CI runs a Redis).
import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestNonces } from '../../server/db/schema/index.ts';
import { REDIS_NONCE_PREFIX, redisNonceStore } from '../../server/repositories/nonces.ts';
import { REDIS_RATE_PREFIX, redisRateCounter } from '../../server/plugins/rate-limit.ts';
import { randomString } from '../../src/lib/signing.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PER_IP = 5;

/** Two connections stand for two server processes. */
let processA: Redis;
let processB: Redis;
let t: TestApp;

async function connect(): Promise<Redis> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`Redis at ${REDIS_URL} does not answer (${(error as Error).message}); start one or set TEST_REDIS_URL`, { cause: error });
  }
  return redis;
}

beforeAll(async () => {
  processA = await connect();
  processB = await connect();
  t = await createTestApp({ config: { redisUrl: REDIS_URL, rateLimitPerIp: PER_IP } });
});
afterAll(async () => {
  await t?.close();
  await processA?.quit();
  await processB?.quit();
});

/** Keys of this run only: the same Redis may hold earlier runs' keys for up to 15 minutes. */
const unique = () => randomBytes(8).toString('hex');
/** An address of this run (10.x.y.z), so that earlier runs' counters do not count. */
const freshIp = () => `10.${[...randomBytes(3)].join('.')}`;

describe('Redis nonce store', () => {
  it('lets one claim of a value succeed across processes, per client, with the replay window as expiry', async () => {
    const random = randomString();
    const client = `test-${unique()}`;
    const a = redisNonceStore(processA);
    const b = redisNonceStore(processB);
    expect(await a.claim(client, random, 900)).toBe(true);
    expect(await b.claim(client, random, 900)).toBe(false);
    expect(await a.claim(client, random, 900)).toBe(false);
    expect(await b.claim(`${client}-other`, random, 900)).toBe(true);
    const ttl = await processA.ttl(`${REDIS_NONCE_PREFIX}${client}:${random}`);
    expect(ttl).toBeGreaterThan(890);
    expect(ttl).toBeLessThanOrEqual(900);
  });

  it('gives exactly one of many concurrent claims', async () => {
    const random = randomString();
    const client = `test-${unique()}`;
    const stores = [redisNonceStore(processA), redisNonceStore(processB)];
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => stores[i % 2]!.claim(client, random, 900)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('frees a value once it has expired', async () => {
    const random = randomString();
    const client = `test-${unique()}`;
    const store = redisNonceStore(processA);
    expect(await store.claim(client, random, 900)).toBe(true);
    await processA.pexpire(`${REDIS_NONCE_PREFIX}${client}:${random}`, 1);
    await expect.poll(() => processA.exists(`${REDIS_NONCE_PREFIX}${client}:${random}`)).toBe(0);
    expect(await store.claim(client, random, 900)).toBe(true);
  });
});

describe('Redis rate counter', () => {
  it('shares one window between processes and ends it by expiry', async () => {
    const key = `test:${unique()}`;
    const a = redisRateCounter(processA);
    const b = redisRateCounter(processB);
    const first = await a.hit(key, 60_000);
    expect(first.count).toBe(1);
    expect(first.resetInMs).toBeGreaterThan(59_000);
    expect((await b.hit(key, 60_000)).count).toBe(2);
    expect((await a.hit(key, 60_000)).count).toBe(3);
    const pttl = await processA.pttl(`${REDIS_RATE_PREFIX}${key}`);
    expect(pttl).toBeGreaterThan(0);
    expect(pttl).toBeLessThanOrEqual(60_000);
  });

  it('gives a counter that lost its expiry one again', async () => {
    const key = `test:${unique()}`;
    await processA.set(`${REDIS_RATE_PREFIX}${key}`, '7');
    const hit = await redisRateCounter(processA).hit(key, 60_000);
    expect(hit).toEqual({ count: 8, resetInMs: 60_000 });
    expect(await processA.pttl(`${REDIS_RATE_PREFIX}${key}`)).toBeGreaterThan(0);
  });
});

describe('an app with REDIS_URL', () => {
  const from = async (ip: string, request: InjectOptions) => (await t.app.inject({ ...request, remoteAddress: ip })).json() as { errCode: number; errMsg: string };

  it('keeps replay nonces in Redis, not in the database, and refuses a replay', async () => {
    const ip = freshIp();
    const request = t.api.request('GET', '/api/v1/sys/site/list');
    const random = (request.query as Record<string, string>).random!;
    expect((await from(ip, request)).errCode).not.toBe(10003);
    expect(await processB.exists(`${REDIS_NONCE_PREFIX}web:${random}`)).toBe(1);
    expect(await t.database.db.select().from(requestNonces)).toEqual([]);
    expect(await from(ip, request)).toMatchObject({ errCode: 10003, errMsg: 'random: already used' });
  });

  it('counts requests per IP in Redis: another process would see the same count', async () => {
    const ip = freshIp();
    for (let i = 0; i < PER_IP; i++) expect((await from(ip, t.api.request('GET', '/api/v1/sys/site/list'))).errCode).not.toBe(10006);
    expect(await processB.get(`${REDIS_RATE_PREFIX}ip:${ip}`)).toBe(String(PER_IP));
    const limited = await t.app.inject({ ...t.api.request('GET', '/api/v1/sys/site/list'), remoteAddress: ip });
    expect(limited.json()).toMatchObject({ errCode: 10006 });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // A second process adding to the same counter: the app sees it at once.
    const other = freshIp();
    await redisRateCounter(processB).hit(`ip:${other}`, 60_000);
    for (let i = 1; i < PER_IP; i++) expect((await from(other, t.api.request('GET', '/api/v1/sys/site/list'))).errCode).not.toBe(10006);
    expect((await from(other, t.api.request('GET', '/api/v1/sys/site/list'))).errCode).toBe(10006);
  });
});
