// The password rules of the issue "Passwords": 8 to 64 characters, not one of the most common
// passwords, not the login name. Callers turn a violation into a field error with passwordFieldError.
import { readFileSync } from 'node:fs';
import { fieldError, type AppError } from '../../errors.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../src/lib/validators.ts';

/** The same limits the web forms check (src/lib/validators.ts). */
export const PASSWORD_MIN_LENGTH = PASSWORD_MIN;
export const PASSWORD_MAX_LENGTH = PASSWORD_MAX;

export type PasswordViolation = 'minLength' | 'maxLength' | 'common' | 'sameAsLogin';

/** Lower-cased; read once, when the module loads. */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n').map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#')),
);

/** The first rule `password` breaks, or null when it is acceptable. Lengths count characters, not bytes. */
export function checkPassword(password: string, options: { loginName?: string | undefined } = {}): PasswordViolation | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'minLength';
  if (length > PASSWORD_MAX_LENGTH) return 'maxLength';
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return 'common';
  if (options.loginName && lower === options.loginName.trim().toLowerCase()) return 'sameAsLogin';
  return null;
}

/** The 10003 naming `field` for a violation, with the message key `rule.password.<violation>`. */
export function passwordFieldError(field: string, violation: PasswordViolation): AppError {
  const limit = violation === 'minLength' ? PASSWORD_MIN_LENGTH : PASSWORD_MAX_LENGTH;
  return fieldError(field, `password.${violation}`, { limit });
}

/** Throws the field error of the first rule `password` breaks. */
export function assertPassword(field: string, password: string, options: { loginName?: string | undefined } = {}): void {
  const violation = checkPassword(password, options);
  if (violation) throw passwordFieldError(field, violation);
}
