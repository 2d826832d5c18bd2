// @vitest-environment jsdom
// The plant page offers the tabs and settings the caller may use, as getOnePlantInfo says the
// server will let them (callerPermissions, callerManages) and their role allows editing: a
// visitor of a read-only share sees no reports, alarms, sharing or settings, and a link to a tab
// they cannot use opens the overview.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import '@/i18n';
import { call } from '@/api/client';
import { AccessProvider, type Access } from '@/custom/shell/permission';
import { PlantShow, type Plant } from './show';

vi.mock('@/api/client', async (original) => ({ ...(await original<typeof import('@/api/client')>()), call: vi.fn() }));
const api = vi.mocked(call);
afterEach(() => {
  cleanup();
  api.mockReset();
});

const PLANT = { plantUid: 'P1', plantName: 'Roof', timeZone: 'UTC', address: 'A', systemPower: 5, gridPrice: 0.3 };
const EDITOR: Access = { permissions: ['site:add'], roles: [] };

/** The page of a plant as the server describes the caller's access; every other call stays pending. */
async function page(access: Pick<Plant, 'callerPermissions' | 'callerManages'>, tab = 'overview', role = EDITOR) {
  api.mockImplementation(((operation: string) => (operation === 'getOnePlantInfo' ? Promise.resolve({ ...PLANT, ...access }) : new Promise(() => undefined))) as never);
  render(
    <App>
      <AccessProvider value={role}>
        <MemoryRouter initialEntries={[`/plant?plantUid=P1&tab=${tab}`]}><PlantShow plantUid="P1" /></MemoryRouter>
      </AccessProvider>
    </App>,
  );
  // The page's own tabs come first; the overview's cards have tabs of their own.
  const tabs = within((await screen.findAllByRole('tablist'))[0]!);
  return { names: tabs.getAllByRole('tab').map((t) => t.textContent), selected: tabs.getByRole('tab', { selected: true }).textContent };
}

const ALL = ['viewPlant', 'viewReports', 'viewAlarms', 'remoteSettings', 'editPlant'] as Plant['callerPermissions'];

describe('the plant page by access', () => {
  it('shows every tab, and every setting, to those who manage the plant', async () => {
    const { names } = await page({ callerPermissions: ALL, callerManages: 1 }, 'settings');
    expect(names).toEqual(['Overview', 'Devices', 'Device data', 'Data views', 'Alarms', 'Reports', 'Sharing', 'Settings']);
    expect(screen.getByTestId('edit-plant')).toBeTruthy();
    expect(screen.getByTestId('delete-plant')).toBeTruthy();
    expect(screen.getByTestId('change-owner')).toBeTruthy();
  });

  it('keeps a read-only visitor to what the share opens, and a link elsewhere on the overview', async () => {
    const { names, selected } = await page({ callerPermissions: ['viewPlant'], callerManages: 0 }, 'settings');
    expect(names).toEqual(['Overview', 'Devices', 'Device data', 'Data views']);
    expect(selected).toBe('Overview');
  });

  it('lets a visitor whose share grants editing edit the plant, and nothing that only managers do', async () => {
    const { names } = await page({ callerPermissions: ['viewPlant', 'viewReports', 'editPlant'], callerManages: 0 }, 'settings');
    expect(names).toEqual(['Overview', 'Devices', 'Device data', 'Data views', 'Reports', 'Settings']);
    expect(screen.getByTestId('edit-plant')).toBeTruthy();
    expect(screen.queryByTestId('delete-plant')).toBeNull();
    expect(screen.queryByTestId('change-owner')).toBeNull();
  });

  it('offers no edit to a manager whose role may not edit plants', async () => {
    await page({ callerPermissions: ALL, callerManages: 1 }, 'settings', { permissions: [], roles: [] });
    expect(screen.queryByTestId('edit-plant')).toBeNull();
    expect(screen.getByTestId('delete-plant')).toBeTruthy();
  });
});
