import type { ColumnSpec } from '../types';

/** A list column as the descriptor writes it: a field name, or an object naming the field. */
export const columnSpec = (column: string | ColumnSpec): ColumnSpec => (typeof column === 'string' ? { field: column } : column);
