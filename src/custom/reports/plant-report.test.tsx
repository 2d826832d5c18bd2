// @vitest-environment jsdom
// The plant's report view with a mocked `call`: the period asked for in the plant's calendar, for
// each report type (a custom range with its end), moving between periods, the totals and the
// breakdown by time or by device, the export of the same period, and the empty and not-yet states.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import '@/i18n';
import { ApiError, call, download } from '@/api/client';
import { PlantReport } from './plant-report';

vi.mock('@/api/client', async (original) => ({ ...(await original<typeof import('@/api/client')>()), call: vi.fn(), download: vi.fn() }));
vi.mock('@/custom/shell/save-file', () => ({ saveFile: vi.fn() }));
vi.mock('@/custom/charts/g2-plot', () => import('@/custom/charts/g2-plot.stub'));
const api = vi.mocked(call);
const fetchFile = vi.mocked(download);

// 7 May 2026, 01:30 in Berlin but still 6 May in New York: the plant's calendar decides.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-05-06T23:30:00Z'));
});
afterAll(() => vi.useRealTimers());
afterEach(() => {
  cleanup();
  api.mockReset();
  fetchFile.mockReset();
});

const energy = (pv: number) => ({ pvEnergy: pv, loadEnergy: 8, gridImportEnergy: 2, gridExportEnergy: 4, batteryChargeEnergy: 1, batteryDischargeEnergy: 0.5 });
const report = (query: Record<string, string>) => ({
  plantUid: 'P1', plantName: 'Sunny Roof', reportType: query.reportType, period: query.period, ...(query.endDate ? { endDate: query.endDate } : {}),
  ...energy(12.5), selfConsumptionRate: 68, selfSufficiencyRate: 75, income: 3.75, currencyName: 'EUR', co2Reduction: 12.46, equivalentHours: 1.52, peakPower: 5.2,
  items: [{ time: '2026-05-01', ...energy(7.5) }, { time: '2026-05-02', ...energy(5) }],
  devices: [{ deviceSn: 'INV1', deviceType: 1, alias: 'Roof', ...energy(12.5) }],
});

function serve(answer: (query: Record<string, string>) => unknown = report) {
  api.mockImplementation((async (operation: string, args: { query: Record<string, string> }) => {
    if (operation !== 'getOnePlantReport') throw new Error(`unexpected ${operation}`);
    const value = answer(args.query);
    if (value instanceof Error) throw value;
    return value;
  }) as never);
}
const lastQuery = () => (api.mock.calls.at(-1)![1] as { query: Record<string, string> }).query;
const view = () => render(<App><PlantReport plantUid="P1" timeZone="Europe/Berlin" /></App>);

describe('the plant report view', { timeout: 30_000 }, () => {
  it('starts with the plant\'s current month and shows its totals and days', async () => {
    serve();
    view();
    await screen.findByTestId('reports-data');
    expect(lastQuery()).toEqual({ plantUid: 'P1', reportType: 'month', period: '2026-05' });
    expect(screen.getByTestId('report-pvEnergy').textContent).toContain('12.5 kWh');
    expect(screen.getByTestId('report-selfConsumptionRate').textContent).toContain('68 %');
    expect(screen.getByTestId('report-income').textContent).toContain('3.75 EUR');
    expect(screen.getByTestId('report-peakPower').textContent).toContain('5.2 kW');
    expect(screen.getByTestId('report-chart').getAttribute('data-times')).toBe('01,02');
    expect(screen.getByTestId('report-items').textContent).toContain('7.5 kWh');
  });

  it('asks for each type in its own form, and a custom range with its end, never past today', async () => {
    serve();
    view();
    await screen.findByTestId('reports-data');
    fireEvent.click(screen.getByText('Daily'));
    await waitFor(() => expect(lastQuery()).toEqual({ plantUid: 'P1', reportType: 'day', period: '2026-05-07' }));
    fireEvent.click(screen.getByText('Yearly'));
    await waitFor(() => expect(lastQuery()).toEqual({ plantUid: 'P1', reportType: 'year', period: '2026' }));
    fireEvent.click(screen.getByText('Custom range'));
    await waitFor(() => expect(lastQuery()).toEqual({ plantUid: 'P1', reportType: 'custom', period: '2026-05-01', endDate: '2026-05-07' }));
    // A custom range moves by its own length.
    fireEvent.click(screen.getByTestId('report-period-prev'));
    await waitFor(() => expect(lastQuery()).toEqual({ plantUid: 'P1', reportType: 'custom', period: '2026-04-24', endDate: '2026-04-30' }));
    // Days of a range are labelled month-day.
    await waitFor(() => expect(screen.getByTestId('report-chart').getAttribute('data-times')).toBe('05-01,05-02'));
  });

  it('moves by whole periods and not past the current one', async () => {
    serve();
    view();
    await screen.findByTestId('reports-data');
    expect((screen.getByTestId('report-period-next') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('report-period-prev'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ reportType: 'month', period: '2026-04' }));
    expect((screen.getByTestId('report-period-next') as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the statistics by device', async () => {
    serve();
    view();
    await screen.findByTestId('reports-data');
    fireEvent.click(screen.getByText('By device'));
    const devices = await screen.findByTestId('report-devices');
    expect(devices.textContent).toContain('INV1');
    expect(devices.textContent).toContain('Roof');
    expect(screen.queryByTestId('report-items')).toBeNull();
  });

  it('exports the period shown, in the format asked for', async () => {
    serve();
    fetchFile.mockResolvedValue({ blob: new Blob(['x']), filename: 'r.csv' });
    view();
    await screen.findByTestId('reports-data');
    fireEvent.click(screen.getByText('Custom range'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ reportType: 'custom' }));
    fireEvent.click(screen.getByTestId('report-export-csv'));
    await waitFor(() => expect(fetchFile).toHaveBeenCalledWith('exportPlantReport', expect.objectContaining({
      query: { plantUid: 'P1', reportType: 'custom', period: '2026-05-01', endDate: '2026-05-07', format: 'csv' },
    })));
  });

  it('says when the period holds no energy', async () => {
    serve((q) => ({ ...report(q), ...energy(0), loadEnergy: 0, gridImportEnergy: 0, gridExportEnergy: 0, batteryChargeEnergy: 0, batteryDischargeEnergy: 0 }));
    view();
    expect((await screen.findByTestId('reports-empty')).textContent).toContain('No energy recorded in this period');
  });

  it('shows the not-yet state while the server does not implement reports', async () => {
    serve(() => new ApiError(10001, 'not implemented: getOnePlantReport', [], 'getOnePlantReport'));
    view();
    expect((await screen.findByTestId('reports-not-yet')).textContent).toContain('Reports are built from telemetry: not available yet');
  });
});
