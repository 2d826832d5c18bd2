// What the registry (generated.ts, written by `npm run gen`) joins to each stored entity.
import type { PgTable } from 'drizzle-orm/pg-core';
import type { ResourceHooks } from './hooks.ts';

export interface StoredTable {
  table: PgTable;
  hooks?: ResourceHooks;
}

export type StoredTables = Record<string, StoredTable>;
