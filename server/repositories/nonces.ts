// Single-use `random` values of signed requests. The memory store serves one process (the
// embedded PGlite allows no other) without a write per request; the database store and, when
// REDIS_URL is set, the Redis store let several server processes agree.
import { lt, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client.ts';
import { AppError, ErrCode } from '../errors.ts';
import { requestNonces } from '../db/schema/index.ts';

export interface NonceStore {
  /** True when the value was unused (and is now taken), false when it is a replay. */
  claim(clientId: string, random: string, ttlSeconds: number): Promise<boolean>;
}

const SWEEP_EVERY = 500;

/** Enough for ~1,100 signed requests a second over the whole 900 s window. */
export const MEMORY_NONCE_LIMIT = 1_000_000;

/**
 * Values live in insertion order with one lifetime, so the expired ones are always at the front
 * and a sweep stops at the first live one. When the store is full of live values it turns new
 * requests away (10006 until the oldest expires) rather than forget a live value, which would
 * let its request be replayed.
 */
export function memoryNonceStore(limit = MEMORY_NONCE_LIMIT, now: () => number = Date.now): NonceStore & { size(): number } {
  const expiries = new Map<string, number>();
  const sweep = (at: number) => {
    for (const [key, expiresAt] of expiries) {
      if (expiresAt > at) break;
      expiries.delete(key);
    }
  };
  return {
    async claim(clientId, random, ttlSeconds) {
      const at = now();
      sweep(at);
      const key = `${clientId}\n${random}`;
      if (expiries.has(key)) return false;
      if (expiries.size >= limit) {
        const oldest = expiries.values().next().value ?? at;
        throw new AppError(ErrCode.tooMany, 'error.tooMany', { retryAfter: Math.max(1, Math.ceil((oldest - at) / 1000)) });
      }
      expiries.set(key, at + ttlSeconds * 1000);
      return true;
    },
    size: () => expiries.size,
  };
}

interface PendingClaim {
  clientId: string;
  random: string;
  expiresAt: Date;
  settle(claimed: boolean | Error): void;
}

/**
 * Claims that arrive in the same turn of the event loop are written by one INSERT, so that a
 * burst of signed requests costs one round trip and one pooled connection, not one each.
 */
export function databaseNonceStore(db: Db): NonceStore {
  let pending: PendingClaim[] = [];
  let claims = 0;
  const flush = async (batch: PendingClaim[]) => {
    // One statement may not touch a row twice: a value repeated within the batch is written once,
    // and every later copy is a replay of the first.
    const first = new Map<string, PendingClaim>();
    const replays: PendingClaim[] = [];
    for (const claim of batch) {
      const key = `${claim.clientId}\n${claim.random}`;
      if (first.has(key)) replays.push(claim);
      else first.set(key, claim);
    }
    try {
      claims += batch.length;
      if (claims >= SWEEP_EVERY) {
        claims = 0;
        await db.delete(requestNonces).where(lt(requestNonces.expiresAt, sql`now()`));
      }
      const rows = await db.insert(requestNonces)
        .values([...first.values()].map(({ clientId, random, expiresAt }) => ({ clientId, random, expiresAt })))
        .onConflictDoUpdate({
          target: [requestNonces.clientId, requestNonces.random],
          // An expired row may be reused; a live one is a replay and stays as it is.
          set: { expiresAt: sql`excluded.expires_at` },
          setWhere: lt(requestNonces.expiresAt, sql`now()`),
        })
        .returning({ clientId: requestNonces.clientId, random: requestNonces.random });
      const taken = new Set(rows.map((row) => `${row.clientId}\n${row.random}`));
      for (const [key, claim] of first) claim.settle(taken.has(key));
      for (const claim of replays) claim.settle(false);
    } catch (error) {
      for (const claim of batch) claim.settle(error as Error);
    }
  };
  return {
    claim(clientId, random, ttlSeconds) {
      return new Promise<boolean>((resolve, reject) => {
        if (pending.length === 0) {
          setImmediate(() => {
            const batch = pending;
            pending = [];
            void flush(batch);
          });
        }
        pending.push({
          clientId, random, expiresAt: new Date(Date.now() + ttlSeconds * 1000),
          settle: (claimed) => (claimed instanceof Error ? reject(claimed) : resolve(claimed)),
        });
      });
    },
  };
}

export const REDIS_NONCE_PREFIX = 'portal:nonce:';

/** SET NX EX is atomic: of two processes claiming the same value, exactly one gets OK. */
export function redisNonceStore(redis: Redis, prefix = REDIS_NONCE_PREFIX): NonceStore {
  return {
    async claim(clientId, random, ttlSeconds) {
      return (await redis.set(`${prefix}${clientId}:${random}`, '1', 'EX', ttlSeconds, 'NX')) === 'OK';
    },
  };
}
