// Verification codes and captchas as rules without a database: what a code is, how it is stored,
// which purposes each channel carries, and the resend and hourly limits (issue 3 "Codes").
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_RESEND_S, withoutMainlandPrefix } from '../../../src/lib/validators.ts';

export const CODE_LENGTH = 6;
export const CODE_TTL_S = 5 * 60;
/** Wrong checks a code survives; the fifth wrong one kills it. */
export const MAX_CODE_ATTEMPTS = 5;
/** Seconds before a new code may be sent to the same target (shared with the web's countdown). */
export const RESEND_AFTER_S = CODE_RESEND_S;
export const RATE_WINDOW_S = 3600;
export const CODES_PER_TARGET_PER_HOUR = 10;
export const CODES_PER_IP_PER_HOUR = 30;
export const CAPTCHA_TTL_S = 2 * 60;

export const CODE_PURPOSES = ['register', 'login', 'resetPwd', 'modifyPhone', 'modifyEmail', 'cancel'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];
export type Channel = 'sms' | 'email';

export const newCode = (): string => String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The stored form of a code. Purpose and target are mixed in so that one hash cannot stand for
 * the same digits sent to someone else or for another purpose.
 */
export const hashCode = (purpose: string, target: string, code: string): string => sha256(`code\n${purpose}\n${target}\n${code}`);

export const hashCaptchaAnswer = (captchaId: string, answer: string): string => sha256(`captcha\n${captchaId}\n${answer.trim().toLowerCase()}`);

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Mainland numbers are stored without their +86 / 0086 prefix, as accounts hold them. */
export const normalisePhone = (phone: string): string => withoutMainlandPrefix(phone);
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/** A phone number or an e-mail address typed into one field (code login, forgotten password). */
export function parseTarget(raw: string): { channel: Channel; target: string } {
  return raw.includes('@') ? { channel: 'email', target: normaliseEmail(raw) } : { channel: 'sms', target: normalisePhone(raw) };
}

/** A phone change is confirmed on the new phone, an e-mail change on the new address. */
export function channelCarries(channel: Channel, purpose: CodePurpose): boolean {
  if (purpose === 'modifyEmail') return channel === 'email';
  if (purpose === 'modifyPhone') return channel === 'sms';
  return true;
}

/**
 * Whom a code may go to: a new account's or a changed contact's target must be free; the
 * others must belong to an account, which the caller is never told (see shouldDeliver).
 */
export const needsFreeTarget = (purpose: CodePurpose): boolean => purpose === 'register' || purpose === 'modifyPhone' || purpose === 'modifyEmail';

/** Seconds before another code for the same target and purpose may be sent, or null when it may now. */
export function resendWait(lastSentAt: Date | undefined, now: Date): number | null {
  if (!lastSentAt) return null;
  const left = Math.ceil((lastSentAt.getTime() + RESEND_AFTER_S * 1000 - now.getTime()) / 1000);
  return left > 0 ? Math.min(left, RESEND_AFTER_S) : null;
}

/** Seconds until the oldest send inside the hourly window leaves it (Retry-After of a 10006). */
export function windowRetryAfter(oldestInWindow: Date, now: Date): number {
  return Math.max(1, Math.ceil((oldestInWindow.getTime() + RATE_WINDOW_S * 1000 - now.getTime()) / 1000));
}
