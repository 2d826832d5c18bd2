// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import '@/i18n';
import { call } from '@/api/client';
import type { ResourceDescriptor } from '../types';
import { ListSummary, summaryFields } from './list-summary';

vi.mock('@/api/client', async (original) => ({ ...(await original<typeof import('@/api/client')>()), call: vi.fn() }));
const api = vi.mocked(call);
afterEach(() => {
  cleanup();
  api.mockReset();
});

const descriptor = {
  name: 'userCoupon', entity: 'user-coupon', idField: 'id', operations: { list: 'pageUserCoupon' }, permissions: {},
  list: {
    columns: ['couponNo'],
    filters: [{ field: 'couponName' }, { field: 'status' }, { field: 'createTime', range: { from: 'startDate', to: 'endDate' } }],
    summary: { operation: 'userCouponStatistics', omit: ['status'], figures: [{ field: 'givenNum', label: 'userCoupon.summary.givenNum' }, { field: 'usedRate', label: 'userCoupon.summary.usedRate', suffix: '%' }] },
  },
} as unknown as ResourceDescriptor;

const filters = [
  { field: 'couponName', operator: 'eq' as const, value: 'Spring' },
  { field: 'status', operator: 'eq' as const, value: 2 },
  { field: 'createTime', operator: 'eq' as const, value: ['2026-11-01', '2026-11-30'] },
];

describe('the list summary', () => {
  it('asks with the list\'s filters but those it omits', () => {
    expect(summaryFields(descriptor, descriptor.list.summary!, filters)).toEqual({ couponName: 'Spring', startDate: '2026-11-01', endDate: '2026-11-30' });
  });

  it('shows each figure with its title, and asks again when the filters change', async () => {
    api.mockResolvedValue({ givenNum: 12, usedRate: 25.5 } as never);
    const { rerender } = render(<ListSummary descriptor={descriptor} filters={filters} rows={[]} />);
    await waitFor(() => expect(screen.getByTestId('list-summary').textContent).toContain('12'));
    expect(screen.getByText('Given')).toBeTruthy();
    expect(screen.getByTestId('list-summary').textContent).toContain('25.5%');
    expect(api).toHaveBeenCalledWith('userCouponStatistics', { query: { couponName: 'Spring', startDate: '2026-11-01', endDate: '2026-11-30' }, silent: true });
    rerender(<ListSummary descriptor={descriptor} filters={[]} rows={[]} />);
    await waitFor(() => expect(api).toHaveBeenLastCalledWith('userCouponStatistics', { query: {}, silent: true }));
  });
});
