// The organisation tree: lazy levels, flat searches and pages of offices, always inside the
// caller's scope (scope.ts). Siblings are shown in display order: `sort`, then name.
import { and, asc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { offices } from '../db/schema/index.ts';
import { listKey, pageWindow, readPage, type Page, type PageRequest } from './paging.ts';
import { sortTerms, type SortKey, type SortRequest } from './list-sort.ts';
import { assertOfficeInScope, escapeLike, officeScope, pathInScope, resolveScope, type Scope, type ScopeCaller } from './scope.ts';

// Written out in full: in a one-table select list Drizzle leaves columns unqualified, and inside
// these subqueries a bare "id" would be the inner row's own.
const hasSubOffice = sql<number>`(case when exists (select 1 from offices c where c.parent_id = "offices"."id") then 1 else 0 end)`.mapWith(Number);
const accountNum = sql<number>`(select count(*) from users u where u.office_id = "offices"."id" and u.status <> 'cancelled')`.mapWith(Number);

const nodeColumns = { officeId: offices.id, officeName: offices.name, parentId: offices.parentId, path: offices.path, hasSubOffice };
const displayOrder = [asc(offices.sort), asc(offices.name), asc(offices.id)];

const nameContains = (searchKey: string | undefined): SQL | undefined => {
  const text = searchKey?.trim();
  return text ? ilike(offices.name, `%${escapeLike(text)}%`) : undefined;
};

export interface TreeNode {
  officeId: string;
  officeName: string;
  hasSubOffice: 0 | 1;
}

const toNode = (row: { officeId: string; officeName: string; hasSubOffice: number }): TreeNode =>
  ({ officeId: row.officeId, officeName: row.officeName, hasSubOffice: row.hasSubOffice ? 1 : 0 });

/** The direct sub-offices of one office (10005 when it is outside the scope). */
export async function subOffices(db: Db, caller: ScopeCaller, officeId: string): Promise<TreeNode[]> {
  await assertOfficeInScope(db, caller, officeId);
  const rows = await db.select(nodeColumns).from(offices).where(eq(offices.parentId, officeId)).orderBy(...displayOrder);
  return rows.map(toNode);
}

/** The roots of a scope: the offices whose subtrees it spans. */
export async function scopeRoots(db: Db, scope: Scope) {
  if (!scope.officePaths.length) return [];
  return db.select(nodeColumns).from(offices).where(inArray(offices.path, scope.officePaths)).orderBy(...displayOrder);
}

/**
 * The organisation picker: without a search, the scope's roots, each with its direct sub-offices;
 * with one, the matching offices anywhere in the scope as a flat list.
 */
export async function officeTreePage(db: Db, caller: ScopeCaller, request: PageRequest & { searchKey?: string | undefined }) {
  const { pageNo, pageSize, offset } = pageWindow(request);
  const scope = await resolveScope(db, caller);
  const search = nameContains(request.searchKey);
  if (search) {
    const condition = and(officeScope(scope), search);
    const { rows, total } = await readPage(db, listKey('officeSearch', caller, { search: request.searchKey }),
      () => db.select({ id: offices.id }).from(offices).where(condition).$dynamic(),
      (extra) => db.select({ ...nodeColumns, ...extra }).from(offices).where(condition).orderBy(...displayOrder).limit(pageSize).offset(offset));
    return { list: rows.map((row) => ({ ...toNode(row), childOffice: [] as TreeNode[] })), total, pageNo, pageSize };
  }
  const roots = await scopeRoots(db, scope);
  const shown = roots.slice(offset, offset + pageSize);
  const children = shown.length
    ? await db.select(nodeColumns).from(offices).where(inArray(offices.parentId, shown.map((r) => r.officeId))).orderBy(...displayOrder)
    : [];
  const list = shown.map((root) => ({ ...toNode(root), childOffice: children.filter((c) => c.parentId === root.officeId).map(toNode) }));
  return { list, total: roots.length, pageNo, pageSize };
}

export interface OfficeFilter extends PageRequest, SortRequest {
  searchOfficeIdArr?: string | undefined;
  searchKey?: string | undefined;
  parentId?: string | undefined;
}

const parent = alias(offices, 'parent_office');

/** pageOffice's sortable fields (offices_name_idx and offices_created_idx, each with the id). */
const officeSortKeys: Record<string, SortKey> = {
  officeName: { by: offices.name, natural: 'asc' },
  createTime: { by: offices.createdAt, natural: 'desc' },
};

const rowColumns = () => ({
  ...nodeColumns, accountNum, createdAt: offices.createdAt, parentName: parent.name, officeType: offices.officeType,
  countryCode: offices.countryCode, contactName: offices.contactName, contactPhone: offices.contactPhone, email: offices.email, address: offices.address,
});

/** The office's own details that are set (an unset one is left out of the answer). */
const details = (row: Record<(typeof OFFICE_DETAILS)[number], string | null>) =>
  Object.fromEntries(OFFICE_DETAILS.flatMap((field) => (row[field] ? [[field, row[field]]] : []))) as Partial<Record<(typeof OFFICE_DETAILS)[number], string>>;
export const OFFICE_DETAILS = ['countryCode', 'contactName', 'contactPhone', 'email', 'address'] as const;

type OfficeSelect = { officeId: string; officeName: string; hasSubOffice: number; parentId: string | null; parentName: string | null; accountNum: number; createdAt: Date; officeType: number }
  & Record<(typeof OFFICE_DETAILS)[number], string | null>;

function toOfficeRow(row: OfficeSelect) {
  return {
    ...toNode(row),
    ...(row.parentId ? { parentId: row.parentId } : {}),
    ...(row.parentName ? { parentName: row.parentName } : {}),
    officeType: row.officeType as 1 | 2 | 3 | 4 | 5,
    ...details(row),
    accountNum: row.accountNum,
    createTime: row.createdAt.toISOString(),
  };
}
export type OfficeRow = ReturnType<typeof toOfficeRow>;

/** One office of the caller's scope as the office list shows it (10005 outside the scope). */
export async function officeRow(db: Db, caller: ScopeCaller, officeId: string): Promise<OfficeRow> {
  await assertOfficeInScope(db, caller, officeId);
  const [row] = await db.select(rowColumns()).from(offices).leftJoin(parent, eq(parent.id, offices.parentId)).where(eq(offices.id, officeId));
  return toOfficeRow(row!);
}

/** Offices of the (possibly narrowed) scope, for the administration list and office pickers. */
export async function pageOffices(db: Db, caller: ScopeCaller, filter: OfficeFilter) {
  const { pageNo, pageSize, offset } = pageWindow(filter);
  const scope = await resolveScope(db, caller, filter.searchOfficeIdArr);
  if (filter.parentId) await assertOfficeInScope(db, caller, filter.parentId);
  const condition = and(officeScope(scope), nameContains(filter.searchKey), filter.parentId ? eq(offices.parentId, filter.parentId) : undefined);
  const order = sortTerms(officeSortKeys, offices.id, filter) ?? displayOrder;
  const { pageNo: _p, pageSize: _s, ...criteria } = filter;
  const { rows, total } = await readPage(db, listKey('offices', caller, criteria),
    () => db.select({ id: offices.id }).from(offices).where(condition).$dynamic(),
    (extra) => db.select({ ...rowColumns(), ...extra })
      .from(offices).leftJoin(parent, eq(parent.id, offices.parentId))
      .where(condition).orderBy(...order).limit(pageSize).offset(offset));
  return { list: rows.map(toOfficeRow), total, pageNo, pageSize } satisfies Page<OfficeRow>;
}

/** An office and all its descendants, parents before children (the account forms' office choices). */
export async function officeWithDescendants(db: Db, caller: ScopeCaller, officeId: string) {
  const office = await assertOfficeInScope(db, caller, officeId);
  const subtree = pathInScope({ userId: caller.userId, officePaths: [office.path], own: false }, offices.path);
  const rows = await db.select(nodeColumns).from(offices).where(subtree).orderBy(asc(offices.path)).limit(1000);
  return rows.map((row) => ({ ...toNode(row), ...(row.parentId ? { parentId: row.parentId } : {}) }));
}
