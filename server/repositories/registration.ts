// New end-user accounts and password resets. New end users join the platform's public office,
// office '1', the installer-linked office of 001 section 6.
import { eq, or, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { roles, users } from '../db/schema/index.ts';
import { fieldError } from '../errors.ts';
import { isUniqueViolation } from './paging.ts';
import { accountSubject, clearFailures } from './login-failures.ts';
import { currentLegalVersions } from './legal.ts';

export const PUBLIC_OFFICE_ID = '1';
const END_USER_ROLE = 'EndUser';

export interface NewEndUser {
  loginName: string;
  nickname: string;
  phone?: string | undefined;
  email?: string | undefined;
  passwordHash: string;
  countryCode: string;
  timeZone: string | undefined;
  lang: string;
  /** False for an account someone else opened (a shared plant's visitor): nobody accepted the terms yet. */
  acceptedTerms?: boolean;
}

/**
 * Inserts the account, or answers 10003 naming `field` (the form's phone or e-mail) when its
 * phone, e-mail or login name is taken; the unique indexes settle races between two registrations.
 */
export async function createEndUser(db: Db, user: NewEndUser, field: 'phone' | 'email'): Promise<{ userId: string; loginName: string }> {
  const taken = () => fieldError(field, 'unique', { value: field === 'phone' ? user.phone ?? '' : user.email ?? '' });
  const [clash] = await db.select({ id: users.id }).from(users).where(or(
    eq(sql`lower(${users.loginName})`, user.loginName.toLowerCase()),
    user.phone ? eq(users.phone, user.phone) : undefined,
    user.email ? eq(sql`lower(${users.email})`, user.email.toLowerCase()) : undefined,
  )).limit(1);
  if (clash) throw taken();
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.roleKey, END_USER_ROLE));
  // Registration requires agreeProtocol=1: the versions in force now are the ones accepted.
  const accepted = user.acceptedTerms === false ? {} : { ...(await currentLegalVersions(db)), agreedAt: sql`now()` };
  const userId = randomUUID();
  try {
    await db.insert(users).values({
      id: userId, loginName: user.loginName, nickname: user.nickname, phone: user.phone ?? null, email: user.email ?? null,
      passwordHash: user.passwordHash, roleId: role!.id, officeId: PUBLIC_OFFICE_ID, lang: user.lang,
      countryCode: user.countryCode, timeZone: user.timeZone ?? null,
      ...accepted,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
  return { userId, loginName: user.loginName };
}

/** A new password also lifts a lock from wrong passwords: the code proved who is asking. */
export async function setPassword(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, passwordChangedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(users.id, userId));
  await clearFailures(db, accountSubject(userId));
}
