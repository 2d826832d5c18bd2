// The plant pages in a real browser against the real server: the list with its filters,
// favourites and pins; the detail's tabs; sharing a plant with a visitor who then logs in and
// sees it; and deleting a plant with confirmation, which returns its devices to the inventory.
import { expect, test } from '@playwright/test';
import { confirmUntil, login, openPage } from './portal';
import { addPlant, openPlant, scan } from './plants';

test('the plant list filters, marks favourites and pins plants to the top', async ({ page }) => {
  const name = `E2E list ${Date.now()}`;
  await login(page, 'admin');
  await addPlant(page, name);
  await openPage(page, '/plant');
  const table = page.getByTestId('plant-table');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  for (const column of ['Plant name', 'Status', 'Capacity (kWp)', 'Current power (kW)', "Today's energy (kWh)", 'Owner', 'Installer']) {
    await expect(table.getByRole('columnheader', { name: column })).toBeVisible();
  }

  const filters = page.getByTestId('plant-filters');
  await filters.getByLabel('Plant, owner or address').fill(name);
  await filters.getByRole('button', { name: 'Search' }).click();
  const row = table.locator('tbody tr').filter({ hasText: name });
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(row).toContainText('5');

  await row.getByTestId('favourite').click();
  await expect(row.getByRole('button', { name: 'Remove from favourites' })).toBeVisible();
  await filters.getByLabel('Plant, owner or address').fill('');
  await page.locator('.ant-form-item').filter({ hasText: 'Favourites' }).locator('.ant-select-selector').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('Only favourites').click();
  await filters.getByRole('button', { name: 'Search' }).click();
  await expect(table.locator('tbody tr').filter({ hasText: name })).toHaveCount(1);

  // Pinned plants come first.
  await openPage(page, '/plant');
  const pinned = table.locator('tbody tr').filter({ hasText: name });
  await pinned.getByTestId('pin').click();
  await expect(table.locator('tbody tr').first()).toContainText(name);
  await expect(table.locator('tbody tr').first().getByRole('button', { name: 'Unpin' })).toBeVisible();

  // The detail's tabs.
  await openPlant(page, name);
  for (const tab of ['Overview', 'Devices', 'Alarms', 'Reports', 'Sharing', 'Settings']) await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  await expect(page.getByTestId('achievements')).toBeVisible();
  await expect(page.getByTestId('plant-details')).toContainText('Australia/Sydney');
});

test('a plant is shared with a visitor, who logs in and sees it; the share is edited and removed', async ({ page, browser }) => {
  const name = `E2E share ${Date.now()}`;
  await login(page, 'admin');
  await addPlant(page, name);
  await openPlant(page, name);
  await page.getByRole('tab', { name: 'Sharing' }).click();
  await page.getByTestId('add-visitor').click();
  const dialog = page.getByRole('dialog');
  // owner2 belongs to another organisation tree: found by e-mail address (a login name is matched
  // only among the accounts the sharer sees anyway).
  await dialog.getByTestId('visitor-account').fill('owner2@demo.solar-portal.dev');
  await dialog.getByTestId('visitor-lookup').click();
  await expect(dialog.locator('.ant-alert-success')).toBeVisible();
  const permissions = dialog.getByTestId('visitor-permissions').getByRole('checkbox');
  await expect(permissions.first()).toBeChecked();
  await dialog.getByTestId('visitor-save').click();
  await expect(page.getByText('The plant is shared')).toBeVisible();
  const visitorRow = page.getByTestId('visitor-table').locator('tbody tr').filter({ hasText: /Oscar Owner|owner2/ });
  await expect(visitorRow).toHaveCount(1);

  // The visitor logs in and finds the plant among the plants shared with them.
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await login(visitor, 'owner2', { to: '/plant' });
  await visitor.getByRole('tab', { name: 'Shared with me' }).click();
  const shared = visitor.getByTestId('shared-plant-table');
  await expect(shared).toContainText(name);
  await shared.getByRole('link', { name }).click();
  await expect(visitor.getByTestId('plant-title')).toHaveText(name);
  // The share (the defaults: looking, not changing) opens the plant's figures, not its sharing or settings.
  // The plant's own tabs, not the strip of visited pages above the page.
  const tabs = visitor.getByRole('tablist').filter({ has: visitor.getByRole('tab', { name: 'Overview' }) });
  await expect(tabs.getByRole('tab', { name: 'Device data' })).toBeVisible();
  await expect(tabs.getByRole('tab', { name: 'Sharing' })).toHaveCount(0);
  await expect(tabs.getByRole('tab', { name: 'Settings' })).toHaveCount(0);
  await context.close();

  // Edit what the visitor may do, then stop sharing.
  const before = await visitorRow.locator('td').nth(2).innerText();
  await visitorRow.getByTestId('edit-visitor').click();
  const checkboxes = page.getByRole('dialog').getByTestId('visitor-permissions').getByRole('checkbox');
  await expect(checkboxes.first()).toBeChecked();
  const count = await checkboxes.count();
  // A click during the dialog's opening animation can be lost: click again until it is ticked.
  for (let i = 0; i < count; i += 1) {
    const box = checkboxes.nth(i);
    await expect(async () => {
      if (!(await box.isChecked())) await box.click();
      await expect(box).toBeChecked({ timeout: 1000 });
    }).toPass();
  }
  await page.getByRole('dialog').getByTestId('visitor-save').click();
  await expect(page.getByText('The visitor has been updated')).toBeVisible();
  if (count > 1) await expect(visitorRow.locator('td').nth(2)).not.toHaveText(before);
  await visitorRow.getByTestId('delete-visitor').click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('The plant is no longer shared with this visitor')).toBeVisible();
  await expect(visitorRow).toHaveCount(0);

  // Someone without an account: one is created for the e-mail address.
  const email = `visitor${Date.now()}@example.com`;
  await page.getByTestId('add-visitor').click();
  await page.getByRole('dialog').getByTestId('visitor-account').fill(email);
  await page.getByRole('dialog').getByTestId('visitor-lookup').click();
  await expect(page.getByRole('dialog')).toContainText('an account is created for this e-mail address');
  await page.getByRole('dialog').getByTestId('visitor-save').click();
  await expect(page.getByText('The plant is shared')).toBeVisible();
  await expect(page.getByTestId('visitor-table')).toContainText(email);
});

test('deleting a plant asks first and returns its devices to the inventory', async ({ page }) => {
  const name = `E2E delete ${Date.now()}`;
  await login(page, 'admin');
  const sn = await addPlant(page, name);
  await openPlant(page, name);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByTestId('delete-plant').click();
  await expect(page.locator('.ant-modal-confirm-title')).toHaveText('Delete the plant?');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('plant-title')).toHaveText(name);
  await page.getByTestId('delete-plant').click();
  await confirmUntil(page.getByTestId('delete-plant-confirm'), () => expect(page.getByText('The plant has been deleted')).toBeVisible({ timeout: 5_000 }));
  await expect(page).toHaveURL(/\/plant$/);

  // The inverter is free again: the wizard accepts it (its rated power typed anew, as always).
  await openPage(page, '/add-station');
  await scan(page, sn);
  await expect(page.getByTestId('scan-box')).toHaveCount(1);
  await page.getByLabel(`Rated power of ${sn}`).fill('5');
  await page.getByTestId('scan-step').getByTestId('wizard-next').click();
  await expect(page.getByTestId('plant-form')).toBeVisible();
});
