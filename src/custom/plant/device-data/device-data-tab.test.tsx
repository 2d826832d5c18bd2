// @vitest-environment jsdom
// The device data tab with a mocked `call` and `download`: the records of the chosen device and
// range in the plant's time zone with only the columns it reports, the XLSX and CSV exports of
// exportPvMeterList with their progress on the button, and the not-yet state while the server
// does not implement the export.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import '@/i18n';
import { ApiError, call, download, type DownloadedFile } from '@/api/client';
import { saveFile } from '@/custom/shell/save-file';
import { DeviceDataTab } from './device-data-tab';

vi.mock('@/api/client', async (original) => ({ ...(await original<typeof import('@/api/client')>()), call: vi.fn(), download: vi.fn() }));
vi.mock('@/custom/shell/save-file', () => ({ saveFile: vi.fn() }));
const api = vi.mocked(call);
const fetchFile = vi.mocked(download);
const saved = vi.mocked(saveFile);

afterEach(() => {
  cleanup();
  api.mockReset();
  fetchFile.mockReset();
  saved.mockReset();
});

const LAYOUT = { plantUid: 'P1', devices: [
  { deviceSn: 'INV1', deviceType: 1, status: 1, alias: 'Roof', power: 2000 },
  { deviceSn: 'MTR1', deviceType: 2, status: 1, power: -300 },
] };
const RECORDS = { total: 2, pageNo: 1, pageSize: 10, list: [
  { time: '2026-05-01T08:05:00Z', pvPower: 3500, acPower: 3300, batterySoc: 61.25, pvEnergyTotal: 1234.5, gridPower: null },
  { time: '2026-05-01T08:00:00Z', pvPower: 3000, acPower: 2900, batterySoc: 61, pvEnergyTotal: 1234.25, gridPower: null },
] };

function serve() {
  api.mockImplementation((async (operation: string) => {
    if (operation === 'getPlantSiteLayoutData') return LAYOUT;
    if (operation === 'pagePvMeterData') return RECORDS;
    throw new Error(`unexpected ${operation}`);
  }) as never);
}

const tab = (path = '/plant?plantUid=P1&tab=data') => render(<App><MemoryRouter initialEntries={[path]}><DeviceDataTab plantUid="P1" timeZone="Asia/Shanghai" /></MemoryRouter></App>);

describe('the device data tab', { timeout: 30_000 }, () => {
  it('lists the first device\'s records of today in the plant\'s time zone, with the columns it reports', async () => {
    serve();
    tab();
    const table = await screen.findByTestId('pv-data-table');
    await within(table).findByText('2026-05-01 16:05:00');
    expect(within(table).getByText('3.5 kW')).toBeTruthy();
    expect(within(table).getByText('61.3 %')).toBeTruthy();
    expect(within(table).getAllByText('1.23 MWh')).toHaveLength(2);
    // No record reports grid power: no such column.
    expect(within(table).queryByText('Grid power (+ import, − export)')).toBeNull();
    expect(api).toHaveBeenCalledWith('pagePvMeterData', expect.objectContaining({
      query: expect.objectContaining({ deviceSn: 'INV1', queryStartDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), pageNo: 1 }),
    }));
  });

  it('opens the device named in the address', async () => {
    serve();
    tab('/plant?plantUid=P1&tab=data&deviceSn=MTR1');
    await screen.findByTestId('pv-data-table');
    await waitFor(() => expect(api).toHaveBeenCalledWith('pagePvMeterData', expect.objectContaining({ query: expect.objectContaining({ deviceSn: 'MTR1' }) })));
  });

  it('shows the XLSX export\'s progress on its button, then saves the file', async () => {
    serve();
    let finish: (file: DownloadedFile) => void = () => undefined;
    fetchFile.mockImplementation((async (_: string, args: { onDownloadProgress: (received: number, total?: number) => void }) => {
      args.onDownloadProgress(512, 1024);
      return new Promise<DownloadedFile>((resolve) => {
        finish = resolve;
      });
    }) as never);
    tab();
    await screen.findByTestId('pv-data-table');
    fireEvent.click(screen.getByTestId('pv-export-xlsx'));
    await waitFor(() => expect(screen.getByTestId('pv-export-xlsx').textContent).toContain('Exporting 50%'));
    // One export at a time: the other button waits.
    expect((screen.getByTestId('pv-export-csv') as HTMLButtonElement).disabled).toBe(true);
    expect(fetchFile).toHaveBeenCalledWith('exportPvMeterList', expect.objectContaining({
      query: expect.objectContaining({ deviceSn: 'INV1', format: 'xlsx', queryStartDate: expect.any(String), queryEndDate: expect.any(String) }),
    }));
    const file = { blob: new Blob(['x']), filename: 'INV1.xlsx' };
    finish(file);
    await waitFor(() => expect(saved).toHaveBeenCalledWith(file));
    await waitFor(() => expect(screen.getByTestId('pv-export-xlsx').textContent).toBe('Export XLSX'));
  });

  it('counts kilobytes when the size is not announced, and asks for CSV', async () => {
    serve();
    fetchFile.mockImplementation((async (_: string, args: { onDownloadProgress: (received: number, total?: number) => void }) => {
      args.onDownloadProgress(3 * 1024, undefined);
      return new Promise(() => undefined);
    }) as never);
    tab();
    await screen.findByTestId('pv-data-table');
    fireEvent.click(screen.getByTestId('pv-export-csv'));
    await waitFor(() => expect(screen.getByTestId('pv-export-csv').textContent).toContain('Exporting (3 kB)'));
    expect(fetchFile).toHaveBeenCalledWith('exportPvMeterList', expect.objectContaining({ query: expect.objectContaining({ format: 'csv' }) }));
  });

  it('shows the not-yet state while the server does not implement the export, and keeps the table', async () => {
    serve();
    fetchFile.mockRejectedValue(new ApiError(10001, 'not implemented: exportPvMeterList', [], 'exportPvMeterList'));
    tab();
    await screen.findByTestId('pv-data-table');
    fireEvent.click(screen.getByTestId('pv-export-xlsx'));
    expect((await screen.findByTestId('pv-export-not-yet')).textContent).toContain('not available yet');
    expect(screen.getByTestId('pv-data-table')).toBeTruthy();
    expect(saved).not.toHaveBeenCalled();
  });

  it('says so when the plant has no device', async () => {
    api.mockResolvedValue({ plantUid: 'P1', devices: [] } as never);
    tab();
    expect((await screen.findByTestId('pv-devices-empty')).textContent).toContain('This plant has no device yet');
  });
});
