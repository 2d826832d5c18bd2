// @vitest-environment jsdom
// The data provider sends a list's paging and filters where its operation takes them: the query
// of a GET list, the form body of a POST one (the points lists).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '@/api/client';
import { dataProvider } from './data-provider';

vi.mock('@/api/client', async (original) => ({ ...(await original<typeof import('@/api/client')>()), call: vi.fn() }));
const api = vi.mocked(call);
afterEach(() => api.mockReset());

describe('the data provider', () => {
  it('pages and filters a POST list in its body, and loads one of its records there too', async () => {
    api.mockResolvedValue({ list: [{ id: 3, ruleName: 'Daily' }], total: 1 } as never);
    const page = await dataProvider.getList({ resource: 'pointRule', pagination: { currentPage: 2, pageSize: 20 }, filters: [{ field: 'eventType', operator: 'eq', value: 5 }] });
    expect(page).toEqual({ data: [{ id: 3, ruleName: 'Daily' }], total: 1 });
    expect(api).toHaveBeenCalledWith('getPointRuleList', { body: { pageNo: 2, pageSize: 20, eventType: 5 }, silent: true });
    await dataProvider.getOne({ resource: 'pointRule', id: 3 });
    expect(api).toHaveBeenLastCalledWith('getPointRuleList', { body: { id: 3 }, silent: true });
  });

  it('pages and filters a GET list in its query', async () => {
    api.mockResolvedValue({ list: [], total: 0 } as never);
    await dataProvider.getList({ resource: 'order', pagination: { currentPage: 1, pageSize: 10 }, filters: [{ field: 'status', operator: 'eq', value: 1 }] });
    expect(api).toHaveBeenCalledWith('pageOrder', { query: { pageNo: 1, pageSize: 10, status: 1 }, silent: true });
  });
});
