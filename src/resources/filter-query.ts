import type { CrudFilter } from '@refinedev/core';
import type { ResourceDescriptor } from './types';

/** Filters become query parameters named by the descriptor (`param`, default the field). */
export function filterQuery(descriptor: ResourceDescriptor, filters: CrudFilter[] = []): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const filter of filters) {
    if (!('field' in filter) || filter.value === undefined || filter.value === '' || filter.value === null) continue;
    const declared = descriptor.list.filters?.find((f) => f.field === filter.field);
    const isParent = filter.field === descriptor.list.parentParam;
    if (!declared && !isParent) continue;
    query[declared?.param ?? filter.field] = filter.value;
  }
  return query;
}
