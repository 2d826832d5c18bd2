// The person a plant is shared with: found among existing accounts (getShareTarget), or given a
// new account (addPlantVisitorAndCreateUser) that gets its password through a mailed notice.
//
// What a lookup reveals: exact matches only, for someone who manages the plant being shared. An
// e-mail address or phone number is matched among all accounts, since registration already tells
// anyone whether one is taken; a login name, which nothing public reveals, only among the accounts
// the caller sees anyway. The answer masks the account, and names the person only when the caller
// sees the account anyway.
import { and, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { roles, users, verificationCodes } from '../db/schema/index.ts';
import { isCountryCode } from '../../src/lib/value-formats.ts';
import { hashCode, newCode, normaliseEmail, normalisePhone, resendWait } from '../domain/codes/codes.ts';
import { loginNameForEmail, nicknameForEmail } from '../domain/registration/login-name.ts';
import { mainTimeZone } from '../domain/registration/time-zones.ts';
import { accountKind, maskAccount, parsePermissions, type AccountKind } from '../domain/plants/share-permissions.ts';
import { AppError, ErrCode, fieldError } from '../errors.ts';
import { translate } from '../i18n/messages.ts';
import type { AuthContext } from '../plugins/auth.ts';
import type { Sender } from '../services/sender.ts';
import { createEndUser } from './registration.ts';
import { assertPlantManaged, userScope } from './scope.ts';
import { insertShare, visitorAccount, type ShareInput, type VisitorDto } from './shares.ts';
import { VISITOR_ROLE } from './visitor.ts';

/**
 * The password hash of an account a sharer opened, until its visitor sets a password: no
 * password verifies against it (it is no argon2 hash), and it marks the account as still invited.
 */
export const INVITED_PASSWORD_HASH = '!invited-by-share';

/** How long the set-password code of a notice stays valid. */
export const NOTICE_CODE_TTL_H = 72;

export async function findShareTarget(db: Db, auth: AuthContext, input: { plantUid: string; account: string }) {
  await assertPlantManaged(db, auth, input.plantUid);
  const typed = input.account.trim();
  const email = normaliseEmail(typed);
  const phone = normalisePhone(typed);
  const by = accountKind(typed);
  const visitorRole = sql<boolean>`${roles.roleKey} = ${VISITOR_ROLE}`;
  const [match] = await db.select({
    id: users.id, nickname: users.nickname, email: users.email, phone: users.phone, loginName: users.loginName,
    seen: sql<boolean>`${userScope(auth)}`, readOnly: visitorRole,
  })
    .from(users).innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(
      ne(users.status, 'cancelled'),
      // The read-only demo account is found by its address or number only, so that the page knows
      // the address is taken (and offers no new account for it) without sharing with it.
      or(eq(sql`lower(${users.email})`, email), eq(users.phone, phone), and(eq(sql`lower(${users.loginName})`, typed.toLowerCase()), userScope(auth), sql`not ${visitorRole}`)),
    ))
    // An address or a number, which identify one person, before a login name.
    .orderBy(sql`lower(${users.loginName}) = ${typed.toLowerCase()}`)
    .limit(1);
  if (!match) return { exist: 0 as const, by };
  if (match.id === auth.userId) throw fieldError('account', 'shareSelf');
  const matchedBy: AccountKind = match.email?.toLowerCase() === email ? 'email' : match.phone === phone ? 'phone' : 'loginName';
  const account = maskAccount(matchedBy === 'email' ? match.email! : matchedBy === 'phone' ? match.phone! : match.loginName);
  if (match.readOnly) return { exist: 1 as const, by: matchedBy, account, shareable: 0 as const };
  return { exist: 1 as const, by: matchedBy, userId: match.id, account, shareable: 1 as const, ...(match.seen ? { nickname: match.nickname } : {}) };
}

export interface NewVisitorInput extends ShareInput {
  email: string;
  nickname?: string | undefined;
  countryCode?: string | undefined;
}

