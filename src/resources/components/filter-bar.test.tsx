// @vitest-environment jsdom
// The filter bar hands what the user entered to the list: text by its label, a yes/no select,
// a date range as its two days (the picker itself is antd's; its value is mapped here), and a
// choice among another list's rows.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import '@/i18n';
import dayjs from 'dayjs';
import { call } from '@/api/client';
import { FilterBar, filterValue } from './filter-bar';
import type { EntitySchema, ResourceDescriptor } from '../types';

vi.mock('@/api/client', async (original) => ({ ...(await original<typeof import('@/api/client')>()), call: vi.fn() }));
afterEach(() => {
  cleanup();
  vi.mocked(call).mockReset();
});

const entity: EntitySchema = {
  type: 'object',
  properties: {
    sn: { type: 'string', title: 'deviceInventory.fields.sn', maxLength: 30 },
    active: { type: 'boolean', title: 'deviceInventory.fields.bound' },
    createTime: { type: 'string', format: 'date-time', title: 'common.fields.createTime' },
  },
};
const descriptor = {
  name: 'deviceInventory', entity: 'device-inventory', idField: 'sn', operations: { list: 'deviceInventoryPage' }, permissions: {},
  list: { columns: ['sn'], filters: [{ field: 'sn' }, { field: 'active' }, { field: 'createTime', range: { from: 'startDate', to: 'endDate' } }] },
} as unknown as ResourceDescriptor;

describe('the filter bar', () => {
  it('sends the typed text and the yes/no choice, and shows a range as two day inputs', async () => {
    const onSearch = vi.fn();
    render(<FilterBar descriptor={descriptor} entity={entity} onSearch={onSearch} />);
    fireEvent.change(screen.getByLabelText('Serial number'), { target: { value: 'INV01' } });
    fireEvent.mouseDown(screen.getByTestId('filter-boolean-active').querySelector('.ant-select-selector')!);
    fireEvent.click(await screen.findByTitle('No'));
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(onSearch).toHaveBeenCalled());
    expect(onSearch.mock.calls[0]![0]).toEqual([
      { field: 'sn', operator: 'eq', value: 'INV01' },
      { field: 'active', operator: 'eq', value: false },
      { field: 'createTime', operator: 'eq', value: undefined },
    ]);
    expect(document.querySelectorAll('.ant-picker-range input')).toHaveLength(2);
  });

  it('turns a chosen range into its two days, either end may stay open', () => {
    const range = descriptor.list.filters![2]!;
    expect(filterValue(range, [dayjs('2026-11-01'), dayjs('2026-11-30')])).toEqual(['2026-11-01', '2026-11-30']);
    expect(filterValue(range, [null, dayjs('2026-11-30')])).toEqual([undefined, '2026-11-30']);
    expect(filterValue(range, null)).toBeUndefined();
    expect(filterValue(descriptor.list.filters![0]!, '')).toBeUndefined();
  });

  it('offers a reference filter\'s choices from its operation, by label, and sends the value', async () => {
    vi.mocked(call).mockResolvedValue([{ roleKey: 'EndUser', roleName: 'End user' }, { roleKey: 'Auditor', roleName: 'Field auditor' }] as never);
    const accounts = {
      ...descriptor, list: { columns: ['sn'], filters: [{ field: 'roleKey', param: 'role', reference: { operation: 'endUserSelectRoleList', valueField: 'roleKey', labelField: 'roleName' } }] },
    } as unknown as ResourceDescriptor;
    const onSearch = vi.fn();
    render(<FilterBar descriptor={accounts} entity={{ type: 'object', properties: { roleKey: { type: 'string', title: 'account.fields.roleKey' } } }} onSearch={onSearch} />);
    fireEvent.mouseDown(screen.getByTestId('reference-roleKey').querySelector('.ant-select-selector')!);
    fireEvent.click(await screen.findByTitle('Field auditor'));
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(onSearch).toHaveBeenCalled());
    expect(onSearch.mock.calls[0]![0]).toEqual([{ field: 'roleKey', operator: 'eq', value: 'Auditor' }]);
    expect(call).toHaveBeenCalledWith('endUserSelectRoleList', expect.objectContaining({ silent: true }));
  }, 60_000);
});
