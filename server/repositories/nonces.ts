// Single-use `random` values of signed requests. Both stores let several server processes
// agree: the database one (expired rows swept now and then rather than on every request) and,
// when REDIS_URL is set, the Redis one (keys expire by themselves).
import { lt, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client.ts';
import { requestNonces } from '../db/schema/index.ts';

export interface NonceStore {
  /** True when the value was unused (and is now taken), false when it is a replay. */
  claim(clientId: string, random: string, ttlSeconds: number): Promise<boolean>;
}

const SWEEP_EVERY = 500;

export function databaseNonceStore(db: Db): NonceStore {
  let claims = 0;
  return {
    async claim(clientId, random, ttlSeconds) {
      if (++claims % SWEEP_EVERY === 0) await db.delete(requestNonces).where(lt(requestNonces.expiresAt, sql`now()`));
      const rows = await db.insert(requestNonces)
        .values({ clientId, random, expiresAt: new Date(Date.now() + ttlSeconds * 1000) })
        .onConflictDoUpdate({
          target: [requestNonces.clientId, requestNonces.random],
          // An expired row may be reused; a live one is a replay and stays as it is.
          set: { expiresAt: sql`excluded.expires_at` },
          setWhere: lt(requestNonces.expiresAt, sql`now()`),
        })
        .returning({ random: requestNonces.random });
      return rows.length === 1;
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
