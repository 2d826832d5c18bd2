// The device inventory in a real browser against the real server: one serial from the single
// form, a CSV file whose rejected rows come back with their line and reason, and the inventory
// list (a schema resource) that shows them; a plant owner has neither screen.
import { expect, test } from '@playwright/test';
import { login } from './portal';
import { DEVICE_IMPORT_PAGE, importDevice, newSerial } from './plants';

const INVENTORY_PAGE = '/service/device-inventory';

test('service staff register serials one by one and from a CSV file, then find them in the inventory', async ({ page }) => {
  const single = newSerial('E2ESGL');
  const good = newSerial('E2ECSV');
  const child = newSerial('E2EMOD');
  await login(page, 'admin');
  await importDevice(page, { sn: single, type: 'Inverter', ratedPower: '6' });

  // The same serial again is refused on its field.
  await page.goto(DEVICE_IMPORT_PAGE);
  const form = page.getByTestId('device-import-single');
  await form.getByLabel('Serial number').fill(single);
  await form.getByTestId('sn-type').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('Inverter', { exact: true }).click();
  await page.getByTestId('device-import-save').click();
  await expect(form.locator('.ant-form-item-explain-error').first()).toBeVisible();

  // A CSV file: two good rows (one a child of the other) and two bad ones.
  await page.getByRole('tab', { name: 'CSV file' }).click();
  const csv = ['sn,snType,ratedPower,parentSn', `${good},1,5,`, `${child},4,,${good}`, `${single},1,5,`, `${newSerial('E2EBAD')},9,,`].join('\n');
  await page.getByTestId('device-import-batch').locator('input[type=file]').setInputFiles({ name: 'devices.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByTestId('batch-outcome')).toHaveText('2 added, 2 rejected');
  const rejected = page.getByTestId('batch-rejected').locator('tbody tr');
  await expect(rejected).toHaveCount(2);
  await expect(rejected.nth(0)).toContainText('4');
  await expect(rejected.nth(0)).toContainText(single);
  await expect(rejected.nth(1)).toContainText('5');

  // The inventory list shows them.
  await page.goto(INVENTORY_PAGE);
  const filters = page.getByTestId('filter-bar');
  await filters.getByLabel('Serial number').fill(child);
  await filters.getByRole('button', { name: 'Search' }).click();
  const row = page.getByTestId('resource-table').locator('tbody tr').filter({ hasText: child });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Communication module');
  await expect(row).toContainText(good);
});

test('a plant owner has no service screens', async ({ page }) => {
  await login(page, 'owner');
  await expect(page.getByTestId('side-menu')).not.toContainText('Device import');
  await page.goto(DEVICE_IMPORT_PAGE);
  await expect(page.getByText('This page does not exist.')).toBeVisible();
});
