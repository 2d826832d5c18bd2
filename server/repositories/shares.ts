// Plant shares: who manages a plant (and so may share it), what a visitor may do with a plant
// shared with them, and the visitor records themselves. A plant is managed by the users of its
// office's tree and by its owner (scope.ts); a visitor reaches it only through a share, as far as
// the share's permissions go. Anything else answers 10005, whether the plant exists or not.
//
// No share is cached (the guard keeps only its query): a share removed or narrowed holds from the
// next request. The table's triggers (migration 0012) announce shares added or removed, which
// drops every process's cached plant counts at commit.
import { and, desc, eq, exists, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder, alias } from 'drizzle-orm/pg-core';
import { statementNameOf, type Db } from '../db/client.ts';
import { devices, offices, plantShares, plants, roles, users } from '../db/schema/index.ts';
import { parsePermissions, SHARE_PERMISSIONS, type SharePermission } from '../domain/plants/share-permissions.ts';
import { fieldError, notFoundOrForbidden } from '../errors.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { isUniqueViolation, listKey, pageWindow, readPage, type CountColumn, type Page, type PageRequest } from './paging.ts';
import { assertPlantManaged, escapeLike, plantManagedScope, type ScopeCaller } from './scope.ts';
import { VISITOR_ROLE } from './visitor.ts';

const qb = new QueryBuilder();

/** Plants shared with the user, with `permission` in the share when one is named. */
export function sharedPlants(userId: string, permission?: SharePermission): SQL {
  return exists(qb.select({ one: sql`1` }).from(plantShares).where(and(
    eq(plantShares.plantUid, plants.plantUid), eq(plantShares.visitorUserId, userId),
    permission ? sql`${permission} = any(${plantShares.permissions})` : undefined,
  )));
}

/** Plants the caller may use for `permission`: managed ones, and shared ones whose share grants it. */
export const plantsPermitting = (caller: ScopeCaller, permission: SharePermission): SQL =>
  or(plantManagedScope(caller), sharedPlants(caller.userId, permission))!;

/** What a share lets a visitor look at, without changing anything (remote settings can save). */
const READ_ONLY_PERMISSIONS: readonly SharePermission[] = ['viewPlant', 'viewReports', 'viewAlarms'];

/**
 * What the caller may do with a plant they see, as the guard decides it: everything when they
 * manage it, else what their share grants; a read-only session only what looks.
 */
export async function callerAccess(db: Db, caller: ScopeCaller, plantUid: string): Promise<{ manages: boolean; permissions: SharePermission[] }> {
  const [row] = await db.select({ manages: sql<boolean>`${plantManagedScope(caller)}`, granted: plantShares.permissions }).from(plants)
    .leftJoin(plantShares, and(eq(plantShares.plantUid, plants.plantUid), eq(plantShares.visitorUserId, caller.userId)))
    .where(eq(plants.plantUid, plantUid));
  const granted = new Set<string>(row?.manages ? SHARE_PERMISSIONS : row?.granted ?? []);
  // A read-only session (the demo visitor) manages nothing and may only look, whatever its scope:
  // the auth plugin refuses its writes, so the page must not offer them.
  if (caller.visitor) return { manages: false, permissions: READ_ONLY_PERMISSIONS.filter((p) => granted.has(p)) };
  return { manages: row?.manages === true, permissions: SHARE_PERMISSIONS.filter((p) => granted.has(p)) };
}

/**
 * Passes managers of the plant, and its visitors when their share grants `permission`; `null`
 * admits managers only. 10005 for everyone else, whether the plant exists or not. Answers the
 * plant, which the caller therefore sees.
 */
export async function requirePlantPermission(db: Db, caller: ScopeCaller, plantUid: string, permission: SharePermission | null): Promise<typeof plants.$inferSelect> {
  const [plant] = await plantLookup(db, caller, permission).execute({ plantUid });
  if (!plant) throw notFoundOrForbidden();
  return plant;
}

type PlantLookup = { execute(values: { plantUid: string }): Promise<(typeof plants.$inferSelect)[]> };

/**
 * The guard's query for one database, caller and permission, built once: building it had taken a
 * fifth of a plant call's server time. Keyed by the caller object, which the session cache hands
 * out until a change of users, roles or offices replaces it (auth-cache.ts); shares are read as
 * the query runs. Named by its text, as client.ts names every statement.
 */
const lookups = new WeakMap<Db, WeakMap<ScopeCaller, Map<SharePermission | null, PlantLookup>>>();

