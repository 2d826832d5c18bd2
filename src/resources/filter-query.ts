import type { CrudFilter, CrudSort } from '@refinedev/core';
import { columnSpec } from './components/column-spec';
import type { ResourceDescriptor } from './types';

const isEmpty = (value: unknown) => value === undefined || value === '' || value === null || (Array.isArray(value) && value.length === 0);

/**
 * Filters become query parameters named by the descriptor (`param`, default the field); a date
 * range ([first, last] days) goes in its two parameters (`range.from`, `range.to`).
 */
export function filterQuery(descriptor: ResourceDescriptor, filters: CrudFilter[] = []): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const filter of filters) {
    if (!('field' in filter) || isEmpty(filter.value)) continue;
    const declared = descriptor.list.filters?.find((f) => f.field === filter.field);
    const isParent = filter.field === descriptor.list.parentParam;
    if (!declared && !isParent) continue;
    if (declared?.range) {
      const [from, to] = Array.isArray(filter.value) ? filter.value as unknown[] : [];
      if (!isEmpty(from)) query[declared.range.from] = from;
      if (!isEmpty(to)) query[declared.range.to] = to;
    } else query[declared?.param ?? filter.field] = filter.value;
  }
  return query;
}

/**
 * A paged list's sort as the list operation takes it (the convention of openapi/paths/plants.yaml):
 * `sortField`, a column the descriptor marks `sorter`, and `sortOrder` asc or desc.
 */
export function sortQuery(descriptor: ResourceDescriptor, sorters: CrudSort[] = []): Record<string, string> {
  const sortable = new Set(descriptor.list.columns.map(columnSpec).filter((c) => c.sorter).map((c) => c.field));
  const sorter = sorters.find((s) => sortable.has(s.field));
  return sorter ? { sortField: sorter.field, sortOrder: sorter.order } : {};
}
