// Verification codes in the database: issuing them under the resend and hourly limits, checking
// them (every wrong guess counted, even by concurrent requests), and consuming them together with
// the change they authorise.
import { and, count, desc, eq, gt, isNull, lt, min, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users, verificationCodes } from '../db/schema/index.ts';
import { AppError, ErrCode, fieldError } from '../errors.ts';
import {
  CODES_PER_IP_PER_HOUR, CODES_PER_TARGET_PER_HOUR, CODE_TTL_S, MAX_CODE_ATTEMPTS, RATE_WINDOW_S,
  channelCarries, hashCode, needsFreeTarget, newCode, resendWait, sameHash, windowRetryAfter,
  type Channel, type CodePurpose,
} from '../domain/codes/codes.ts';
import { codeMessage } from '../domain/codes/message.ts';
import type { Sender } from '../services/sender.ts';

export interface IssueCodeInput {
  purpose: CodePurpose;
  /** Normalised phone (normalisePhone) or e-mail address (normaliseEmail). */
  target: string;
  channel: Channel;
  ip: string;
  lang: string;
  /** Asked for by the mobile app's screens: the text names the app. */
  app?: boolean;
}

export interface CodeInput {
  purpose: CodePurpose;
  /** Normalised as when the code was issued. */
  target: string;
  code: string;
}

/**
 * How long codes are kept after they expire: beyond the hourly limits, a day to look back on.
 * Counted from expiry, not issue, so that a long-lived code (a shared plant's set-password notice,
 * valid 72 hours) is not swept while it is still valid.
 */
const KEEP_CODES = sql`interval '1 day'`;

const fieldOf = (channel: Channel) => (channel === 'sms' ? 'phone' : 'email');

/** The account a phone number or e-mail address belongs to, cancelled accounts included. */
export async function findUserByTarget(db: Db, channel: Channel, target: string) {
  const [user] = await db.select().from(users)
    .where(channel === 'sms' ? eq(users.phone, target) : eq(sql`lower(${users.email})`, target))
    .limit(1);
  return user;
}

/** Queries one after the other: they share the transaction's connection. */
async function sendLimits(tx: Db, input: IssueCodeInput) {
  const since = sql`now() - make_interval(secs => ${RATE_WINDOW_S})`;
  const window = (where: SQL) => tx.select({ n: count(), oldest: min(verificationCodes.createdAt), now: sql<string>`now()` })
    .from(verificationCodes).where(and(where, gt(verificationCodes.createdAt, since)));
  const [last] = await tx.select({ createdAt: verificationCodes.createdAt, now: sql<string>`now()` }).from(verificationCodes)
    .where(and(eq(verificationCodes.target, input.target), eq(verificationCodes.purpose, input.purpose)))
    .orderBy(desc(verificationCodes.id)).limit(1);
  const [byTarget] = await window(eq(verificationCodes.target, input.target));
  const [byIp] = await window(eq(verificationCodes.ip, input.ip));
  return { last, byTarget: byTarget!, byIp: byIp! };
}

/**
 * Issues a code and hands it to the sender. Answers null when sent, or the seconds to wait when
 * the last code for this target and purpose is under a minute old. Targets that must belong to an
 * account (login, resetPwd, cancel) get the same answer when they do not, but no message, so that
 * nobody learns who is registered; targets that must be free answer 10003 naming the field.
 */
