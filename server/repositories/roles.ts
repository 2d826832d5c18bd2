// Role administration: the platform's roles with their permission strings, and the catalogue
// they are chosen from. Every write runs in one transaction and is checked against the rules of
// schemas/entities/role.schema.json; sessions pick a change up at their next request, since the
// database announces writes to roles and role_permissions (migration 0006) and the auth cache
// forgets what it held (server/services/auth-cache.ts).
import { and, asc, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { permissions as catalogue, rolePermissions, roles, users } from '../db/schema/index.ts';
import { ROLE_KEYS } from '../db/seed/roles.ts';
import { fieldError } from '../errors.ts';
import { ALL_PERMISSIONS, SUPER_ROLE } from '../../src/lib/permissions.ts';
import { isUniqueViolation, pageWindow, type Page, type PageRequest } from './paging.ts';

const BUILT_IN: ReadonlySet<string> = new Set(ROLE_KEYS);

export interface RoleInput {
  roleKey: string;
  name: string;
  userType: 0 | 1;
  permissions?: string[] | undefined;
}

export interface RoleFilter extends PageRequest {
  searchKey?: string | undefined;
  userType?: 0 | 1 | undefined;
  sortField?: 'id' | 'roleKey' | 'name' | undefined;
  sortOrder?: 'asc' | 'desc' | undefined;
}

/** The caller as far as granting goes: what they hold themselves. */
export interface Granter {
  permissions: readonly string[];
}

type RoleRow = typeof roles.$inferSelect;

// Columns written with their table, since a subquery's bare column names would resolve to its own table.
const userCount = sql<number>`(select count(*)::int from ${users} where ${users}.role_id = ${roles}.id)`;
const grantedTo = sql<string[]>`coalesce((select array_agg(${rolePermissions}.permission order by ${rolePermissions}.permission) from ${rolePermissions} where ${rolePermissions}.role_id = ${roles}.id), '{}')`;

function dto(row: RoleRow & { userCount: number; permissions: string[] }) {
  return {
    id: row.id, roleKey: row.roleKey, name: row.name, userType: row.userType as 0 | 1,
    permissions: row.permissions, permissionCount: row.permissions.length, userCount: row.userCount, builtIn: BUILT_IN.has(row.roleKey),
  };
}
export type RoleDto = ReturnType<typeof dto>;

const withFigures = { id: roles.id, roleKey: roles.roleKey, name: roles.name, userType: roles.userType, userCount, permissions: grantedTo };

const sortColumns = { id: roles.id, roleKey: sql`lower(${roles.roleKey})`, name: sql`lower(${roles.name})` };

/** Roles are few (the built-in nine and what administrators add), so a page and its count are read together. */
export async function pageRoles(db: Db, filter: RoleFilter): Promise<Page<RoleDto>> {
  const { pageNo, pageSize, offset } = pageWindow(filter);
  const text = filter.searchKey ? `%${filter.searchKey.replace(/[\\%_]/g, '\\$&')}%` : undefined;
  const condition = and(
    text ? or(ilike(roles.roleKey, text), ilike(roles.name, text)) : undefined,
    filter.userType !== undefined ? eq(roles.userType, filter.userType) : undefined,
  );
  const direction = filter.sortOrder === 'desc' ? desc : asc;
  const rows = await db.select({ ...withFigures, total: sql<number>`(count(*) over ())::int` }).from(roles).where(condition)
    .orderBy(direction(sortColumns[filter.sortField ?? 'id']), asc(roles.id)).limit(pageSize).offset(offset);
  const total = rows[0]?.total ?? (offset > 0 ? (await db.select({ n: sql<number>`count(*)::int` }).from(roles).where(condition))[0]!.n : 0);
  return { list: rows.map(dto), total, pageNo, pageSize };
}

async function roleById(db: Db | Tx, id: number, lock = false): Promise<RoleDto> {
  const query = db.select(withFigures).from(roles).where(eq(roles.id, id));
  const [row] = lock ? await query.for('update', { of: roles }) : await query;
  // Roles are the platform's own: an id that names none is a wrong parameter, not another tree's object.
  if (!row) throw fieldError('id', 'exists');
  return dto(row);
}

export const roleDetail = (db: Db, id: number) => roleById(db, id);

/** The catalogue in alphabetical order, optionally narrowed to strings containing `permission`. */
export async function pagePermissions(db: Db, filter: PageRequest & { permission?: string | undefined }) {
  const { pageNo, pageSize, offset } = pageWindow(filter);
  const condition = filter.permission ? ilike(catalogue.permission, `%${filter.permission.replace(/[\\%_]/g, '\\$&')}%`) : undefined;
  const rows = await db.select({ permission: catalogue.permission, source: catalogue.source, total: sql<number>`(count(*) over ())::int` })
    .from(catalogue).where(condition).orderBy(asc(catalogue.permission)).limit(pageSize).offset(offset);
  const total = rows[0]?.total ?? (offset > 0 ? (await db.select({ n: sql<number>`count(*)::int` }).from(catalogue).where(condition))[0]!.n : 0);
  return { list: rows.map(({ permission, source }) => ({ permission, source })), total, pageNo, pageSize };
}

/**
 * The permissions a role is to grant: each in the catalogue, and each one the caller holds unless
 * the role grants it already (a caller may leave in place what they could not have given).
 */
async function checkPermissions(tx: Tx, wanted: string[], caller: Granter, kept: readonly string[] = []): Promise<string[]> {
  const unique = [...new Set(wanted)];
  if (!unique.length) return unique;
  const known = new Set((await tx.select({ p: catalogue.permission }).from(catalogue).where(inArray(catalogue.permission, unique))).map((r) => r.p));
  const unknown = unique.find((p) => !known.has(p));
  if (unknown !== undefined) throw fieldError('permissions', 'notInCatalogue', { value: unknown });
  if (!caller.permissions.includes(ALL_PERMISSIONS)) {
    const notHeld = unique.find((p) => !kept.includes(p) && !caller.permissions.includes(p));
    if (notHeld !== undefined) throw fieldError('permissions', 'notHeld', { value: notHeld });
  }
  return unique;
}

/** A key another role has already, compared without regard to case. */
async function checkKeyFree(tx: Tx, roleKey: string, exceptId?: number) {
  const [clash] = await tx.select({ id: roles.id }).from(roles)
    .where(and(eq(sql`lower(${roles.roleKey})`, roleKey.toLowerCase()), exceptId !== undefined ? ne(roles.id, exceptId) : undefined));
  if (clash) throw fieldError('roleKey', 'unique', { value: roleKey });
}

async function grant(tx: Tx, roleId: number, granted: string[]) {
  await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  if (granted.length) await tx.insert(rolePermissions).values(granted.map((permission) => ({ roleId, permission })));
}

/** A key taken by a concurrent write shows as the same refusal as one found taken before. */
async function uniqueKey<T>(roleKey: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('roleKey', 'unique', { value: roleKey });
    throw error;
  }
}

