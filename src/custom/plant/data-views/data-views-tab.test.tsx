// @vitest-environment jsdom
// The data views tab with a mocked `call`: the sub-groups in their order with their figures and
// the devices in none, the empty state, a sub-group's day in the plant's calendar (kept in the
// address), adding, editing and deleting through editPlantDataViews with the fields the contract
// wants, a 10003 shown on its field, and no editing for a caller who may not edit the plant.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, useLocation } from 'react-router';
import '@/i18n';
import { ApiError, call } from '@/api/client';
import { DataViewsTab } from './data-views-tab';

vi.mock('@/api/client', async (original) => ({ ...(await original<typeof import('@/api/client')>()), call: vi.fn() }));
vi.mock('@/custom/charts/g2-plot', () => import('@/custom/charts/g2-plot.stub'));
const api = vi.mocked(call);

// 7 May 2026, 07:30 in Shanghai but still 6 May in UTC: the plant's calendar decides.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-05-06T23:30:00Z'));
});
afterAll(() => vi.useRealTimers());
afterEach(() => {
  cleanup();
  api.mockReset();
});

const VIEWS = { plantUid: 'P1', subGroups: [
  { subGroupId: 7, subGroupName: 'East roof', sort: 1, deviceSns: ['INV1', 'INV2'], pvPower: 2500, todayPvEnergy: 12.5 },
  { subGroupId: 9, subGroupName: 'Barn', sort: 2, deviceSns: ['INV3'], pvPower: null, todayPvEnergy: 0 },
], ungroupedDeviceSns: ['INV4', 'MTR1'] };
const day = (query: { subGroupId: number; date: string }) => ({
  subGroupId: query.subGroupId, subGroupName: 'East roof', date: query.date, pvEnergy: 12.5,
  points: [{ time: '2026-05-07T00:00:00Z', pvPower: 1000 }, { time: '2026-05-07T00:05:00Z', pvPower: null }],
  devices: [
    { deviceSn: 'INV1', deviceType: 1, alias: 'East', status: 1, pvPower: 1500, pvEnergy: 7.5 },
    { deviceSn: 'INV2', deviceType: 1, alias: null, status: 3, pvPower: null, pvEnergy: 5 },
  ],
});

type Edit = (body: Record<string, unknown>) => unknown;
function serve({ views = VIEWS, edit = (() => VIEWS) as Edit } = {}) {
  api.mockImplementation((async (operation: string, args: { query: { subGroupId: number; date: string }; body: Record<string, unknown> }) => {
    if (operation === 'getPlantDataViews') return views;
    if (operation === 'getSubGroupData') return day(args.query);
    if (operation === 'editPlantDataViews') {
      const answer = edit(args.body);
      if (answer instanceof Error) throw answer;
      return answer;
    }
    throw new Error(`unexpected ${operation}`);
  }) as never);
}

function Address() {
  return <div data-testid="address">{useLocation().search}</div>;
}
const tab = (path = '/plant?plantUid=P1&tab=views', editable = true) => render(
  <App>
    <MemoryRouter initialEntries={[path]}><DataViewsTab plantUid="P1" timeZone="Asia/Shanghai" editable={editable} /><Address /></MemoryRouter>
  </App>,
);
const rows = async () => within(await screen.findByTestId('views-table')).getAllByRole('row').slice(1);
const rowOf = async (name: string) => (await rows()).find((r) => r.textContent?.includes(name))!;
const edits = () => api.mock.calls.filter(([operation]) => operation === 'editPlantDataViews').map(([, args]) => (args as unknown as { body: Record<string, unknown> }).body);
const dialog = () => screen.getByRole('dialog');
const transferItem = (sn: string) => within(dialog()).getByText(sn, { selector: '.ant-transfer-list-content-item-text' });