export async function issueCode(db: Db, sender: Sender, input: IssueCodeInput): Promise<number | null> {
  if (!channelCarries(input.channel, input.purpose)) throw fieldError('type', 'invalid');
  const owner = await findUserByTarget(db, input.channel, input.target);
  if (needsFreeTarget(input.purpose) && owner) throw fieldError(fieldOf(input.channel), 'unique', { value: input.target });
  const deliver = needsFreeTarget(input.purpose) || (owner !== undefined && owner.status !== 'cancelled');

  const code = newCode();
  const issued = await db.transaction(async (tx) => {
    // One issuer per target at a time, so that two concurrent requests cannot both pass the limits.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`code:${input.target}`}))`);
    const { last, byTarget, byIp } = await sendLimits(tx as unknown as Db, input);
    if (last) {
      const wait = resendWait(last.createdAt, new Date(last.now));
      if (wait) return { wait };
    }
    for (const [window, cap] of [[byTarget, CODES_PER_TARGET_PER_HOUR], [byIp, CODES_PER_IP_PER_HOUR]] as const) {
      if (window.n >= cap && window.oldest) {
        throw new AppError(ErrCode.tooMany, 'error.tooMany', { retryAfter: windowRetryAfter(new Date(window.oldest), new Date(window.now)) });
      }
    }
    await tx.delete(verificationCodes).where(lt(verificationCodes.expiresAt, sql`now() - ${KEEP_CODES}`));
    const [row] = await tx.insert(verificationCodes).values({
      purpose: input.purpose, target: input.target, ip: input.ip, codeHash: hashCode(input.purpose, input.target, code),
      expiresAt: sql`now() + make_interval(secs => ${CODE_TTL_S})`,
    }).returning({ id: verificationCodes.id });
    return { id: row!.id, wait: null };
  });
  if (issued.wait !== null) return issued.wait;
  if (!deliver) return null;

  const text = codeMessage({ channel: input.channel, purpose: input.purpose, code, lang: input.lang, app: input.app });
  try {
    await sender.send({ channel: input.channel, target: input.target, purpose: input.purpose, ...text });
  } catch {
    // A code nobody received must not hold back the next attempt for a minute.
    await db.delete(verificationCodes).where(eq(verificationCodes.id, issued.id));
    throw new AppError(ErrCode.fault, 'codes.sendFailed');
  }
  return null;
}

const expired = () => fieldError('code', 'codeExpired');

/** The newest code for the target and purpose: a newer code replaces the older ones. */
const newest = (input: CodeInput) => sql`(select ${verificationCodes.id} from ${verificationCodes}
  where ${verificationCodes.target} = ${input.target} and ${verificationCodes.purpose} = ${input.purpose}
  order by ${verificationCodes.id} desc limit 1)`;

const usable = and(isNull(verificationCodes.consumedAt), gt(verificationCodes.expiresAt, sql`now()`), lt(verificationCodes.attempts, MAX_CODE_ATTEMPTS));

/**
 * Checks a code without consuming it; answers the code's row id. A wrong code answers 10003
 * naming `code` (rule codeWrong) and uses one of its attempts; the fifth kills it. Any other
 * failure (none, used, expired, dead) is rule codeExpired. Call it outside a transaction: a wrong
 * guess must stay counted when the caller's work is rolled back.
 */
export async function verifyCode(db: Db, input: CodeInput): Promise<number> {
  // An attempt is taken before comparing, atomically, so that parallel guesses cannot exceed the limit.
  const [row] = await db.update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.id, newest(input)), usable))
    .returning({ id: verificationCodes.id, codeHash: verificationCodes.codeHash, attempts: verificationCodes.attempts });
  if (!row) throw expired();
  if (!sameHash(row.codeHash, hashCode(input.purpose, input.target, input.code))) {
    throw fieldError('code', 'codeWrong', { left: MAX_CODE_ATTEMPTS - row.attempts });
  }
  // The right code costs no attempt.
  await db.update(verificationCodes).set({ attempts: sql`${verificationCodes.attempts} - 1` }).where(eq(verificationCodes.id, row.id));
  return row.id;
}

/**
 * Checks the code, then runs `work` in a transaction that also marks the code used: the change
 * and the consumption commit together or not at all (a failed change leaves the code usable).
 */
export async function withCode<T>(db: Db, input: CodeInput, work: (tx: Db) => Promise<T>): Promise<T> {
  const id = await verifyCode(db, input);
  return db.transaction(async (tx) => {
    const [used] = await tx.update(verificationCodes).set({ consumedAt: sql`now()` })
      .where(and(eq(verificationCodes.id, id), usable)).returning({ id: verificationCodes.id });
    if (!used) throw expired();
    return work(tx as unknown as Db);
  });
}

/** Checks and uses up a code on its own (errors as verifyCode). Not inside a transaction: see withCode. */
export async function consumeCode(db: Db, input: CodeInput): Promise<void> {
  await withCode(db, input, async () => undefined);
}