/**
 * Opens an end-user account for the e-mail address (10003 naming email when it has one) and
 * shares the plant with it, together. The account has no password and nobody has accepted the
 * terms for it yet; its language is the sharer's request's.
 */
export async function createVisitorAccount(db: Db, auth: AuthContext, input: NewVisitorInput, lang: string): Promise<VisitorDto> {
  const email = normaliseEmail(input.email);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const plant = await assertPlantManaged(t, auth, input.plantUid);
    const permissions = parsePermissions(input.permissions);
    const countryCode = input.countryCode ?? (await defaultCountry(t, auth, plant.countryCode));
    if (!countryCode) throw fieldError('countryCode', 'required');
    const { userId } = await createEndUser(t, {
      loginName: loginNameForEmail(email), nickname: input.nickname ?? nicknameForEmail(input.email.trim()), email,
      passwordHash: INVITED_PASSWORD_HASH, countryCode, timeZone: mainTimeZone(countryCode), lang, acceptedTerms: false,
    }, 'email');
    return insertShare(t, auth, plant.plantUid, userId, permissions, input.remark, 'email');
  });
}

/** The plant's country when it has one, else the sharer's. */
async function defaultCountry(db: Db, auth: AuthContext, plantCountry: string | null): Promise<string | undefined> {
  if (plantCountry && isCountryCode(plantCountry)) return plantCountry;
  const [me] = await db.select({ countryCode: users.countryCode }).from(users).where(eq(users.id, auth.userId));
  return me?.countryCode ?? undefined;
}

/**
 * Mails the visitor of record `id` (an account a sharer opened, still without a password) a code
 * for resetPwd valid NOTICE_CODE_TTL_H hours and a link to the page that takes it. A newer code
 * replaces it (codes.ts takes the newest); one notice a minute per visitor.
 */
export async function sendVisitorNotice(db: Db, sender: Sender, auth: AuthContext, id: number, baseUrl: string): Promise<void> {
  const { record, account } = await visitorAccount(db, auth, id);
  if (account.passwordHash !== INVITED_PASSWORD_HASH || !account.email || account.status !== 'active') throw fieldError('id', 'noPendingInvite');
  const target = normaliseEmail(account.email);
  const code = newCode();
  const codeId = await db.transaction(async (tx) => {
    // The same lock as every other code for this address (codes.ts), so the minute holds across them.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`code:${target}`}))`);
    const [last] = await tx.select({ createdAt: verificationCodes.createdAt, now: sql<string>`now()` }).from(verificationCodes)
      .where(and(eq(verificationCodes.target, target), eq(verificationCodes.purpose, 'resetPwd'))).orderBy(desc(verificationCodes.id)).limit(1);
    const wait = last ? resendWait(last.createdAt, new Date(last.now)) : null;
    if (wait) throw new AppError(ErrCode.tooMany, 'error.tooMany', { retryAfter: wait });
    const [row] = await tx.insert(verificationCodes).values({
      purpose: 'resetPwd', target, codeHash: hashCode('resetPwd', target, code),
      expiresAt: sql`now() + make_interval(hours => ${NOTICE_CODE_TTL_H})`,
    }).returning({ id: verificationCodes.id });
    return row!.id;
  });
  const lang = account.lang;
  const platform = translate(lang, 'codes.platform.web');
  const params = {
    platform, sharer: auth.nickname, plant: record.plantName, nickname: account.nickname, login: account.loginName,
    hours: NOTICE_CODE_TTL_H, code, link: `${baseUrl}/forgetPsd?target=${encodeURIComponent(target)}`,
  };
  try {
    await sender.send({ channel: 'email', target, purpose: 'plantShare', subject: translate(lang, 'sharing.notice.subject', params), body: translate(lang, 'sharing.notice.body', params) });
  } catch {
    // A code nobody received must not hold back the next notice for a minute.
    await db.delete(verificationCodes).where(eq(verificationCodes.id, codeId));
    throw new AppError(ErrCode.fault, 'codes.sendFailed');
  }
}
