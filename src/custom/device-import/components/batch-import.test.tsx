// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import '@/i18n';
import { call } from '@/api/client';
import { BatchImport } from './batch-import';

vi.mock('@/api/client', async (original) => ({ ...(await original<typeof import('@/api/client')>()), call: vi.fn() }));
const api = vi.mocked(call);

afterEach(() => {
  cleanup();
  api.mockReset();
});

describe('the CSV import', () => {
  it('uploads the file with its progress and lists every rejected row', async () => {
    let resolve: (value: unknown) => void = () => undefined;
    api.mockImplementation(((_: string, args: { onUploadProgress(f: number): void }) => {
      args.onUploadProgress(0.4);
      return new Promise((done) => {
        resolve = done;
      });
    }) as never);
    render(<App><BatchImport /></App>);
    const file = new File(['sn,snType\nA1,1\nA1,1\nB1,9\n'], 'devices.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByTestId('device-import-batch').querySelector('input[type=file]')!, { target: { files: [file] } });
    await waitFor(() => expect(screen.getByTestId('batch-progress').textContent).toContain('40%'));
    expect(api).toHaveBeenCalledWith('deviceImportBatch', expect.objectContaining({ body: { file }, silent: true }));

    resolve({ added: 1, rejected: [{ line: 3, sn: 'A1', reason: 'sn: already registered' }, { line: 4, sn: 'B1', reason: 'snType: not a device type' }] });
    await waitFor(() => expect(screen.getByTestId('batch-outcome').textContent).toBe('1 added, 2 rejected'));
    expect(screen.queryByTestId('batch-progress')).toBeNull();
    const rows = screen.getByTestId('batch-rejected').querySelectorAll('tbody tr');
    expect([...rows].map((r) => r.textContent)).toEqual(['3A1sn: already registered', '4B1snType: not a device type']);
  });
});
