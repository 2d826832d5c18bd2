// Paging as PROTOCOL.md fixes it (pageNo from 1, pageSize default 10, capped at 1000), and lists
// that stay fast as tables grow (docs/operations.md "Lists"):
// - a page is read with LIMIT/OFFSET over an index of the list's order, no deeper than
//   MAX_PAGE_DEPTH rows: past it the answer is 10003 naming pageNo (narrow the filter instead);
// - `total` is counted exactly up to COUNT_CAP rows and is the planner's estimate past it; such a
//   long count is reused for COUNT_CACHE_MS for the same list and filter, so paging through a long
//   list does not recount it for every page (short lists are always counted, so always exact).
import { count, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { fieldError } from '../errors.ts';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 1000;
// Like search engines' result windows: nobody reads row 10,001 of a list by paging to it, and
// every deeper offset costs the database a walk over all the rows before it.
export const MAX_PAGE_DEPTH = 10_000;
export const COUNT_CAP = 10_000;
export const COUNT_CACHE_MS = 5_000;

export interface PageRequest {
  pageNo?: number;
  pageSize?: number;
}

export interface Page<T> {
  list: T[];
  total: number;
  pageNo: number;
  pageSize: number;
}

export function pageWindow(request: PageRequest) {
  const pageNo = Math.max(1, request.pageNo ?? 1);
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, request.pageSize ?? DEFAULT_PAGE_SIZE));
  const offset = (pageNo - 1) * pageSize;
  if (offset + pageSize > MAX_PAGE_DEPTH) throw fieldError('pageNo', 'pageDepth', { limit: MAX_PAGE_DEPTH });
  return { pageNo, pageSize, offset };
}

const counts = new Map<string, { total: number; at: number }>();

/**
 * The `total` of a list whose rows `matching()` selects (one column is enough; a new query each
 * call, since a limit changes a query in place): exact up to
 * COUNT_CAP, the planner's estimate past it, reused for COUNT_CACHE_MS under `key` (the list's
 * name and everything its filter depends on, the caller's scope included).
 */
export async function countRows(db: Db, key: string, matching: () => PgSelect): Promise<number> {
  const cached = counts.get(key);
  if (cached && Date.now() - cached.at < COUNT_CACHE_MS) return cached.total;
  const [capped] = await db.select({ n: count() }).from(matching().limit(COUNT_CAP + 1).as('capped'));
  const exact = capped?.n ?? 0;
  if (exact <= COUNT_CAP) return exact;
  const total = Math.max(COUNT_CAP + 1, await plannerEstimate(db, sql`explain (format json) ${matching()}`));
  if (counts.size > 10_000) counts.clear();
  counts.set(key, { total, at: Date.now() });
  return total;
}

async function plannerEstimate(db: Db, explain: SQL): Promise<number> {
  const result = (await db.execute(explain)) as unknown as { rows: { 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }[] };
  return Math.round(result.rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
}

/** The count key of a list seen by one caller: its scope is part of what the filter depends on. */
export const listKey = (list: string, caller: { userId: string }, filter: object): string => `${list}:${caller.userId}:${JSON.stringify(filter)}`;

/** True when a database error is a unique-constraint violation (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
