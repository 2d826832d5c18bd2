// Requests per minute per client IP and per access token (README "Rate limiting"). Over either
// limit the answer is 10006 with Retry-After (seconds until the window ends), before the request
// is parsed, verified or run. Counters live in Redis when REDIS_URL is set, so that several server
// processes share them; otherwise in this process.
import fp from 'fastify-plugin';
import { normalizeIP } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { AppError, ErrCode } from '../errors.ts';
import { hashToken } from '../domain/auth/tokens.ts';
import { bearerToken } from './auth.ts';

export const RATE_WINDOW_MS = 60_000;

export interface RateCounter {
  /** Counts one request under `key`; answers the count in the current window and the ms left in it. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
}

/** Fixed windows in a Map; ended windows are dropped every SWEEP_EVERY hits. */
export function memoryRateCounter(now: () => number = Date.now): RateCounter {
  const SWEEP_EVERY = 1000;
  const windows = new Map<string, { count: number; endsAt: number }>();
  let hits = 0;
  return {
    async hit(key, windowMs) {
      const at = now();
      if (++hits % SWEEP_EVERY === 0) {
        for (const [k, w] of windows) if (w.endsAt <= at) windows.delete(k);
      }
      let window = windows.get(key);
      if (!window || window.endsAt <= at) {
        window = { count: 0, endsAt: at + windowMs };
        windows.set(key, window);
      }
      window.count++;
      return { count: window.count, resetInMs: window.endsAt - at };
    },
  };
}

export const REDIS_RATE_PREFIX = 'portal:rate:';

// One round trip; the expiry is (re)set whenever the key has none, so a crash between INCR and
// PEXPIRE cannot leave a counter that never ends.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

export function redisRateCounter(redis: Redis, prefix = REDIS_RATE_PREFIX): RateCounter {
  return {
    async hit(key, windowMs) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, `${prefix}${key}`, windowMs)) as [number, number];
      return { count, resetInMs: ttl };
    },
  };
}

export interface RateLimitOptions {
  apiPrefix: string;
  /** Requests per minute; 0 turns that budget off (e.g. behind a proxy that limits on its own). */
  perIp: number;
  perToken: number;
  counter: RateCounter;
}

export default fp(async (app, opts: RateLimitOptions) => {
  app.addHook('onRequest', async (request) => {
    // Only the API counts: a page load fetches many static files.
    if (!request.url.startsWith(opts.apiPrefix)) return;
    const limits: { key: string; max: number }[] = [];
    // IPv6 clients usually hold a whole /64; counting addresses one by one would not limit them.
    if (opts.perIp > 0) limits.push({ key: `ip:${normalizeIP(request.ip)}`, max: opts.perIp });
    const token = bearerToken(request.headers.authorization);
    // Hashed, so that Redis never holds a usable token.
    if (token && opts.perToken > 0) limits.push({ key: `token:${hashToken(token)}`, max: opts.perToken });
    const results = await Promise.all(limits.map(async (limit) => ({ ...limit, ...(await opts.counter.hit(limit.key, RATE_WINDOW_MS)) })));
    const over = results.filter((r) => r.count > r.max);
    if (over.length) {
      const retryAfter = Math.max(1, ...over.map((r) => Math.ceil(r.resetInMs / 1000)));
      request.log.info({ limits: over.map((r) => r.key.split(':')[0]), retryAfter }, 'rate limit exceeded');
      throw new AppError(ErrCode.tooMany, 'error.tooMany', { retryAfter });
    }
  });
}, { name: 'rate-limit', dependencies: ['envelope'] });
