// @vitest-environment jsdom
// A page that fails shows why and a way out instead of a blank window: its code that did not
// arrive, or an error while drawing; the next page (another reset key) starts again.
import { lazy, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import '@/i18n';
import { isChunkLoadError, PageErrorBoundary } from './page-error-boundary';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Broken(): never {
  throw new Error('Cannot read properties of undefined (reading \'plantName\')');
}

describe('a failed page', () => {
  it('whose code did not arrive asks to check the connection and reload', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Missing = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/plant-list-x1.js')));
    render(<PageErrorBoundary resetKey="/plant"><Suspense fallback="loading"><Missing /></Suspense></PageErrorBoundary>);
    expect(await screen.findByText('This page could not be loaded')).toBeTruthy();
    expect(screen.getByText('Its code did not arrive: check your connection, then reload the page.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('that threw says so, and the next page is shown again', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = render(<PageErrorBoundary resetKey="/plant"><Broken /></PageErrorBoundary>);
    expect(screen.getByText(/Something went wrong while showing it/)).toBeTruthy();
    view.rerender(<PageErrorBoundary resetKey="/index"><p>Home</p></PageErrorBoundary>);
    expect(screen.getByText('Home')).toBeTruthy();
    expect(screen.queryByText('This page could not be loaded')).toBeNull();
  });
});

describe('a lazy page\'s failed import', () => {
  it.each([
    ['Failed to fetch dynamically imported module: https://portal/assets/a.js', true],
    ['Importing a module script failed.', true],
    ['error loading dynamically imported module', true],
    ['Loading chunk 12 failed.', true],
    ['Cannot read properties of undefined', false],
  ])('%s: %s', (message, expected) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(expected);
  });

  it('is not a value that is no error', () => {
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
