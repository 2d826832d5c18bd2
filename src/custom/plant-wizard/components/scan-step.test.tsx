// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { App } from 'antd';
import '@/i18n';
import { call } from '@/api/client';
import { ScanStep, type ScanResult } from './scan-step';
import type { ScannedBox, ScannedDevice } from '../add-info';

vi.mock('@/api/client', async (original) => ({ ...(await original<typeof import('@/api/client')>()), call: vi.fn() }));
const api = vi.mocked(call);

afterEach(() => {
  cleanup();
  api.mockReset();
  document.body.innerHTML = '';
});

const record = (sn: string, snType: number, more: Partial<ScannedDevice> = {}): ScannedDevice => ({
  sn, snType: snType as ScannedDevice['snType'], snExist: 1, isBindPlant: 0, hasChild: 0, childSnList: [], isShowRatedPower: 0, isShowAliases: 0, ...more,
});

/** The inventory the mocked server answers from. */
const inventory: Record<string, ScannedDevice> = {
  INV1: record('INV1', 1, { isShowRatedPower: 1, isShowAliases: 1 }),
  MTR1: record('MTR1', 2),
  CHG1: record('CHG1', 6),
  BOUND: record('BOUND', 1, { isBindPlant: 1 }),
  EMS1: record('EMS1', 3, { ifCMPDevice: 1, hasChild: 1, childSnList: [{ sn: 'MOD1', snType: 4, snExist: 1, isBindPlant: 0 }] }),
};

function Harness({ onNext }: { onNext(result: ScanResult): void }) {
  const [boxes, setBoxes] = useState<ScannedBox[]>([]);
  return <App><ScanStep boxes={boxes} onChange={setBoxes} onNext={onNext} /></App>;
}

function serve() {
  api.mockImplementation((async (operation: string, args: { query?: { sn: string } }) => {
    if (operation === 'checkFirstScanSnInfoV2') return inventory[args.query!.sn] ?? record(args.query!.sn, 1, { snExist: 0 });
    if (operation === 'validateDeviceSnList') return { plantType: 0, isParallelShow: 1 };
    throw new Error(operation);
  }) as never);
}

const scan = (sn: string) => {
  fireEvent.change(screen.getByTestId('scan-input'), { target: { value: sn } });
  fireEvent.click(screen.getByTestId('scan-button'));
};
// Toasts render after a state update and antd's message queue: under a loaded parallel run that
// takes longer than waitFor's 1 s default, so the wait is bounded more loosely (no time is asserted).
const warned = (text: string) => waitFor(() => expect(document.body.textContent).toContain(text), { timeout: 5000 });

describe('the scan step', () => {
  it('refuses with a warning what cannot join, and asks for valid rated powers before going on', async () => {
    serve();
    const onNext = vi.fn();
    render(<Harness onNext={onNext} />);
    fireEvent.click(screen.getByTestId('wizard-next'));
    await warned('Add at least one device');

    scan('NOPE');
    await warned('This device does not exist');
    scan('BOUND');
    await warned('This device already belongs to a plant');
    scan(' INV1 ');
    await waitFor(() => expect(screen.getAllByTestId('scan-box')).toHaveLength(1));
    expect((screen.getByTestId('scan-input') as HTMLInputElement).value).toBe('');
    scan('inv1');
    await warned('This serial number has already been scanned');
    scan('MTR1');
    await warned('This device cannot be combined with the devices scanned before');
    scan('CHG1');
    await waitFor(() => expect(screen.getAllByTestId('scan-box')).toHaveLength(2));
    // The box shows before the scan's busy state clears, and a loading button ignores clicks.
    await waitFor(() => expect(screen.getByTestId('wizard-next').className).not.toContain('ant-btn-loading'));

    fireEvent.click(screen.getByTestId('wizard-next'));
    await warned('Enter the rated power of every device');
    const power = screen.getByLabelText('Rated power of INV1') as HTMLInputElement;
    fireEvent.change(power, { target: { value: '2600' } });
    fireEvent.blur(power);
    await warned('A rated power is outside its range');
    await waitFor(() => expect(power.value).toBe(''));
    expect(screen.getAllByTestId('rated-power-range')[0]!.className).toContain('danger');
    fireEvent.change(power, { target: { value: '2500' } });
    fireEvent.blur(power);
    fireEvent.change(screen.getByLabelText('Alias of INV1'), { target: { value: 'x' } });
    fireEvent.click(screen.getByTestId('wizard-next'));
    await warned('An alias has 2 to 30 characters and no comma');
    expect(onNext).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Alias of INV1'), { target: { value: 'Roof' } });
    fireEvent.click(screen.getByTestId('wizard-next'));
    await waitFor(() => expect(onNext).toHaveBeenCalledWith({ plantType: 0, isParallelShow: 1 }));
    expect(api).toHaveBeenCalledWith('validateDeviceSnList', { body: [{ deviceSn: 'INV1' }, { deviceSn: 'CHG1' }], silent: true });
  }, 20_000); // a dozen toasts, each awaited: slower than the 5 s default on a loaded machine

  it('closes scanning after a meter, and lets children of a CMP energy manager be removed', async () => {
    serve();
    render(<Harness onNext={() => undefined} />);
    scan('MTR1');
    await waitFor(() => expect((screen.getByTestId('scan-button') as HTMLButtonElement).disabled).toBe(true));
    cleanup();

    render(<Harness onNext={() => undefined} />);
    scan('EMS1');
    await waitFor(() => expect(screen.getAllByTestId('scan-child')).toHaveLength(1));
    fireEvent.click(screen.getByLabelText('Remove MOD1'));
    expect(screen.queryAllByTestId('scan-child')).toHaveLength(0);
    fireEvent.click(screen.getByLabelText('Remove EMS1'));
    expect(screen.queryAllByTestId('scan-box')).toHaveLength(0);
  });
});
