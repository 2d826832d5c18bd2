// Reads and writes a stored resource's records through its generated table (storage.ts): pages on
// the list machinery every hand-written list uses (paging.ts windows and counts, the list memo),
// scoped to the caller's organisations (scope.ts), with uniqueness refused as 10003 naming the
// field, audit columns kept, and the resource's hooks run inside each write's transaction.
import { and, asc, desc, eq, getTableColumns, gte, ilike, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.ts';
import { fieldError, notFoundOrForbidden } from '../errors.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { isUniqueViolation, listKey, MAX_PAGE_SIZE, pageWindow, readPage, type Page } from '../repositories/paging.ts';
import { callerScope, escapeLike, objectScope } from '../repositories/scope.ts';
import type { ListReads } from '../services/list-memo.ts';
import { scopeKey } from './drizzle-source.ts';
import type { ResourceHooks, Row } from './hooks.ts';
import { AUDIT_FIELDS, uniqueIndexName, type StorageSpec } from './storage.ts';

export interface StoredResource {
  spec: StorageSpec;
  table: PgTable;
  hooks: ResourceHooks;
  /**
   * The list's filters: request field → entity field. A date-range filter sends its first and
   * last day in two request fields (`range`) and keeps the records whose field lies between them.
   */
  filters: { field: string; param: string; range?: { from: string; to: string } }[];
  /**
   * Every stored resource's unique indexes by name, with the field each refusal names: a hook's
   * side effect in another table is refused by that table's index, naming that table's field.
   */
  uniqueIndexes: Map<string, string>;
  /** The stored fields the edit operation's body carries: others keep their values on an edit. */
  editFields?: Set<string>;
}

const AUDIT_KEYS: Record<string, string> = { createTime: 'createdAt', updateTime: 'updatedAt', createBy: 'createdBy', updateBy: 'updatedBy' };

const columnsOf = (r: StoredResource) => getTableColumns(r.table) as Record<string, PgColumn>;
const column = (r: StoredResource, field: string): PgColumn => columnsOf(r)[AUDIT_KEYS[field] ?? field]!;

/** The caller's records: their offices' subtrees, their own, or every record of a global resource. */
function visible(r: StoredResource, user: AuthContext): SQL | undefined {
  const columns = columnsOf(r);
  const scoped = r.spec.scope === 'office'
    ? objectScope(callerScope(user), { officeId: columns.officeId! })
    : r.spec.scope === 'owner' ? eq(columns.ownerId!, user.userId) : undefined;
  return and(scoped, r.spec.softDelete ? isNull(columns.deletedAt!) : undefined);
}

/** What a scoped list depends on besides its filter: the caller's place (the memo and count keys). */
const scopePart = (r: StoredResource, user: AuthContext) =>
  r.spec.scope === 'office' ? `${user.userType}:${user.officePath}` : r.spec.scope === 'owner' ? user.userId : '';

/** A stored row as the contract answers it: the entity's fields, audit times as ISO text, no nulls. */
function toRecord(r: StoredResource, row: Record<string, unknown>): Row {
  const out: Row = {};
  const put = (field: string, value: unknown) => {
    if (value === null || value === undefined) return;
    out[field] = value instanceof Date ? value.toISOString() : value;
  };
  put(r.spec.key, row[r.spec.key]);
  for (const f of r.spec.fields) put(f.field, row[f.field]);
  const scope = scopeKey(r.spec);
  if (scope) put(scope, row[scope]);
  for (const field of Object.keys(AUDIT_FIELDS)) put(field, row[AUDIT_KEYS[field]!]);
  return out;
}

async function decorated(r: StoredResource, db: Db | Tx, records: Row[]): Promise<Row[]> {
  return r.hooks.decorate ? await r.hooks.decorate(records, { db }) : records;
}

export interface PageQuery extends Record<string, unknown> {
  pageNo?: number;
  pageSize?: number;
  sortField?: string;
  sortOrder?: 'asc' | 'desc';
}

/** The list's condition and order: the request's sort, else the storage block's order. */
function listShape(r: StoredResource, query: PageQuery, conditions: (SQL | undefined)[], criteria: Record<string, unknown>) {
  const requested = query.sortField && column(r, query.sortField) ? query.sortField : undefined;
  const sortField = requested ?? r.spec.order.field;
  const sortOrder = query.sortOrder ?? (requested ? 'desc' : r.spec.order.direction);
  const direction = sortOrder === 'asc' ? asc : desc;
  criteria.sort = `${sortField}:${sortOrder}`;
  return { condition: and(...conditions), order: [direction(column(r, sortField)), direction(column(r, r.spec.key))] };
}

/** The request's conditions: the caller's scope, the key (a screen loading one record), the list's filters. */
function listConditions(r: StoredResource, user: AuthContext, query: PageQuery) {
  const searchable = new Set(r.spec.fields.filter((f) => f.searchable).map((f) => f.field));
  const criteria: Record<string, unknown> = {};
  const conditions: (SQL | undefined)[] = [visible(r, user)];
  if (query[r.spec.key] !== undefined) {
    criteria[r.spec.key] = query[r.spec.key];
    conditions.push(eq(column(r, r.spec.key), query[r.spec.key]));
  }
  for (const { field, param, range } of r.filters) {
    if (range) {
      for (const [bound, compare] of [[range.from, gte], [range.to, lte]] as const) {
        const day = query[bound];
        if (day === undefined || day === '') continue;
        criteria[bound] = day;
        conditions.push(compare(column(r, field), day));
      }
      continue;
    }
    const value = query[param];
    if (value === undefined || value === '') continue;
    criteria[param] = value;
    conditions.push(searchable.has(field) ? ilike(column(r, field), `%${escapeLike(String(value))}%`) : eq(column(r, field), value));
  }
  return { criteria, conditions };
}

/** The list's records for an export, with the list's filters and order, at most `cap` of them. */
export async function exportRows(db: Db, r: StoredResource, user: AuthContext, query: PageQuery, cap: number): Promise<Row[]> {
  const { criteria, conditions } = listConditions(r, user, query);
  const { condition, order } = listShape(r, query, conditions, criteria);
  const rows = await db.select().from(r.table).where(condition).orderBy(...order).limit(cap) as Record<string, unknown>[];
  return decorated(r, db, rows.map((row) => toRecord(r, row)));
}

/** Every record of an unpaged list (a descriptor with `paged: false`), at most MAX_PAGE_SIZE. */
export async function listRecords(db: Db, r: StoredResource, user: AuthContext, query: PageQuery, lists: ListReads): Promise<Row[]> {
  const { criteria, conditions } = listConditions(r, user, query);
  const { condition, order } = listShape(r, query, conditions, criteria);
  return lists.page(`${r.spec.table}:${scopePart(r, user)}:${JSON.stringify(criteria)}:all`, [r.spec.table], MAX_PAGE_SIZE, async () => {
    const rows = await db.select().from(r.table).where(condition).orderBy(...order).limit(MAX_PAGE_SIZE) as Record<string, unknown>[];
    return decorated(r, db, rows.map((row) => toRecord(r, row)));
  });
}

export async function pageRecords(db: Db, r: StoredResource, user: AuthContext, query: PageQuery, lists: ListReads): Promise<Page<Row>> {
  const { pageNo, pageSize, offset } = pageWindow(query);
  const key = column(r, r.spec.key);
  const { criteria, conditions } = listConditions(r, user, query);
  const { condition, order } = listShape(r, query, conditions, criteria);
  const listName = `${r.spec.table}:${scopePart(r, user)}:${JSON.stringify(criteria)}`;
  return lists.page(`${listName}:${pageNo}:${pageSize}`, [r.spec.table], pageSize, async () => {
    const matching = () => db.select({ id: key }).from(r.table).where(condition).$dynamic();
    const { rows, total } = await readPage<Record<string, unknown>>(db, listKey(listName, user, {}), matching, (extra) =>
      db.select({ ...getTableColumns(r.table), ...extra }).from(r.table).where(condition).orderBy(...order).limit(pageSize).offset(offset) as unknown as Promise<Record<string, unknown>[]>);
    return { list: await decorated(r, db, rows.map((row) => toRecord(r, row))), total, pageNo, pageSize };
  });
}

/** The record when the caller sees it: 10005 for a scoped resource (whether it exists or not), else 10003 on the id. */
async function stored(db: Db | Tx, r: StoredResource, user: AuthContext, id: unknown, idField: string, lock = false): Promise<Record<string, unknown>> {
  const query = db.select().from(r.table).where(and(eq(column(r, r.spec.key), id), visible(r, user)));
  const [row] = await (lock ? query.for('update') : query) as Record<string, unknown>[];
  if (row) return row;
  if (r.spec.scope === 'global') throw fieldError(idField, 'exists');
  throw notFoundOrForbidden();
}

export async function recordDetail(db: Db, r: StoredResource, user: AuthContext, id: unknown, idField: string): Promise<Row> {
  const [record] = await decorated(r, db, [toRecord(r, await stored(db, r, user, id, idField))]);
  return record!;
}

/**
 * The request's stored fields. A field of the operation's body that the request leaves out is
 * cleared (a form sends every field it has); on an edit, a field its body does not carry (the
 * parent a record belongs to, say) keeps its value.
 */
function valuesOf(r: StoredResource, input: Row, only?: Set<string>): Row {
  const scope = scopeKey(r.spec);
  return Object.fromEntries(r.spec.fields.filter((f) => f.field !== scope && f.field !== r.spec.key && (!only || only.has(f.field)))
    .map((f) => [f.field, input[f.field] ?? null]));
}

/**
 * Turns the database's refusals into 10003 naming a field: a unique index's (first) field, or a
 * reference whose key names no row ("exists").
 */
function uniqueRefusal(r: StoredResource, error: unknown, values: Row): never {
  const e = error as { code?: string; constraint?: string; message?: string; cause?: { code?: string; constraint?: string; message?: string } };
  const text = `${e.constraint ?? e.cause?.constraint ?? ''} ${e.message ?? ''} ${e.cause?.message ?? ''}`;
  if ((e.code ?? e.cause?.code) === '23503') {
    const field = r.spec.fields.find((f) => r.spec.references[f.field] && text.includes(`${r.spec.table}_${f.column}_`));
    if (field) throw fieldError(field.field, 'exists');
  }
  if (!isUniqueViolation(error)) throw error;
  const own = r.spec.unique.find((fields) => text.includes(`"${uniqueIndexName(r.spec.table, fields)}"`) || (e.constraint ?? e.cause?.constraint) === uniqueIndexName(r.spec.table, fields));
  if (own) throw fieldError(own[0]!, 'unique', { value: String(values[own[0]!] ?? '') });
  const other = [...r.uniqueIndexes].find(([name]) => text.includes(`"${name}"`) || (e.constraint ?? e.cause?.constraint) === name);
  if (other) throw fieldError(other[1], 'unique');
  throw error;
}

export async function addRecord(db: Db, r: StoredResource, user: AuthContext, input: Row): Promise<Row> {
  let values: Row = {};
  try {
    return await db.transaction(async (tx) => {
      const ctx = { tx, user, operation: 'add' as const };
      await r.hooks.validate?.(input, ctx);
      values = valuesOf(r, input);
      if (r.hooks.prepare) values = await r.hooks.prepare(values, ctx);
      const scope = r.spec.scope === 'office' ? { officeId: user.officeId } : r.spec.scope === 'owner' ? { ownerId: user.userId } : {};
      const [row] = await tx.insert(r.table).values({ ...values, ...scope, createdBy: user.userId, updatedBy: user.userId } as never).returning() as Record<string, unknown>[];
      const record = toRecord(r, row!);
      await r.hooks.afterWrite?.(record, ctx);
      return (await decorated(r, tx, [record]))[0]!;
    });
  } catch (error) {
    return uniqueRefusal(r, error, values);
  }
}

export async function editRecord(db: Db, r: StoredResource, user: AuthContext, id: unknown, idField: string, input: Row): Promise<Row> {
  let values: Row = {};
  try {
    return await db.transaction(async (tx) => {
      const before = toRecord(r, await stored(tx, r, user, id, idField, true));
      const ctx = { tx, user, operation: 'edit' as const, before };
      await r.hooks.validate?.(input, ctx);
      values = valuesOf(r, input, r.editFields);
      if (r.hooks.prepare) values = await r.hooks.prepare(values, ctx);
      const [row] = await tx.update(r.table).set({ ...values, updatedAt: sql`now()`, updatedBy: user.userId } as never)
        .where(eq(column(r, r.spec.key), id)).returning() as Record<string, unknown>[];
      const record = toRecord(r, row!);
      await r.hooks.afterWrite?.(record, ctx);
      return (await decorated(r, tx, [record]))[0]!;
    });
  } catch (error) {
    return uniqueRefusal(r, error, values);
  }
}

export async function deleteRecord(db: Db, r: StoredResource, user: AuthContext, id: unknown, idField: string): Promise<void> {
  await db.transaction(async (tx) => {
    const record = toRecord(r, await stored(tx, r, user, id, idField, true));
    await r.hooks.beforeDelete?.(record, { tx, user, operation: 'delete' });
    const where = eq(column(r, r.spec.key), id);
    // A soft-deleted record keeps its row (and who deleted it) but frees its unique values.
    if (r.spec.softDelete) await tx.update(r.table).set({ deletedAt: sql`now()`, updatedAt: sql`now()`, updatedBy: user.userId } as never).where(where);
    else await tx.delete(r.table).where(where);
  });
}