function plantLookup(db: Db, caller: ScopeCaller, permission: SharePermission | null): PlantLookup {
  const byCaller = lookups.get(db) ?? new WeakMap<ScopeCaller, Map<SharePermission | null, PlantLookup>>();
  lookups.set(db, byCaller);
  const byPermission = byCaller.get(caller) ?? new Map<SharePermission | null, PlantLookup>();
  byCaller.set(caller, byPermission);
  const known = byPermission.get(permission);
  if (known) return known;
  const allowed = permission ? plantsPermitting(caller, permission) : plantManagedScope(caller);
  const query = db.select().from(plants).where(and(eq(plants.plantUid, sql.placeholder('plantUid')), allowed)).limit(1);
  const lookup = query.prepare(statementNameOf(query.toSQL().sql));
  byPermission.set(permission, lookup);
  return lookup;
}

/**
 * For a device bound to a plant the caller visits without managing it: 10005 unless the share
 * grants `permission`. Anyone else is left to the operation's own scoping of devices.
 */
export async function limitDeviceVisitor(db: Db, caller: ScopeCaller, deviceSn: string, permission: SharePermission): Promise<void> {
  const [plant] = await db.select({ managed: sql<boolean>`${plantManagedScope(caller)}`, visits: sql<boolean>`${sharedPlants(caller.userId)}`, granted: sql<boolean>`${sharedPlants(caller.userId, permission)}` })
    .from(devices).innerJoin(plants, eq(plants.plantUid, devices.plantUid)).where(eq(devices.sn, deviceSn));
  if (plant && !plant.managed && plant.visits && !plant.granted) throw notFoundOrForbidden();
}

const visitor = alias(users, 'visitor');
const sharer = alias(users, 'sharer');
const visitorColumns = {
  id: plantShares.id, plantUid: plantShares.plantUid, plantName: plants.plantName, userId: plantShares.visitorUserId,
  account: visitor.loginName, nickname: visitor.nickname, permissions: plantShares.permissions, remark: plantShares.remark,
  sharerName: sharer.nickname, createdAt: plantShares.createdAt,
};

function visitorQuery(db: Db, extra: CountColumn = {}) {
  return db.select({ ...visitorColumns, ...extra }).from(plantShares)
    .innerJoin(plants, eq(plants.plantUid, plantShares.plantUid))
    .innerJoin(visitor, eq(visitor.id, plantShares.visitorUserId))
    .leftJoin(sharer, eq(sharer.id, plantShares.createdBy));
}

type VisitorRow = Awaited<ReturnType<ReturnType<typeof visitorQuery>['execute']>>[number];

function toDto(row: VisitorRow) {
  return {
    id: row.id,
    plantUid: row.plantUid,
    plantName: row.plantName,
    userId: row.userId,
    account: row.account,
    nickname: row.nickname,
    permissions: row.permissions.join(','),
    ...(row.remark ? { remark: row.remark } : {}),
    ...(row.sharerName ? { sharerName: row.sharerName } : {}),
    createTime: row.createdAt.toISOString(),
  };
}
export type VisitorDto = ReturnType<typeof toDto>;

/** A visitor record of a plant the caller manages; 10005 otherwise. */
async function managedVisitor(db: Db, auth: AuthContext, id: number): Promise<VisitorDto> {
  if (auth.visitor) throw notFoundOrForbidden();
  const [row] = await visitorQuery(db).where(and(eq(plantShares.id, id), plantManagedScope(auth)));
  if (!row) throw notFoundOrForbidden();
  return toDto(row);
}

export interface VisitorFilter extends PageRequest {
  plantUid: string;
  keyword?: string | undefined;
}

export async function pageVisitors(db: Db, auth: AuthContext, filter: VisitorFilter): Promise<Page<VisitorDto>> {
  await assertPlantManaged(db, auth, filter.plantUid);
  const { pageNo, pageSize, offset } = pageWindow(filter);
  const keyword = filter.keyword?.trim();
  const condition = and(
    eq(plantShares.plantUid, filter.plantUid),
    keyword ? or(ilike(visitor.loginName, `%${escapeLike(keyword)}%`), ilike(visitor.nickname, `%${escapeLike(keyword)}%`)) : undefined,
  );
  const { pageNo: _p, pageSize: _s, ...criteria } = filter;
  const { rows, total } = await readPage(db, listKey('plantVisitors', auth, criteria),
    () => db.select({ id: plantShares.id }).from(plantShares).innerJoin(visitor, eq(visitor.id, plantShares.visitorUserId)).where(condition).$dynamic(),
    (extra) => visitorQuery(db, extra).where(condition).orderBy(desc(plantShares.createdAt), desc(plantShares.id)).limit(pageSize).offset(offset));
  return { list: rows.map(toDto), total, pageNo, pageSize };
}

export interface ShareInput {
  plantUid: string;
  permissions: string;
  remark?: string | undefined;
}

