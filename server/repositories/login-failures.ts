// Wrong passwords in the database (rules in server/domain/auth/lockout.ts). Subjects are accounts,
// or typed names that match no account, so the answers never tell whether an account exists.
// Every subject has a row per source address and a row over all addresses (source `*`).
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loginFailures } from '../db/schema/index.ts';
import {
  ALL_ADDRESSES, FAILURE_WINDOW_MINUTES, LOCK_MINUTES, MAX_FAILURES_PER_ADDRESS, ACCOUNT_LOCK_AFTER_FAILURES,
  loginGate, type LoginGate,
} from '../domain/auth/lockout.ts';

export const accountSubject = (userId: string) => `user:${userId}`;
export const nameSubject = (typed: string) => `name:${typed.trim().toLowerCase()}`;

/** Rows unused for this long are gone: their windows and locks ended long before. */
const KEEP_ROWS = sql`interval '1 day'`;

/** What a login of `subject` from `source` must get past, judged by the database's clock. */
export async function failureGate(db: Db, subject: string, source: string): Promise<LoginGate> {
  const rows = await db.select({
    source: loginFailures.source, failures: loginFailures.failures, windowStartedAt: loginFailures.windowStartedAt,
    lockedUntil: loginFailures.lockedUntil, now: sql<string>`now()`,
  }).from(loginFailures).where(and(eq(loginFailures.subject, subject), inArray(loginFailures.source, [source, ALL_ADDRESSES])));
  const now = rows[0] ? new Date(rows[0].now) : new Date();
  return loginGate({ address: rows.find((r) => r.source === source), all: rows.find((r) => r.source === ALL_ADDRESSES) }, now);
}

/**
 * Counts a failure from `source` and over all addresses, in one statement: each row is updated
 * under its row lock, so concurrent failures all count and exactly one of them reaches a limit
 * (always the address row first, then `*`, so that two of them cannot deadlock).
 * A row whose window has passed (and holds no lock) starts again at 1. Answers the new count over
 * all addresses.
 */
export async function recordFailure(db: Db, subject: string, source: string): Promise<number> {
  const t = loginFailures;
  const startsAgain = sql`(${t.windowStartedAt} <= now() - make_interval(mins => ${FAILURE_WINDOW_MINUTES})
    and (${t.lockedUntil} is null or ${t.lockedUntil} <= now()))`;
  const count = sql`(case when ${startsAgain} then 1 else ${t.failures} + 1 end)`;
  const limit = sql`(case when ${t.source} = ${ALL_ADDRESSES} then ${ACCOUNT_LOCK_AFTER_FAILURES}::int else ${MAX_FAILURES_PER_ADDRESS}::int end)`;
  const lockedUntil = sql`case
    when ${count} >= ${limit} then coalesce(case when ${t.lockedUntil} > now() then ${t.lockedUntil} end, now() + make_interval(mins => ${LOCK_MINUTES}))
    when ${startsAgain} then null
    else ${t.lockedUntil} end`;
  const rows = await db.insert(t)
    .values([{ subject, source, failures: 1 }, { subject, source: ALL_ADDRESSES, failures: 1 }])
    .onConflictDoUpdate({
      target: [t.subject, t.source],
      // lockedUntil and windowStartedAt read the row before this update, as `count` does.
      set: { failures: count, windowStartedAt: sql`case when ${startsAgain} then now() else ${t.windowStartedAt} end`, lockedUntil, updatedAt: sql`now()` },
    })
    .returning({ source: t.source, failures: t.failures });
  await db.delete(t).where(lt(t.updatedAt, sql`now() - ${KEEP_ROWS}`));
  return rows.find((r) => r.source === ALL_ADDRESSES)!.failures;
}

/**
 * A successful login forgets the failures of its own address only. The count over all addresses
 * runs out with its window instead: it measures guessing from everywhere else, which one right
 * password does not stop, and if the owner's logins reset it, an attacker who paces the guesses
 * between them would never meet the captcha or the lock, nor would the owner be told.
 */
export async function clearAddressFailures(db: Db, subject: string, source: string): Promise<void> {
  await db.delete(loginFailures).where(and(eq(loginFailures.subject, subject), eq(loginFailures.source, source)));
}

/** A new password set through a code forgets every count of the account: the old guesses are moot. */
export async function clearFailures(db: Db, subject: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.subject, subject));
}
