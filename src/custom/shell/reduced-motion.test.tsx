// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefersReducedMotion, useReducedMotion } from './reduced-motion';

/** A matchMedia whose reduce-motion answer the test switches, telling its listeners. */
function systemSetting(reduce: boolean) {
  const listeners = new Set<() => void>();
  const list = {
    get matches() { return reduce; },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', (query: string) => (query === '(prefers-reduced-motion: reduce)' ? list : { matches: false, addEventListener() {}, removeEventListener() {} }));
  return {
    change(next: boolean) { reduce = next; listeners.forEach((listener) => listener()); },
    listenerCount: () => listeners.size,
  };
}

function Probe() {
  return <span data-testid="probe">{useReducedMotion() ? 'still' : 'moving'}</span>;
}

afterEach(() => vi.unstubAllGlobals());

describe('reduced motion', () => {
  it('reads the system setting', () => {
    systemSetting(true);
    expect(prefersReducedMotion()).toBe(true);
    systemSetting(false);
    expect(prefersReducedMotion()).toBe(false);
  });

  it('follows a change of the setting while the page is open, and stops listening when unmounted', () => {
    const setting = systemSetting(false);
    const view = render(<Probe />);
    expect(view.getByTestId('probe').textContent).toBe('moving');
    act(() => setting.change(true));
    expect(view.getByTestId('probe').textContent).toBe('still');
    view.unmount();
    expect(setting.listenerCount()).toBe(0);
  });

  it('counts as motion allowed where the browser cannot tell', () => {
    vi.stubGlobal('matchMedia', undefined);
    expect(prefersReducedMotion()).toBe(false);
  });
});
