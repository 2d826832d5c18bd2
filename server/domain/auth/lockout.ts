// Wrong passwords as rules without a database (issue 3 "Passwords"). Failures are counted per
// subject (an account, or a typed name that matches none) twice: per source address, and over all
// addresses. A few failures from one address shut only that address out, so that nobody can lock
// someone else's account from their own machine; many failures from anywhere first ask for a
// captcha and then lock the account, because a spread-out guess is still a guess.
import { normalizeIP } from '@fastify/rate-limit';
import { translate } from '../../i18n/messages.ts';

/** Failures from one address that shut that address out of the subject. */
export const MAX_FAILURES_PER_ADDRESS = 5;
/** Failures from all addresses together after which every login of the subject needs a captcha. */
export const CAPTCHA_AFTER_FAILURES = 20;
/** Failures from all addresses together that lock the subject for everyone. */
export const ACCOUNT_LOCK_AFTER_FAILURES = 100;
/** A count covers the failures of this many minutes from its first one. */
export const FAILURE_WINDOW_MINUTES = 15;
/** How long either lock lasts, from the failure that set it. */
export const LOCK_MINUTES = 15;
/** The `source` of the count over all addresses. */
export const ALL_ADDRESSES = '*';

/**
 * The address failures are counted under: the client IP (request.ip, which honours TRUST_PROXY),
 * IPv6 by its /64 like the rate limit, because one client usually holds the whole /64.
 */
export const sourceAddress = (ip: string): string => normalizeIP(ip);

export interface FailureCount {
  failures: number;
  windowStartedAt: Date;
  lockedUntil: Date | null;
}

export const isLocked = (count: FailureCount | undefined, now: Date): boolean => Boolean(count?.lockedUntil && count.lockedUntil > now);

/** A count whose window has passed and which holds no lock counts nothing any more. */
export function isCurrent(count: FailureCount | undefined, now: Date): count is FailureCount {
  if (!count) return false;
  return isLocked(count, now) || count.windowStartedAt.getTime() + FAILURE_WINDOW_MINUTES * 60_000 > now.getTime();
}

/** What a login of this subject from this address must get past before its password is checked. */
export type LoginGate = 'open' | 'captcha' | 'locked';

export function loginGate(counts: { address?: FailureCount | undefined; all?: FailureCount | undefined }, now: Date): LoginGate {
  if (isLocked(counts.all, now) || isLocked(counts.address, now)) return 'locked';
  if (isCurrent(counts.all, now) && counts.all.failures >= CAPTCHA_AFTER_FAILURES) return 'captcha';
  return 'open';
}

/** The failure just counted over all addresses set the account lock: the owner is told once. */
export const justLockedAccount = (failuresOverAllAddresses: number): boolean => failuresOverAllAddresses === ACCOUNT_LOCK_AFTER_FAILURES;

/** The e-mail that tells an account's owner that password login is paused, in their language. */
export function lockoutNotice(input: { lang: string; nickname: string; loginName: string }): { subject: string; body: string } {
  const params = {
    platform: translate(input.lang, 'codes.platform.web'), nickname: input.nickname, loginName: input.loginName,
    failures: ACCOUNT_LOCK_AFTER_FAILURES, window: FAILURE_WINDOW_MINUTES, minutes: LOCK_MINUTES,
  };
  return { subject: translate(input.lang, 'lockout.subject', params), body: translate(input.lang, 'lockout.body', params) };
}
