// The organisations a caller may deliver devices to: deviceInventoryTransfer's office picker, and
// the transfer's own check of its target (device-transfers.ts), one rule for both. An administrator
// delivers to every organisation tree (a distributor's sale to another organisation); anyone else
// to the offices of their own scope, as the organisation picker offers them (offices.ts).
import { and, asc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { offices } from '../db/schema/index.ts';
import { notFoundOrForbidden } from '../errors.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { callerScope, escapeLike, pathInScope } from './scope.ts';

/** A flat search answers at most this many offices. */
const SEARCH_LIMIT = 50;

const node = {
  officeId: offices.id,
  officeName: offices.name,
  hasSubOffice: sql<number>`(case when exists (select 1 from offices c where c.parent_id = "offices"."id") then 1 else 0 end)`.mapWith(Number),
};

/** Whether the caller may deliver to every organisation tree. */
export const deliversEverywhere = (auth: AuthContext) => auth.roleKey === 'Administrator';

/** The offices the caller may deliver devices to, as a condition on `offices` (none: every office). */
export const deliveryTargets = (auth: AuthContext): SQL | undefined =>
  (deliversEverywhere(auth) ? undefined : pathInScope(callerScope(auth), offices.path));

export async function transferOffices(db: Db, auth: AuthContext, query: { parentId?: string | undefined; searchKey?: string | undefined }) {
  const everyTree = deliversEverywhere(auth);
  const scope = callerScope(auth);
  const offered = deliveryTargets(auth);
  const search = query.searchKey?.trim();
  let where: SQL | undefined;
  if (search) where = and(offered, ilike(offices.name, `%${escapeLike(search)}%`));
  else if (query.parentId) {
    const [parent] = await db.select({ id: offices.id }).from(offices).where(and(eq(offices.id, query.parentId), offered));
    if (!parent) throw notFoundOrForbidden();
    where = eq(offices.parentId, parent.id);
  } else where = everyTree ? isNull(offices.parentId) : scope.officePaths.length ? inArray(offices.path, scope.officePaths) : sql`false`;
  const rows = await db.select(node).from(offices).where(where).orderBy(asc(offices.sort), asc(offices.name), asc(offices.id)).limit(search ? SEARCH_LIMIT : 1000);
  return rows.map((r) => ({ officeId: r.officeId, officeName: r.officeName, hasSubOffice: (r.hasSubOffice ? 1 : 0) as 0 | 1 }));
}
