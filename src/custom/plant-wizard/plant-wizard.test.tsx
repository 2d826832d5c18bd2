// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import '@/i18n';
import { ApiError, call } from '@/api/client';
import { PlantWizard } from './plant-wizard';

vi.mock('@/api/client', async (original) => ({ ...(await original<typeof import('@/api/client')>()), call: vi.fn() }));
vi.mock('@/providers/session', () => ({
  currentLoginInfo: () => Promise.resolve({ officeId: '1', roles: ['Administrator'], userInfo: { userType: 1 } }),
}));
const api = vi.mocked(call);

afterEach(() => {
  cleanup();
  api.mockReset();
});

const plant = {
  plantUid: 'P1', plantName: 'Roof', type: 1, countryCode: 'AU', timeZone: 'Australia/Sydney', address: '1 Solar St', systemPower: 8, gridPrice: 0.3,
  currencyName: 'AUD', isInstallMeter: 0, isParallel: 0, ifInstallPv: 1, pointInviteCode: 'SUNRISE1', installerOfficeName: 'Sunrise', installerOperatorEmail: 'a@b.c',
};

const CN = { region: 'cn', defaultCurrencyName: 'RMB', maxSystemPower: 1000, maxSystemPowerEmsC6: 10000 };

function serve(calls: string[], stored: Record<string, unknown> = plant, sysParam: object = { region: 'global', defaultCurrencyName: 'AUD', maxSystemPower: 10000, maxSystemPowerEmsC6: 10000 }) {
  api.mockImplementation((async (operation: string, args: { body?: unknown }) => {
    calls.push(operation);
    switch (operation) {
      case 'getOnePlantInfo': return stored;
      case 'getSysParam': return sysParam;
      case 'currencyList': return [{ currencyName: 'AUD', label: 'Australian dollar', maxGridPrice: 10000 }];
      case 'userCountryList': return [{ code: 'AU', label: 'Australia', type: 2, name: 'Australia' }];
      case 'timeZoneList': return [{ timeZone: 'Australia/Sydney', label: '(UTC+10:00) Sydney', utcOffset: 600 }];
      case 'editPlant': return { ...plant, ...(args.body as object) };
      default: throw new ApiError(10001, `not implemented: ${operation}`);
    }
  }) as never);
}

function renderWizard(props: Parameters<typeof PlantWizard>[0]) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/add-station']}>
        <App>
          <Routes>
            <Route path="/add-station" element={<PlantWizard {...props} />} />
            <Route path="/index" element={<div>home page</div>} />
          </Routes>
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const tab = (name: string) => screen.queryByRole('tab', { name });

describe('the plant wizard', () => {
  it('adds on step 1 with the later steps disabled', async () => {
    serve([]);
    renderWizard({});
    await waitFor(() => expect(tab('Scan devices')).not.toBeNull());
    expect(tab('Scan devices')!.getAttribute('aria-selected')).toBe('true');
    expect(tab('Plant details')!.getAttribute('aria-disabled')).toBe('true');
    expect(tab('Associate installer')!.getAttribute('aria-disabled')).toBe('true');
  });

  it('edits on step 2 without step 1 or Previous, with a locked invite code and Update, and scrolls to the top after a step change', async () => {
    const calls: string[] = [];
    serve(calls);
    const scrolled = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const onDone = vi.fn();
    renderWizard({ plantUid: 'P1', onDone });
    await waitFor(() => expect((screen.getByLabelText('Plant name') as HTMLInputElement).value).toBe('Roof'));
    expect(tab('Scan devices')).toBeNull();
    expect(tab('Plant details')!.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('plant-form').querySelector('[data-testid="wizard-previous"]')).toBeNull();

    scrolled.mockClear();
    fireEvent.change(screen.getByLabelText('Plant name'), { target: { value: 'Roof (new)' } });
    fireEvent.click(screen.getByTestId('plant-form').querySelector('[data-testid="wizard-next"]')!);
    await waitFor(() => expect(tab('Associate installer')!.getAttribute('aria-selected')).toBe('true'));
    expect((screen.getByTestId('invite-code') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByTestId('installer-found').textContent).toContain('Sunrise');
    await waitFor(() => expect(scrolled).toHaveBeenCalled(), { timeout: 2000 });

    const save = screen.getByTestId('installer-step').querySelector('[data-testid="wizard-save"]')!;
    expect(save.textContent).toBe('Update');
    fireEvent.click(save);
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('P1'));
    const body = (api.mock.calls.find(([operation]) => operation === 'editPlant')![1] as unknown as { body: Record<string, unknown> }).body;
    expect(body).toMatchObject({ plantUid: 'P1', plantName: 'Roof (new)', isInstallMeter: 0, isParallel: 0, timeZone: 'Australia/Sydney' });
    // A locked code is not sent again; the wizard stays (no jump after an edit).
    expect(body.pointInviteCode).toBeUndefined();
    expect(screen.queryByText('home page')).toBeNull();
    scrolled.mockRestore();
  });

  it('edits on the China site with the plant\'s own system-power maximum: 10000 for a C6 energy manager first, else lowered to 1000', async () => {
    const typed = async (stored: Record<string, unknown>, value: string) => {
      serve([], { ...plant, countryCode: 'CN', currencyName: 'RMB', ...stored }, CN);
      renderWizard({ plantUid: 'P1' });
      const field = await screen.findByLabelText('System power');
      await waitFor(() => expect(api.mock.calls.some(([operation]) => operation === 'getSysParam')).toBe(true));
      fireEvent.change(field, { target: { value } });
      fireEvent.blur(field);
      await waitFor(() => expect((field as HTMLInputElement).value).not.toBe('8'));
      const answer = { value: (field as HTMLInputElement).value, clamped: screen.queryByTestId('system-power-clamped')?.textContent };
      cleanup();
      return answer;
    };
    expect(await typed({ type: 3, ifInstallPv: 0, snType: 3, isEmsAddC6: 1 }, '5000')).toEqual({ value: '5000', clamped: undefined });
    expect(await typed({ snType: 1, isEmsAddC6: 0 }, '5000')).toEqual({ value: '1000', clamped: 'Lowered to 1000 kWp, the largest system power this site accepts' });
    // An energy manager outside the C6 family does not lift the site's maximum.
    expect((await typed({ type: 1, snType: 3, isEmsAddC6: 0 }, '5000')).value).toBe('1000');
  });

  it('shows the edited plant\'s stored logo and project picture', async () => {
    serve([], { ...plant, plantLogo: 'a.png', plantLogoUrl: '/dev-api/resource/avatar/a.png', projectPic: 'b.png', projectPicUrl: '/dev-api/resource/avatar/b.png' });
    const { container } = renderWizard({ plantUid: 'P1' });
    await screen.findByLabelText('System power');
    const sources = [...container.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(sources).toEqual(expect.arrayContaining(['/dev-api/resource/avatar/a.png', '/dev-api/resource/avatar/b.png']));
  });
});
