// The demo visitor account (server/db/seed/demo.ts): found by its role, never by a name that a
// real user could have taken.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { roles, users } from '../db/schema/index.ts';

export const VISITOR_ROLE = 'Visitor';

/** The active visitor account, if this installation has one (demo mode seeds it). */
export async function findVisitorUser(db: Db): Promise<{ id: string } | undefined> {
  const [row] = await db.select({ id: users.id }).from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(roles.roleKey, VISITOR_ROLE), eq(users.status, 'active')))
    .orderBy(users.createdAt)
    .limit(1);
  return row;
}

export async function isVisitorRole(db: Db, roleId: number): Promise<boolean> {
  const [row] = await db.select({ one: sql<number>`1` }).from(roles).where(and(eq(roles.id, roleId), eq(roles.roleKey, VISITOR_ROLE)));
  return row !== undefined;
}
