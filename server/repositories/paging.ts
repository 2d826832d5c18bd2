// Paging as PROTOCOL.md fixes it: pageNo from 1, pageSize default 10, capped at 1000.
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 1000;

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
  return { pageNo, pageSize, offset: (pageNo - 1) * pageSize };
}

/** True when a database error is a unique-constraint violation (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
