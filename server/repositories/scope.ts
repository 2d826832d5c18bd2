// The one place that limits objects to the caller's organisations (PROTOCOL.md "Organisations
// and scoping"): the caller's office and its descendants, plus objects the caller owns.
import { eq, exists, or, sql, type SQL } from 'drizzle-orm';
import { offices, plants } from '../db/schema/index.ts';
import type { AuthContext } from '../plugins/auth.ts';

/** Condition on `plants` rows visible to the caller. */
export function plantScope(auth: Pick<AuthContext, 'userId' | 'officePath'>): SQL {
  const inSubtree = exists(
    sql`(select 1 from ${offices} where ${offices.id} = ${plants.officeId} and ${offices.path} like ${`${auth.officePath}%`})`,
  );
  return or(inSubtree, eq(plants.ownerUserId, auth.userId))!;
}
