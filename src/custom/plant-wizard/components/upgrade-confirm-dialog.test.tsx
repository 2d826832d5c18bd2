// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import '@/i18n';
import { UpgradeConfirmDialog } from './upgrade-confirm-dialog';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** antd puts the test id on the checkbox's input; its label holds the countdown. */
const checkbox = () => screen.getByTestId('upgrade-agree') as HTMLInputElement;
const label = () => checkbox().closest('label')!.textContent;
const start = () => screen.getByTestId('upgrade-start');

describe('the upgrade confirmation', () => {
  it('counts down 5 s before its box can be ticked, and starts only once ticked', () => {
    vi.useFakeTimers();
    const onStart = vi.fn();
    render(<UpgradeConfirmDialog open serials={['INV1', 'INV2']} retry={false} busy={false} onStart={onStart} onCancel={() => undefined} />);
    expect(screen.getByText('INV1')).toBeTruthy();
    expect(label()).toContain('(5 s)');
    expect(checkbox().disabled).toBe(true);
    expect((start() as HTMLButtonElement).disabled).toBe(true);

    act(() => vi.advanceTimersByTime(4000));
    expect(label()).toContain('(1 s)');
    expect(checkbox().disabled).toBe(true);

    act(() => vi.advanceTimersByTime(1000));
    expect(checkbox().disabled).toBe(false);
    expect((start() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(checkbox());
    expect((start() as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(start());
    expect(onStart).toHaveBeenCalledOnce();
  });
});
