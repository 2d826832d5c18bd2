// Points expiry on a schedule: every hour (and once at start), each user whose lots have passed
// their expiry gets one expiry entry for what remained of them, user by user in transactions of
// their own, so that one user's failure leaves the others' expiry done. Several processes may run
// it: the balance row's lock serialises them per user, and a second pass finds nothing due.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { expireDueLots, rowsOf } from './points-ledger.ts';

export const EXPIRY_INTERVAL_MS = 3600 * 1000;
/** Users handled per pass: a backlog is worked off over the following passes. */
const USERS_PER_PASS = 1000;

/** Expires every lot due by `at`; answers how many users and points expired. */
export async function expirePoints(db: Db, at = new Date()): Promise<{ users: number; points: number }> {
  const due = await rowsOf<{ user_id: string }>(db.execute(sql`select distinct user_id from point_lots
    where remaining > 0 and expires_at <= ${at.toISOString()}::timestamptz limit ${USERS_PER_PASS}`));
  let points = 0;
  for (const { user_id } of due) points += await db.transaction((tx) => expireDueLots(tx, user_id, at));
  return { users: due.length, points };
}

export function startPointsExpiry(db: Db, log: FastifyBaseLogger, intervalMs = EXPIRY_INTERVAL_MS): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = running.then(() => expirePoints(db)).then(({ users, points }) => {
      if (points) log.info({ users, points }, 'points: expired');
    }, (error: Error) => log.warn({ err: error }, 'points: expiry failed'));
  };
  run();
  const timer = setInterval(run, intervalMs).unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
