// The one place that limits objects to the caller's organisations (PROTOCOL.md "Organisations
// and scoping"): the subtrees of the caller's office, plus objects the caller owns. Every area
// builds its conditions from `objectScope`, and answers 10005 through the assert helpers when an
// object lies outside, whether it exists or not.
//
// Plants shared with the caller join as one more OR branch (`sharedWith`): an `exists` on
// plant_shares keyed by the object's plant column, guarded by `scope.own` like the owner branch, so
// that every area that scopes through a plant picks sharing up at once. Sharing never lets a
// visitor manage a plant (`assertPlantManaged`).
import { and, eq, exists, inArray, like, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { QueryBuilder, alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { offices, plantShares, plants, roles, users } from '../db/schema/index.ts';
import { notFoundOrForbidden } from '../errors.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { splitList } from '../../src/lib/list-split.ts';

/** What scoping needs to know about the caller. */
export type ScopeCaller = Pick<AuthContext, 'userId' | 'officePath' | 'userType'> & { visitor?: boolean };

/** A resolved scope: whose objects the caller may see and change. */
export interface Scope {
  userId: string;
  /** Paths (`/1/11/`) of the offices whose whole subtrees are visible; empty: no office's objects. */
  officePaths: string[];
  /** The caller's own objects are visible as well (false once narrowed to chosen offices). */
  own: boolean;
}

/** An office id and its path, as narrowing resolves them. */
export interface OfficePath {
  id: string;
  path: string;
}

/**
 * The caller's full scope. End users (userType 0) see only their own objects: their office is
 * often the platform's public office '1', whose subtree holds every other customer. The demo
 * visitor's read-only session sees its demo office like staff do.
 */
export function callerScope(caller: ScopeCaller): Scope {
  const officeWide = caller.userType !== 0 || caller.visitor === true;
  return { userId: caller.userId, officePaths: officeWide ? [caller.officePath] : [], own: true };
}

/** The ids of a comma-separated `searchOfficeIdArr`, trimmed and without repeats. */
export function parseOfficeIds(searchOfficeIdArr: string | undefined): string[] {
  return splitList(searchOfficeIdArr ?? '');
}

const within = (path: string, root: string) => path.startsWith(root);

/**
 * Narrows a scope to the subtrees of the chosen offices. Offices outside the scope are ignored, so
 * narrowing never widens; when none remain the scope is empty. A chosen office inside another
 * chosen one adds nothing and is dropped.
 */
export function narrowScope(scope: Scope, chosen: OfficePath[]): Scope {
  const inside = chosen.map((o) => o.path).filter((path) => scope.officePaths.some((root) => within(path, root)));
  const roots = [...new Set(inside)].filter((path, _, all) => !all.some((other) => other !== path && within(path, other)));
  return { userId: scope.userId, officePaths: roots.sort(), own: false };
}

/** The caller's scope, narrowed by `searchOfficeIdArr` when it names any office. */
export async function resolveScope(db: Db, caller: ScopeCaller, searchOfficeIdArr?: string): Promise<Scope> {
  const scope = callerScope(caller);
  const ids = parseOfficeIds(searchOfficeIdArr);
  if (!ids.length) return scope;
  const chosen = await db.select({ id: offices.id, path: offices.path }).from(offices).where(inArray(offices.id, ids));
  return narrowScope(scope, chosen);
}

/** A LIKE pattern's literal part: `%`, `_` and the escape character match only themselves. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Rows whose office path column lies in one of the scope's subtrees. */
export function pathInScope(scope: Scope, pathColumn: AnyColumn): SQL {
  if (!scope.officePaths.length) return sql`false`;
  return or(...scope.officePaths.map((root) => like(pathColumn, `${escapeLike(root)}%`)))!;
}

const scopeOffice = alias(offices, 'scope_office');

/** The path of the top-level office of an office's tree: '/1/' for '/1/11/'. */
export const treeRootPath = (officePath: string) => /^\/[^/]+\//.exec(officePath)?.[0] ?? officePath;

/**
 * Rows whose office (`officeId` column) lies in the caller's organisation tree: every office under
 * the same top-level company, whatever the caller's own place in it. Devices are delivered to an
 * organisation and any office of its tree may scan and bind them.
 */
export function inCallerTree(caller: Pick<ScopeCaller, 'officePath'>, officeId: AnyColumn): SQL {
  return exists(qb.select({ one: sql`1` }).from(scopeOffice)
    .where(and(eq(scopeOffice.id, officeId), like(scopeOffice.path, `${escapeLike(treeRootPath(caller.officePath))}%`))));
}
const qb = new QueryBuilder();

/**
 * The reusable condition: rows whose office (`officeId` column) lies in the scope, or, while the
 * scope is not narrowed, rows the caller owns (`ownerId` column, when the object has an owner).
 */
export function objectScope(scope: Scope, columns: { officeId: AnyColumn; ownerId?: AnyColumn }): SQL {
  const inOffices = scope.officePaths.length
    ? exists(qb.select({ one: sql`1` }).from(scopeOffice).where(and(eq(scopeOffice.id, columns.officeId), pathInScope(scope, scopeOffice.path))))
    : undefined;
  const owned = scope.own && columns.ownerId ? eq(columns.ownerId, scope.userId) : undefined;
  return or(inOffices, owned) ?? sql`false`;
}

const asScope = (who: ScopeCaller | Scope): Scope => ('officePaths' in who ? who : callerScope(who));

/** Rows whose plant column names a plant shared with the caller (only while the scope is not narrowed). */
export function sharedWith(scope: Scope, plantColumn: AnyColumn): SQL | undefined {
  if (!scope.own) return undefined;
  return exists(qb.select({ one: sql`1` }).from(plantShares)
    .where(and(eq(plantShares.plantUid, plantColumn), eq(plantShares.visitorUserId, scope.userId))));
}

/** Condition on `plants` rows the caller manages: their offices' plants and the plants they own. */
export function plantManagedScope(who: ScopeCaller | Scope): SQL {
  return objectScope(asScope(who), { officeId: plants.officeId, ownerId: plants.ownerUserId });
}

/** Condition on `plants` rows visible to the caller: the managed ones and those shared with them. */
export function plantScope(who: ScopeCaller | Scope): SQL {
  const scope = asScope(who);
  return or(plantManagedScope(scope), sharedWith(scope, plants.plantUid))!;
}

/**
 * The plant when the caller sees it (managed or shared); 10005 otherwise, whether it exists or not.
 * `known`: the plant as the plant-access guard already loaded it for this request (a handler's
 * `ctx.plant`), answered without reading it again when it is the one asked for.
 */
export async function assertPlantVisible(db: Db, caller: ScopeCaller, plantUid: string, known?: typeof plants.$inferSelect) {
  if (known?.plantUid === plantUid) return known;
  const [plant] = await db.select().from(plants).where(and(eq(plants.plantUid, plantUid), plantScope(caller)));
  if (!plant) throw notFoundOrForbidden();
  return plant;
}

/** The plant when the caller manages it (office scope or owner, never as a visitor); 10005 otherwise. */
export async function assertPlantManaged(db: Db, caller: ScopeCaller, plantUid: string) {
  if (caller.visitor) throw notFoundOrForbidden();
  const [plant] = await db.select().from(plants).where(and(eq(plants.plantUid, plantUid), plantManagedScope(caller)));
  if (!plant) throw notFoundOrForbidden();
  return plant;
}

/** Condition on `users` rows (accounts) visible to the caller; cancelled accounts are gone for everyone. */
export function userScope(who: ScopeCaller | Scope): SQL {
  return and(objectScope(asScope(who), { officeId: users.officeId, ownerId: users.id }), ne(users.status, 'cancelled'))!;
}

/** Condition on `offices` rows visible to the caller. */
export function officeScope(who: ScopeCaller | Scope): SQL {
  return pathInScope(asScope(who), offices.path);
}

/** The office when it is in the caller's scope; 10005 otherwise, whether it exists or not. */
export async function assertOfficeInScope(db: Db, caller: ScopeCaller, officeId: string) {
  const [office] = await db.select().from(offices).where(and(eq(offices.id, officeId), officeScope(caller)));
  if (!office) throw notFoundOrForbidden();
  return office;
}

/** The account (with its role) when it is in the caller's scope; 10005 otherwise, whether it exists or not. */
export async function assertUserInScope(db: Db, caller: ScopeCaller, userId: string) {
  const [user] = await db.select({ user: users, roleKey: roles.roleKey, userType: roles.userType })
    .from(users).innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, userId), userScope(caller)));
  if (!user) throw notFoundOrForbidden();
  return { ...user.user, roleKey: user.roleKey, userType: user.userType };
}
