// Plant configuration and device transfers on their generated screens, in a real browser against
// the real server (issue 20 items 1 and 2): an administrator lists the demo countries' plant
// configurations and edits one; a device of the inventory is transferred to another office and
// the transfer shows in its record list.
import { expect, test } from '@playwright/test';
import { login, openFromMenu } from './portal';
import { importDevice, newSerial } from './plants';

test('an administrator lists and edits the per-country plant configuration', async ({ page }) => {
  await login(page, 'admin');
  await openFromMenu(page, 'System', 'Plant configuration', /\/system\/plant-config/);
  const table = page.getByTestId('resource-table');
  for (const [code, currency] of [['ZA', 'ZAR'], ['DE', 'EUR'], ['NZ', 'NZD']] as const) {
    await expect(table.locator('tbody tr').filter({ hasText: new RegExp(`^${code}`) })).toContainText(currency);
  }
  const row = table.locator('tbody tr').filter({ hasText: /^NL/ });
  await row.getByRole('button').nth(1).click();
  await expect(page).toHaveURL(/\/edit\//);
  const price = page.getByLabel('Default grid price', { exact: true });
  await expect(price).toHaveValue('0.3');
  await price.fill('0.42');
  await page.getByLabel('Remark', { exact: true }).fill('Tariff of 2027');
  await page.getByTestId('form-submit').click();
  await expect(page).toHaveURL(/\/system\/plant-config(\?|$)/);
  await expect(row).toContainText('0.42');
  await expect(row).toContainText('admin');
});

test('a device of the inventory is transferred to another office, and the transfer is recorded', async ({ page }) => {
  test.setTimeout(90_000);
  const sn = newSerial('E2EXFR');
  await login(page, 'admin');
  await importDevice(page, { sn, type: 'Inverter', ratedPower: '5' });
  await openFromMenu(page, 'Service', 'Device inventory', /\/service\/device-inventory/);
  const filters = page.getByTestId('filter-bar');
  await filters.getByLabel('Serial number').fill(sn);
  await filters.getByRole('button', { name: 'Search' }).click();
  const row = page.getByTestId('resource-table').locator('tbody tr').filter({ hasText: sn });
  await row.getByTestId('row-action-transfer').click();
  const dialog = page.getByTestId('action-dialog-transfer');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('office-root_officeId').click();
  await page.keyboard.type('Installations North');
  await page.locator('.ant-select-dropdown:visible').getByTitle('Sunrise Installations North').click();
  await dialog.getByLabel('Remark', { exact: true }).fill('For the north team');
  await dialog.getByTestId('form-submit').click();
  await expect(dialog).toBeHidden();

  await openFromMenu(page, 'Service', 'Device transfers', /\/service\/device-transfers/);
  const record = page.getByTestId('resource-table').locator('tbody tr').filter({ hasText: sn });
  await expect(record).toContainText('Sunrise Installations North');
  await expect(record).toContainText('admin');
});
