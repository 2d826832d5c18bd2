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

/**
 * The columns of an AuthUser, for a query that joins `users` to `roles` and `offices`; the
 * permission set comes in the same row, so resolving a session is one round trip.
 */
export const authUserColumns = {
  userId: users.id, loginName: users.loginName, nickname: users.nickname, userHead: users.userHead, lang: users.lang,
  roleKey: roles.roleKey, userType: roles.userType, officeId: offices.id, officeName: offices.name, officePath: offices.path,
  permissions: sql<string[]>`array(select ${rolePermissions.permission} from ${rolePermissions} where ${rolePermissions.roleId} = ${roles.id} order by 1)`,
};