export async function addRole(db: Db, input: RoleInput, caller: Granter): Promise<RoleDto> {
  return uniqueKey(input.roleKey, () => db.transaction(async (tx) => {
    await checkKeyFree(tx, input.roleKey);
    const granted = await checkPermissions(tx, input.permissions ?? [], caller);
    const [row] = await tx.insert(roles).values({ roleKey: input.roleKey, name: input.name, userType: input.userType }).returning({ id: roles.id });
    await grant(tx, row!.id, granted);
    return roleById(tx, row!.id);
  }));
}

export async function editRole(db: Db, input: RoleInput & { id: number }, caller: Granter): Promise<RoleDto> {
  return uniqueKey(input.roleKey, () => db.transaction(async (tx) => {
    const before = await roleById(tx, input.id, true);
    if (before.builtIn && input.roleKey !== before.roleKey) throw fieldError('roleKey', 'builtInRoleKey', { value: before.roleKey });
    if (input.userType !== before.userType) {
      if (before.builtIn) throw fieldError('userType', 'builtInRoleUserType', { value: before.roleKey });
      // Accounts must hold a role of their own kind (account-admin.ts checks it when giving one).
      if (before.userCount > 0) throw fieldError('userType', 'roleInUse', { value: before.roleKey, count: before.userCount });
    }
    const granted = await checkPermissions(tx, input.permissions ?? [], caller, before.permissions);
    // Without it nobody could administer anything, this screen included.
    if (before.roleKey === SUPER_ROLE && !granted.includes(ALL_PERMISSIONS)) throw fieldError('permissions', 'superRoleWildcard', { value: ALL_PERMISSIONS });
    if (input.roleKey !== before.roleKey) await checkKeyFree(tx, input.roleKey, input.id);
    await tx.update(roles).set({ roleKey: input.roleKey, name: input.name, userType: input.userType }).where(eq(roles.id, input.id));
    // An unchanged set is left alone: rewriting it would announce a change and empty every session cache.
    const same = granted.length === before.permissions.length && granted.every((p) => before.permissions.includes(p));
    if (!same) await grant(tx, input.id, granted);
    return roleById(tx, input.id);
  }));
}

/** Deletes a role no account holds, whatever the account's state (a cancelled account keeps its role for the records). */
export async function deleteRole(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const role = await roleById(tx, id, true);
    if (role.builtIn) throw fieldError('id', 'builtInRole', { value: role.roleKey });
    // The lock on the role holds off an account being given it meanwhile (the users' foreign key takes a share lock on it).
    if (role.userCount > 0) throw fieldError('id', 'roleInUse', { value: role.roleKey, count: role.userCount });
    await tx.delete(roles).where(eq(roles.id, id));
  });
}