describe('the data views tab', { timeout: 30_000 }, () => {
  it('lists the sub-groups in their order with their devices, power now and energy today, and the devices in none', async () => {
    serve();
    tab();
    const [east, barn] = await rows();
    expect(east!.textContent).toContain('East roof');
    expect(within(east!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['East roof', '2', '2.5 kW', '12.5 kWh', 'EditDelete']);
    expect(within(barn!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Barn', '1', '–', '0 Wh', 'EditDelete']);
    expect(screen.getByTestId('views-ungrouped').textContent).toBe('In no sub-group: INV4, MTR1');
    // Nothing chosen yet: no day is asked for.
    expect(screen.getByTestId('views-pick')).toBeTruthy();
    expect(api).toHaveBeenCalledWith('getPlantDataViews', { query: { plantUid: 'P1' }, silent: true });
    expect(api).not.toHaveBeenCalledWith('getSubGroupData', expect.anything());
  });

  it('says so when the plant has no sub-group yet, with a hint to add one', async () => {
    serve({ views: { plantUid: 'P1', subGroups: [], ungroupedDeviceSns: ['INV1'] } });
    tab();
    const empty = await screen.findByTestId('views-empty');
    expect(empty.textContent).toContain('No data views yet');
    expect(empty.textContent).toContain('Add a sub-group to follow a roof face or a building on its own.');
    expect(screen.getByTestId('views-add')).toBeTruthy();
    expect(screen.queryByTestId('views-pick')).toBeNull();
  });

  it('shows the error of a failed load', async () => {
    api.mockRejectedValue(new ApiError(10005, 'You may not see this plant', [], 'getPlantDataViews'));
    tab();
    expect((await screen.findByTestId('views-error')).textContent).toContain('You may not see this plant');
  });

  it('offers no add, edit or delete to a caller who may not edit the plant', async () => {
    serve();
    tab('/plant?plantUid=P1&tab=views', false);
    await rows();
    expect(screen.queryByTestId('views-add')).toBeNull();
    expect(screen.queryByTestId('view-edit')).toBeNull();
    expect(screen.queryByTestId('view-delete')).toBeNull();
  });

  it('opens a chosen sub-group\'s day in the plant\'s calendar, keeps it in the address, and moves to the day before', async () => {
    serve();
    tab();
    fireEvent.click(within(await rowOf('East roof')).getByRole('button', { name: 'East roof' }));
    await waitFor(() => expect(api).toHaveBeenCalledWith('getSubGroupData', { query: { plantUid: 'P1', subGroupId: 7, date: '2026-05-07' }, silent: true }));
    expect(screen.getByTestId('address').textContent).toContain('group=7');
    const card = screen.getByTestId('view-day');
    // The curve's times are the plant's clock: 00:00 UTC is 08:00 in Shanghai.
    expect((await within(card).findByTestId('view-day-chart')).dataset.times).toBe('08:00,08:05');
    expect(within(card).getByTestId('view-day-energy').textContent).toContain('12.5 kWh');
    const devices = within(card).getByTestId('view-devices');
    const [first, second] = within(devices).getAllByRole('row').slice(1);
    expect(within(first!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['INV1', 'East', 'Online', '1.5 kW', '7.5 kWh']);
    expect(within(second!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['INV2', '–', 'Offline', '–', '5 kWh']);
    // Today is the last day there is.
    expect((screen.getByTestId('view-day-period-next') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('view-day-period-prev'));
    await waitFor(() => expect(api).toHaveBeenCalledWith('getSubGroupData', { query: { plantUid: 'P1', subGroupId: 7, date: '2026-05-06' }, silent: true }));
    await waitFor(() => expect((screen.getByTestId('view-day-period-next') as HTMLButtonElement).disabled).toBe(false));
  });

  it('opens the sub-group named in the address', async () => {
    serve();
    tab('/plant?plantUid=P1&tab=views&group=9');
    await screen.findByTestId('view-day');
    expect(api).toHaveBeenCalledWith('getSubGroupData', { query: { plantUid: 'P1', subGroupId: 9, date: '2026-05-07' }, silent: true });
    expect(screen.queryByTestId('views-pick')).toBeNull();
  });

  it('adds a sub-group of devices in none, sending the contract\'s fields, and lists the views it answers', async () => {
    const added = { ...VIEWS, subGroups: [...VIEWS.subGroups, { subGroupId: 11, subGroupName: 'South roof', sort: 3, deviceSns: ['INV4', 'MTR1'], pvPower: null, todayPvEnergy: 0 }], ungroupedDeviceSns: [] };
    serve({ edit: () => added });
    tab();
    await rows();
    fireEvent.click(screen.getByTestId('views-add'));
    await screen.findByRole('dialog');
    // Only the devices in no sub-group are offered.
    expect(within(dialog()).queryByText('INV1')).toBeNull();
    fireEvent.change(within(dialog()).getByLabelText('Name'), { target: { value: 'South roof' } });
    fireEvent.change(within(dialog()).getByLabelText('Display order'), { target: { value: '3' } });
    fireEvent.click(transferItem('INV4'));
    fireEvent.click(transferItem('MTR1'));
    fireEvent.click(within(dialog()).getByRole('button', { name: /Move in/ }));
    fireEvent.click(screen.getByTestId('view-save'));
    await waitFor(() => expect(edits()).toHaveLength(1));
    const [body] = edits();
    expect({ ...body, deviceSnArr: String(body!.deviceSnArr).split(',').sort() }).toEqual({ plantUid: 'P1', subGroupName: 'South roof', sort: 3, deviceSnArr: ['INV4', 'MTR1'] });
    const south = await waitFor(async () => {
      const row = await rowOf('South roof');
      expect(row).toBeTruthy();
      return row;
    });
    expect(within(south).getAllByRole('cell')[1]!.textContent).toBe('2');
    expect(screen.queryByTestId('views-ungrouped')).toBeNull();
    // Answered from the edit: the list is not asked for again.
    expect(api.mock.calls.filter(([operation]) => operation === 'getPlantDataViews')).toHaveLength(1);
  });

  it('shows a 10003 on the field it names and keeps the dialog open', async () => {
    serve({ edit: () => new ApiError(10003, 'subGroupName: unique', [{ field: 'subGroupName', rule: 'unique', message: 'East roof is already a sub-group of this plant' }], 'editPlantDataViews') });
    tab();
    await rows();
    fireEvent.click(screen.getByTestId('views-add'));
    await screen.findByRole('dialog');
    fireEvent.change(within(dialog()).getByLabelText('Name'), { target: { value: 'East roof' } });
    fireEvent.click(screen.getByTestId('view-save'));
    const item = within(dialog()).getByLabelText('Name').closest('.ant-form-item')!;
    await waitFor(() => expect(item.querySelector('.ant-form-item-explain-error')?.textContent).toBe('East roof is already a sub-group of this plant'));
    expect(edits()).toEqual([{ plantUid: 'P1', subGroupName: 'East roof', sort: 0, deviceSnArr: '' }]);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('edits a sub-group by its id; moving its last device out empties it', async () => {
    serve();
    tab();
    fireEvent.click(within(await rowOf('Barn')).getByTestId('view-edit'));
    await screen.findByRole('dialog');
    expect((within(dialog()).getByLabelText('Name') as HTMLInputElement).value).toBe('Barn');
    // Its own device and the devices in none are offered.
    expect(transferItem('INV3')).toBeTruthy();
    expect(transferItem('MTR1')).toBeTruthy();
    fireEvent.change(within(dialog()).getByLabelText('Name'), { target: { value: 'Big barn' } });
    fireEvent.click(transferItem('INV3'));
    fireEvent.click(within(dialog()).getByRole('button', { name: /Move out/ }));
    fireEvent.click(screen.getByTestId('view-save'));
    await waitFor(() => expect(edits()).toEqual([{ plantUid: 'P1', subGroupId: 9, subGroupName: 'Big barn', sort: 2, deviceSnArr: '' }]));
  });

  it('deletes a sub-group after confirmation, and forgets it in the address', async () => {
    const left = { ...VIEWS, subGroups: VIEWS.subGroups.slice(1), ungroupedDeviceSns: ['INV1', 'INV2', 'INV4', 'MTR1'] };
    serve({ edit: () => left });
    tab('/plant?plantUid=P1&tab=views&group=7');
    await screen.findByTestId('view-day');
    fireEvent.click(within(await rowOf('East roof')).getByTestId('view-delete'));
    fireEvent.click(await screen.findByTestId('view-delete-confirm'));
    await waitFor(() => expect(edits()).toEqual([{ plantUid: 'P1', subGroupId: 7, isDelete: 1 }]));
    await waitFor(async () => expect((await rows()).map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['Barn']));
    // The router commits the address after the list re-renders.
    await waitFor(() => expect(screen.getByTestId('address').textContent).not.toContain('group='));
    expect(screen.queryByTestId('view-day')).toBeNull();
  });
});