/**
 * Shares a plant the caller manages with an existing account. Refused (10003 naming userId): the
 * caller, the owner, someone who manages the plant anyway, an account already sharing it, and
 * accounts that cannot use a share (cancelled, or the demo visitor's).
 */
export async function addVisitor(db: Db, auth: AuthContext, input: ShareInput & { userId: string }): Promise<VisitorDto> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    // Who may share comes first: someone outside the plant learns nothing, not even about their input.
    const plant = await assertPlantManaged(t, auth, input.plantUid);
    const permissions = parsePermissions(input.permissions);
    if (input.userId === auth.userId) throw fieldError('userId', 'shareSelf');
    if (input.userId === plant.ownerUserId) throw fieldError('userId', 'shareOwner');
    const target = await shareableAccount(t, input.userId);
    if (!target) throw fieldError('userId', 'exists');
    const [managing] = await t.select({ one: sql`1` }).from(plants).where(and(eq(plants.plantUid, plant.plantUid), plantManagedScope(target)));
    if (managing) throw fieldError('userId', 'shareManager');
    return insertShare(t, auth, plant.plantUid, input.userId, permissions, input.remark);
  });
}

/** An account that can receive a share, as scoping sees it; undefined for cancelled and demo-visitor accounts. */
export async function shareableAccount(db: Db, userId: string): Promise<ScopeCaller | undefined> {
  const [account] = await db.select({ userId: users.id, officePath: offices.path, userType: roles.userType })
    .from(users).innerJoin(roles, eq(roles.id, users.roleId)).innerJoin(offices, eq(offices.id, users.officeId))
    .where(and(eq(users.id, userId), ne(users.status, 'cancelled'), ne(roles.roleKey, VISITOR_ROLE)));
  return account;
}

/** Stores a share (a second share of the plant with the same user: 10003 naming `field`) and answers it. */
export async function insertShare(db: Db, auth: AuthContext, plantUid: string, visitorUserId: string, permissions: SharePermission[], remark: string | undefined, field = 'userId'): Promise<VisitorDto> {
  let id: number;
  try {
    const [row] = await db.insert(plantShares).values({ plantUid, visitorUserId, permissions, remark: remark || null, createdBy: auth.userId }).returning({ id: plantShares.id });
    id = row!.id;
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError(field, 'alreadyShared');
    throw error;
  }
  return managedVisitor(db, auth, id);
}

/** New permissions (and remark, when sent) of a visitor record of a plant the caller manages. */
export async function editVisitor(db: Db, auth: AuthContext, input: { id: number; permissions: string; remark?: string | undefined }): Promise<VisitorDto> {
  await managedVisitor(db, auth, input.id);
  const permissions = parsePermissions(input.permissions);
  const managed = exists(qb.select({ one: sql`1` }).from(plants).where(and(eq(plants.plantUid, plantShares.plantUid), plantManagedScope(auth))));
  const updated = await db.update(plantShares)
    .set({ permissions, ...(input.remark !== undefined ? { remark: input.remark || null } : {}) })
    .where(and(eq(plantShares.id, input.id), managed)).returning({ id: plantShares.id });
  if (!updated.length) throw notFoundOrForbidden();
  return managedVisitor(db, auth, input.id);
}

/** Ends a share of a plant the caller manages. */
export async function deleteVisitor(db: Db, auth: AuthContext, id: number): Promise<void> {
  if (auth.visitor) throw notFoundOrForbidden();
  const managed = exists(qb.select({ one: sql`1` }).from(plants).where(and(eq(plants.plantUid, plantShares.plantUid), plantManagedScope(auth))));
  const deleted = await db.delete(plantShares).where(and(eq(plantShares.id, id), managed)).returning({ id: plantShares.id });
  if (!deleted.length) throw notFoundOrForbidden();
}

/** The visitor leaves a plant shared with them. */
export async function leaveShare(db: Db, auth: AuthContext, plantUid: string): Promise<void> {
  if (auth.visitor) throw notFoundOrForbidden();
  const deleted = await db.delete(plantShares)
    .where(and(eq(plantShares.plantUid, plantUid), eq(plantShares.visitorUserId, auth.userId))).returning({ id: plantShares.id });
  if (!deleted.length) throw notFoundOrForbidden();
}

/** A visitor record of a plant the caller manages, with what the notice needs of its account. */
export async function visitorAccount(db: Db, auth: AuthContext, id: number) {
  const record = await managedVisitor(db, auth, id);
  const [account] = await db.select({ email: users.email, nickname: users.nickname, loginName: users.loginName, lang: users.lang, passwordHash: users.passwordHash, status: users.status })
    .from(users).where(eq(users.id, record.userId));
  return { record, account: account! };
}
