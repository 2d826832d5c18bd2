// Lockout after wrong passwords (issue 3 "Passwords"): the fifth failure in a row locks the
// subject for LOCK_MINUTES. Subjects are accounts, or typed names that match no account, so the
// answers never tell whether an account exists.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loginFailures } from '../db/schema/index.ts';
import { LOCK_MINUTES, MAX_FAILED_LOGINS } from '../domain/auth/passwords.ts';

export const accountSubject = (userId: string) => `user:${userId}`;
export const nameSubject = (typed: string) => `name:${typed.trim().toLowerCase()}`;

export async function isLocked(db: Db, subject: string): Promise<boolean> {
  const [row] = await db.select({ lockedUntil: loginFailures.lockedUntil }).from(loginFailures).where(eq(loginFailures.subject, subject));
  return Boolean(row?.lockedUntil && row.lockedUntil > new Date());
}

/** Counts a failure; after a lock has run out the count starts again. */
export async function recordFailure(db: Db, subject: string): Promise<void> {
  const expired = sql`(${loginFailures.lockedUntil} is not null and ${loginFailures.lockedUntil} <= now())`;
  const count = sql`case when ${expired} then 1 else ${loginFailures.failures} + 1 end`;
  await db.insert(loginFailures).values({ subject, failures: 1 })
    .onConflictDoUpdate({
      target: loginFailures.subject,
      set: {
        failures: count,
        lockedUntil: sql`case when ${count} >= ${MAX_FAILED_LOGINS} then now() + make_interval(mins => ${LOCK_MINUTES}) when ${expired} then null else ${loginFailures.lockedUntil} end`,
        updatedAt: sql`now()`,
      },
    });
}

export async function clearFailures(db: Db, subject: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.subject, subject));
}
