// Users as the session layer sees them: credentials, lockout and the permission set.
import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { offices, rolePermissions, roles, users } from '../db/schema/index.ts';
import { LOCK_MINUTES, MAX_FAILED_LOGINS } from '../domain/auth/passwords.ts';

export interface AuthUser {
  userId: string;
  loginName: string;
  nickname: string;
  userHead: string | null;
  lang: string;
  roleKey: string;
  userType: number;
  officeId: string;
  officeName: string;
  officePath: string;
  permissions: string[];
}

export async function findByLoginNameOrPhone(db: Db, username: string) {
  const [user] = await db.select().from(users)
    .where(or(eq(sql`lower(${users.loginName})`, username.toLowerCase()), eq(users.phone, username)))
    .limit(1);
  return user;
}

/**
 * Counts a wrong password; the fifth in a row locks the account for LOCK_MINUTES. After a lock
 * has run out the count starts again, so one more mistake does not lock the account at once.
 */
export async function recordFailedLogin(db: Db, userId: string): Promise<void> {
  const lockExpired = sql`(${users.lockedUntil} is not null and ${users.lockedUntil} <= now())`;
  const count = sql`case when ${lockExpired} then 1 else ${users.failedLogins} + 1 end`;
  await db.update(users).set({
    failedLogins: count,
    lockedUntil: sql`case when ${count} >= ${MAX_FAILED_LOGINS} then now() + make_interval(mins => ${LOCK_MINUTES}) when ${lockExpired} then null else ${users.lockedUntil} end`,
  }).where(eq(users.id, userId));
}

export async function recordSuccessfulLogin(db: Db, userId: string): Promise<void> {
  await db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, userId));
}

export async function loadAuthUser(db: Db, userId: string): Promise<AuthUser | undefined> {
  const [row] = await db
    .select({
      userId: users.id, loginName: users.loginName, nickname: users.nickname, userHead: users.userHead, lang: users.lang,
      roleKey: roles.roleKey, roleId: roles.id, userType: roles.userType, officeId: offices.id, officeName: offices.name, officePath: offices.path,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .innerJoin(offices, eq(offices.id, users.officeId))
    .where(eq(users.id, userId));
  if (!row) return undefined;
  const permissions = await db.select({ permission: rolePermissions.permission }).from(rolePermissions).where(eq(rolePermissions.roleId, row.roleId));
  const { roleId: _roleId, ...user } = row;
  return { ...user, permissions: permissions.map((p) => p.permission).sort() };
}
