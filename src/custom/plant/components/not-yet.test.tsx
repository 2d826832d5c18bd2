// @vitest-environment jsdom
// The reports tab before its operation exists: the server's `not implemented` answer becomes a
// translated empty state, and the tab keeps calling the operation.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { App } from 'antd';
import '@/i18n';
import { ApiError, call } from '@/api/client';
import { ReportsTab } from './reports-tab';
import { isNotImplemented } from './not-yet';

vi.mock('@/api/client', async (original) => ({ ...(await original<typeof import('@/api/client')>()), call: vi.fn() }));
const api = vi.mocked(call);

afterEach(() => {
  cleanup();
  api.mockReset();
});

const notImplemented = (operationId: string) => new ApiError(10001, `not implemented: ${operationId}`, [], operationId);

describe('isNotImplemented', () => {
  it('recognises only the server\'s not-implemented answer', () => {
    expect(isNotImplemented(notImplemented('alarmEventPage'))).toBe(true);
    expect(isNotImplemented(new ApiError(10001, 'System exception, please try again later'))).toBe(false);
    expect(isNotImplemented(new ApiError(10005, 'not implemented: x'))).toBe(false);
    expect(isNotImplemented(new Error('not implemented: x'))).toBe(false);
    expect(isNotImplemented(undefined)).toBe(false);
  });
});

describe('tabs of operations not implemented yet', () => {
  it('show why the reports are empty', async () => {
    api.mockRejectedValue(notImplemented('getOnePlantReport'));
    render(<App><ReportsTab plantUid="P1" /></App>);
    expect((await screen.findByTestId('reports-not-yet')).textContent).toContain('Reports are built from telemetry: not available yet');
    expect(api).toHaveBeenCalledWith('getOnePlantReport', expect.objectContaining({ query: expect.objectContaining({ plantUid: 'P1' }) }));
  });
});
