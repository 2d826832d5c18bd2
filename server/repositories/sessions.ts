// Sessions and their tokens (PROTOCOL.md "Tokens and sessions"): issue, resolve, rotate, revoke.
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { offices, roles, sessions, sessionTokens, users } from '../db/schema/index.ts';
import { authUserColumns, type AuthUser } from './users.ts';
import { AppError, ErrCode } from '../errors.ts';
import { ACCESS_TTL_S, REFRESH_TTL_S, REMEMBER_REFRESH_TTL_S, SESSION_ABSOLUTE_TTL_S, hashToken, newToken } from '../domain/auth/tokens.ts';

export interface Tokens {
  token: string;
  refreshToken: string;
  expiresIn: number;
}

export type RevokeReason = 'logout' | 'reuse' | 'password' | 'admin' | 'cancel';

const inSeconds = (s: number) => new Date(Date.now() + s * 1000);

/** Access tokens live ACCESS_TTL_S unless the setting ACCESS_TOKEN_TTL_S (config.accessTokenTtlS) says otherwise. */
export interface TokenOptions {
  accessTtlS?: number;
}

async function issueTokens(db: Db, sessionId: string, rememberMe: boolean, absoluteExpiresAt: Date, options: TokenOptions): Promise<Tokens> {
  const token = newToken();
  const refreshToken = newToken();
  const accessTtlS = options.accessTtlS ?? ACCESS_TTL_S;
  const cap = (d: Date) => (d > absoluteExpiresAt ? absoluteExpiresAt : d);
  await db.insert(sessionTokens).values([
    { hash: hashToken(token), sessionId, kind: 'access', expiresAt: cap(inSeconds(accessTtlS)) },
    { hash: hashToken(refreshToken), sessionId, kind: 'refresh', expiresAt: cap(inSeconds(rememberMe ? REMEMBER_REFRESH_TTL_S : REFRESH_TTL_S)) },
  ]);
  return { token, refreshToken, expiresIn: accessTtlS };
}

export async function createSession(db: Db, userId: string, options: { rememberMe: boolean; visitor?: boolean } & TokenOptions): Promise<Tokens> {
  const id = randomUUID();
  const absoluteExpiresAt = inSeconds(SESSION_ABSOLUTE_TTL_S);
  return db.transaction(async (tx) => {
    await tx.insert(sessions).values({ id, userId, rememberMe: options.rememberMe, visitor: options.visitor ?? false, absoluteExpiresAt });
    return issueTokens(tx as unknown as Db, id, options.rememberMe, absoluteExpiresAt, options);
  });
}

function revokedError(reason: string | null): AppError {
  return reason === 'logout'
    ? new AppError(ErrCode.loggedOut, 'error.loggedOut')
    : new AppError(ErrCode.notLoggedIn, 'error.notLoggedIn');
}

/**
 * The live session of an access token, or the catalogue's error for it. A user locked by an
 * administrator or cancelled loses every session at once (10002), even one whose revocation
 * was missed.
 */
export async function resolveAccessToken(db: Db, token: string): Promise<{ auth: AuthUser & { sessionId: string; visitor: boolean }; validUntil: Date }> {
  const [row] = await db
    .select({ ...authUserColumns, sessionId: sessions.id, visitor: sessions.visitor, revokedAt: sessions.revokedAt, revokeReason: sessions.revokeReason,
      absoluteExpiresAt: sessions.absoluteExpiresAt, kind: sessionTokens.kind, expiresAt: sessionTokens.expiresAt, rotatedAt: sessionTokens.rotatedAt,
      userStatus: users.status })
    .from(sessionTokens)
    .innerJoin(sessions, eq(sessions.id, sessionTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .innerJoin(offices, eq(offices.id, users.officeId))
    .where(eq(sessionTokens.hash, hashToken(token)));
  if (!row || row.kind !== 'access') throw new AppError(ErrCode.notLoggedIn, 'error.notLoggedIn');
  if (row.revokedAt) throw revokedError(row.revokeReason);
  if (row.userStatus !== 'active') throw new AppError(ErrCode.notLoggedIn, 'error.notLoggedIn');
  const now = new Date();
  if (row.absoluteExpiresAt <= now) throw new AppError(ErrCode.notLoggedIn, 'error.notLoggedIn');
  // A token replaced by a refresh behaves as expired: the client already holds its successor.
  if (row.expiresAt <= now || row.rotatedAt) throw new AppError(ErrCode.tokenExpired, 'error.tokenExpired');
  const { revokedAt: _r, revokeReason: _rr, absoluteExpiresAt: _a, kind: _k, expiresAt: _e, rotatedAt: _ro, userStatus: _s, ...auth } = row;
  return { auth, validUntil: row.expiresAt < row.absoluteExpiresAt ? row.expiresAt : row.absoluteExpiresAt };
}

/** Rotates both tokens. A refresh token presented a second time revokes the whole session. */
export async function rotateRefreshToken(db: Db, refreshToken: string, options: TokenOptions = {}): Promise<Tokens> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ sessionId: sessions.id, revokedAt: sessions.revokedAt, revokeReason: sessions.revokeReason, rememberMe: sessions.rememberMe,
        absoluteExpiresAt: sessions.absoluteExpiresAt, kind: sessionTokens.kind, expiresAt: sessionTokens.expiresAt, rotatedAt: sessionTokens.rotatedAt,
        userStatus: users.status })
      .from(sessionTokens)
      .innerJoin(sessions, eq(sessions.id, sessionTokens.sessionId))
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessionTokens.hash, hashToken(refreshToken)))
      .for('update', { of: [sessionTokens, sessions] });
    if (!row || row.kind !== 'refresh') throw new AppError(ErrCode.notLoggedIn, 'error.notLoggedIn');
    if (row.revokedAt) throw revokedError(row.revokeReason);
    if (row.userStatus !== 'active') throw new AppError(ErrCode.notLoggedIn, 'error.notLoggedIn');
    if (row.rotatedAt) {
      await tx.update(sessions).set({ revokedAt: new Date(), revokeReason: 'reuse' }).where(eq(sessions.id, row.sessionId));
      return { reused: true } as const;
    }
    const now = new Date();
    if (row.expiresAt <= now || row.absoluteExpiresAt <= now) throw new AppError(ErrCode.notLoggedIn, 'error.notLoggedIn');
    await tx.update(sessionTokens).set({ rotatedAt: now })
      .where(and(eq(sessionTokens.sessionId, row.sessionId), isNull(sessionTokens.rotatedAt)));
    return issueTokens(tx as unknown as Db, row.sessionId, row.rememberMe, row.absoluteExpiresAt, options);
  }).then((result) => {
    // Thrown outside the transaction so that the revocation above is committed.
    if ('reused' in result) throw new AppError(ErrCode.notLoggedIn, 'error.notLoggedIn');
    return result;
  });
}

export async function revokeSession(db: Db, sessionId: string, reason: RevokeReason): Promise<void> {
  await db.update(sessions).set({ revokedAt: sql`now()`, revokeReason: reason }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * Ends every session of a user: an administrator's lock ('admin'), a cancellation ('cancel'),
 * a password change ('password', keeping the session that made the change). Their tokens answer
 * 10002 from the next call on.
 */
export async function revokeUserSessions(db: Db, userId: string, reason: RevokeReason, exceptSessionId?: string): Promise<void> {
  const mine = and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  await db.update(sessions).set({ revokedAt: sql`now()`, revokeReason: reason })
    .where(exceptSessionId ? and(mine, sql`${sessions.id} <> ${exceptSessionId}`) : mine);
}
