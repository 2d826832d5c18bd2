// Single-use `random` values of signed requests. The memory store serves one process (the
// embedded PGlite allows no other) without a write per request; the database store and, when
// REDIS_URL is set, the Redis store let several server processes agree.
import type { Redis } from 'ioredis';
import { AppError, ErrCode } from '../errors.ts';

export interface NonceStore {
  /** True when the value was unused (and is now taken), false when it is a replay. */
  claim(clientId: string, random: string, ttlSeconds: number): Promise<boolean>;
}

const SWEEP_EVERY = 500;

/** Enough for ~3,300 signed requests a second, each remembered for the 300 s its timeStamp stays acceptable. */
export const MEMORY_NONCE_LIMIT = 1_000_000;

/**
 * Values live in insertion order, and their lifetimes end in nearly that order (they differ by
 * the clients' clock skew), so a sweep removes expired values from the front and stops at the
 * first live one; one that expired behind it is treated as expired, and removed a little later.
 * When the store is full of live values it turns new
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
      if ((expiries.get(key) ?? 0) > at) return false;
      expiries.delete(key);
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

// One statement shape for any batch size (arrays, not a VALUES list), so that it is prepared once.
// An expired row may be reused; a live one is a replay and stays as it is.
const CLAIM_BATCH = `
  insert into request_nonces (client_id, random, expires_at)
  select * from unnest($1::text[], $2::text[], $3::timestamptz[])
  on conflict (client_id, random) do update set expires_at = excluded.expires_at
    where request_nonces.expires_at < now()
  returning client_id, random`;
const SWEEP = 'delete from request_nonces where expires_at < now()';

type Run = <Row>(name: string, text: string, values: unknown[]) => Promise<Row[]>;

/**
 * Claims are written in batches, one INSERT at a time: those that arrive while a batch is on the
 * wire go together in the next, so a burst of signed requests costs a few round trips, not one
 * each (group commit). `claim` runs the INSERT, `sweep` the occasional DELETE of expired values.
 */
export function databaseNonceStore({ claim: run, sweep }: { claim: Run; sweep: Run }): NonceStore {
  let pending: PendingClaim[] = [];
  let busy = false;
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
        await sweep('nonces_sweep', SWEEP, []);
      }
      const unique = [...first.values()];
      const rows = await run<{ client_id: string; random: string }>('nonces_claim', CLAIM_BATCH, [
        unique.map((c) => c.clientId), unique.map((c) => c.random), unique.map((c) => c.expiresAt.toISOString()),
      ]);
      const taken = new Set(rows.map((row) => `${row.client_id}\n${row.random}`));
      for (const [key, claim] of first) claim.settle(taken.has(key));
      for (const claim of replays) claim.settle(false);
    } catch (error) {
      for (const claim of batch) claim.settle(error as Error);
    }
  };
  // Sends what is pending unless a batch is on the wire, whose end sends the next.
  const pump = () => {
    if (busy || pending.length === 0) return;
    const batch = pending;
    pending = [];
    busy = true;
    void flush(batch).finally(() => {
      busy = false;
      pump();
    });
  };
  return {
    claim(clientId, random, ttlSeconds) {
      return new Promise<boolean>((resolve, reject) => {
        // The first claim of a turn sends after the turn, with every claim the turn brings.
        if (pending.length === 0 && !busy) setImmediate(pump);
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
