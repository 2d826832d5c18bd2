// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import '@/i18n';
import { ApiError, call } from '@/api/client';
import { InstallerStep, useInstallerLookup } from './installer-step';

vi.mock('@/api/client', async (original) => ({ ...(await original<typeof import('@/api/client')>()), call: vi.fn() }));
const lookup = vi.mocked(call);

afterEach(() => {
  cleanup();
  lookup.mockReset();
});

/** The step as the wizard wires it: editing invalidates the lookup, blur looks the code up. */
function Harness({ locked = false }: { locked?: boolean }) {
  const [code, setCode] = useState('');
  const installer = useInstallerLookup();
  return (
    <InstallerStep code={code} lookup={installer.lookup} mandatory locked={locked} edit={false} saving={false}
      onCodeChange={(value) => {
        setCode(value);
        installer.invalidate();
      }}
      onBlur={() => void installer.lookUp(code)} onPrevious={() => undefined} onSave={() => undefined} />
  );
}

describe('the installer step', () => {
  it('looks the code up on blur, forgets it when the code changes, and a failed lookup shows and changes nothing', async () => {
    lookup.mockResolvedValueOnce({ name: 'Sunrise Installations', email: 'ops@sunrise.example' } as never);
    render(<Harness />);
    const input = screen.getByTestId('invite-code');
    fireEvent.change(input, { target: { value: ' SUNRISE1 ' } });
    fireEvent.blur(input);
    await waitFor(() => expect(screen.getByTestId('installer-found').textContent).toContain('Sunrise Installations'));
    expect(lookup).toHaveBeenCalledWith('getUserByInviteCode', { query: { inviteCode: 'SUNRISE1' }, silent: true });

    fireEvent.change(input, { target: { value: 'SUNRISE' } });
    expect(screen.queryByTestId('installer-found')).toBeNull();

    // A failed lookup shows nothing and changes nothing.
    lookup.mockRejectedValueOnce(new ApiError(10003, 'inviteCode: unknown'));
    await act(async () => {
      fireEvent.blur(input);
    });
    expect(screen.queryByTestId('installer-found')).toBeNull();
    expect((input as HTMLInputElement).value).toBe('SUNRISE');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('locks the code when asked to (edit mode with a stored code)', () => {
    render(<Harness locked />);
    expect((screen.getByTestId('invite-code') as HTMLInputElement).disabled).toBe(true);
  });
});
