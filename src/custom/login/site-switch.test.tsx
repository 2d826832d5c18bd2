// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import '@/i18n';
import { call } from '@/api/client';
import { SiteSwitch } from './site-switch';

vi.mock('@/api/client', () => ({ call: vi.fn() }));
const siteList = vi.mocked(call);

afterEach(() => {
  cleanup();
  siteList.mockReset();
});

const sites = {
  siteSwitch: 1,
  selectNote: 'Choose the site that serves your country',
  helpNote: 'Accounts live on one site.',
  list: [
    { id: 1, domainUrl: 'https://eu.example.com', i18nSite: 'Europe', siteDesc: 'EU and UK', isCurrent: 1 },
    { id: 2, domainUrl: 'https://au.example.com', i18nSite: 'Australia', siteDesc: 'Australia and New Zealand', isCurrent: 0 },
  ],
};

describe('the network-node switch', () => {
  it('is asked for silently and, with siteSwitch 1, opens a 610 px dialog of the sites', async () => {
    siteList.mockResolvedValue(sites as never);
    render(<SiteSwitch />);
    fireEvent.click(await screen.findByTestId('site-switch'));
    expect(siteList).toHaveBeenCalledWith('siteList', { silent: true });
    expect(await screen.findByText('Choose the site that serves your country')).toBeTruthy();
    expect(screen.getByText('Australia').closest('a')?.getAttribute('href')).toBe('https://au.example.com');
    // The current site is marked, not linked.
    expect(screen.getAllByText('Europe').map((e) => e.closest('a')?.getAttribute('href'))).toContain(null);
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('610px');
  });

  it('shows nothing when the list says siteSwitch 0', async () => {
    siteList.mockResolvedValue({ ...sites, siteSwitch: 0 } as never);
    const { container } = render(<SiteSwitch />);
    await vi.waitFor(() => expect(siteList).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container.innerHTML).toBe('');
  });

  it('shows nothing when the call fails', async () => {
    siteList.mockRejectedValue(new Error('not implemented'));
    const { container } = render(<SiteSwitch />);
    await vi.waitFor(() => expect(siteList).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container.innerHTML).toBe('');
  });
});
