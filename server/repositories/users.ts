// Users as the session layer sees them: credentials, lockout and the permission set.
import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { offices, rolePermissions, roles, users } from '../db/schema/index.ts';

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
