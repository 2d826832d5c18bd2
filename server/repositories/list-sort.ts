// A list's `sortField`/`sortOrder` as ORDER BY terms. Each sortable field maps to the expression
// an index covers (the lists' migrations index exactly these, with the row's id after them), and
// the id breaks ties in the same direction, so that rows with equal keys keep one order and pages
// never overlap or skip a row.
import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';

export interface SortRequest {
  sortField?: string | undefined;
  sortOrder?: 'asc' | 'desc' | undefined;
}

/** A sortable field: the expression to order by and its direction when the request names none. */
export interface SortKey {
  by: AnyColumn | SQL;
  /** Names read best A to Z, times and amounts newest or largest first. */
  natural: 'asc' | 'desc';
}

/**
 * The ORDER BY of a sorted list, or undefined when the request names no sort field (the list
 * keeps its own default order). Fields come from the contract's enum, so an unknown one cannot
 * arrive; it is treated as no sort all the same.
 */
export function sortTerms(keys: Record<string, SortKey>, id: AnyColumn, request: SortRequest): SQL[] | undefined {
  const key = request.sortField ? keys[request.sortField] : undefined;
  if (!key) return undefined;
  const direction = (request.sortOrder ?? key.natural) === 'asc' ? asc : desc;
  return [direction(key.by), direction(id)];
}
