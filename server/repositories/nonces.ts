// Single-use `random` values of signed requests. The database store lets several server
// processes agree; expired rows are swept now and then rather than on every request.
import { lt, sql } from 'drizzle-orm';
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
