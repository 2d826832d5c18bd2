import { describe, expect, it } from 'vitest';
import { filterQuery, sortQuery } from './filter-query';
import { applies, holds } from './action-conditions';
import type { ResourceDescriptor, RowAction } from './types';

const descriptor = {
  name: 'coupon', entity: 'coupon', idField: 'id', operations: { list: 'couponPage' }, permissions: {},
  list: {
    columns: [{ field: 'name', sorter: true }, 'kind', { field: 'createTime', sorter: true }],
    filters: [{ field: 'name', param: 'searchKey' }, { field: 'valid', range: { from: 'startDate', to: 'endDate' } }, { field: 'active' }],
  },
} as unknown as ResourceDescriptor;

describe('filterQuery', () => {
  it('sends a date range as its two parameters, and a yes/no filter as it is', () => {
    expect(filterQuery(descriptor, [
      { field: 'name', operator: 'eq', value: 'spring' },
      { field: 'valid', operator: 'eq', value: ['2026-11-01', '2026-11-30'] },
      { field: 'active', operator: 'eq', value: false },
    ])).toEqual({ searchKey: 'spring', startDate: '2026-11-01', endDate: '2026-11-30', active: false });
  });

  it('sends only the ends of a range that are set, and nothing for empty or undeclared filters', () => {
    expect(filterQuery(descriptor, [
      { field: 'valid', operator: 'eq', value: [undefined, '2026-11-30'] },
      { field: 'name', operator: 'eq', value: '' },
      { field: 'other', operator: 'eq', value: 'x' },
    ])).toEqual({ endDate: '2026-11-30' });
  });
});

describe('sortQuery', () => {
  it('asks for a sort on a column the descriptor marks sortable', () => {
    expect(sortQuery(descriptor, [{ field: 'createTime', order: 'desc' }])).toEqual({ sortField: 'createTime', sortOrder: 'desc' });
  });

  it('asks for none on other columns', () => {
    expect(sortQuery(descriptor, [{ field: 'kind', order: 'asc' }])).toEqual({});
    expect(sortQuery(descriptor, [])).toEqual({});
  });
});

describe('action conditions', () => {
  const lock = { name: 'lock', operation: 'lockUser', permission: 'p', when: { field: 'status', in: [0], notSelf: 'userId' } } as RowAction;

  it('offers an action on rows holding its values, but not on the caller\'s own row', () => {
    expect(applies(lock, { userId: 'u2', status: 0 }, 'u1')).toBe(true);
    expect(applies(lock, { userId: 'u1', status: 0 }, 'u1')).toBe(false);
    expect(applies(lock, { userId: 'u2', status: 1 }, 'u1')).toBe(false);
    expect(applies({ ...lock, when: { notSelf: 'userId' } }, { userId: 'u2' }, 'u1')).toBe(true);
  });

  it('holds a descriptor\'s editWhen as an action\'s when, and every row without one', () => {
    expect(holds({ field: 'editable', in: [true] }, { editable: true })).toBe(true);
    expect(holds({ field: 'editable', in: [true] }, { editable: false })).toBe(false);
    expect(holds(undefined, { editable: false })).toBe(true);
  });
});
