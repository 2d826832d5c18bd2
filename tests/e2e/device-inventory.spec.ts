// The device inventory in a real browser against the real server: one serial from the single
// form, a CSV file whose rejected rows come back with their line and reason, and the inventory
// list (a schema resource) that shows them; an administrator transfers a free device to another
// organisation's tree through the Transfer dialog; a plant owner has neither screen.
import { expect, test } from '@playwright/test';
import { api, apiLogin } from './api';
import { login, openPage } from './portal';
import { DEVICE_IMPORT_PAGE, importDevice, newSerial } from './plants';

const INVENTORY_PAGE = '/service/device-inventory';

test('service staff register serials one by one and from a CSV file, then find them in the inventory', async ({ page }) => {
  const single = newSerial('E2ESGL');
  const good = newSerial('E2ECSV');
  const child = newSerial('E2EMOD');
  await login(page, 'admin');
  await importDevice(page, { sn: single, type: 'Inverter', ratedPower: '6' });

  // The same serial again is refused on its field.
  await openPage(page, DEVICE_IMPORT_PAGE);
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
  await openPage(page, INVENTORY_PAGE);
  const filters = page.getByTestId('filter-bar');
  await filters.getByLabel('Serial number').fill(child);
  await filters.getByRole('button', { name: 'Search' }).click();
  const row = page.getByTestId('resource-table').locator('tbody tr').filter({ hasText: child });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Communication module');
  await expect(row).toContainText(good);
});

test('an administrator transfers a free device to an office of another organisation through the dialog', async ({ page }) => {
  test.setTimeout(90_000);
  const sn = newSerial('E2EOTR');
  await login(page, 'admin');
  await importDevice(page, { sn, type: 'Inverter', ratedPower: '5' });
  // Blue Coast's installer cannot find it while it is Sunrise's.
  const scan = async () => api<{ snExist: number }>('GET', '/api/v1/monitor/plant/checkFirstScanSnInfoV2', { token: await apiLogin('installer2'), query: { sn } });
  expect((await scan()).snExist).toBe(0);

  await openPage(page, INVENTORY_PAGE);
  const filters = page.getByTestId('filter-bar');
  await filters.getByLabel('Serial number').fill(sn);
  await filters.getByRole('button', { name: 'Search' }).click();
  const row = page.getByTestId('resource-table').locator('tbody tr').filter({ hasText: sn });
  await row.getByTestId('row-action-transfer').click();
  const dialog = page.getByTestId('action-dialog-transfer');
  await expect(dialog).toBeVisible();
  // The picker offers every organisation to an administrator: the other tree opens like their own.
  await dialog.getByTestId('office-root_officeId').click();
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await expect(dropdown.getByTitle('Sunrise Energy', { exact: true })).toBeVisible();
  const blueCoast = dropdown.locator('.ant-select-tree-treenode').filter({ has: page.getByTitle('Blue Coast Solar', { exact: true }) });
  await blueCoast.locator('.ant-select-tree-switcher').click();
  await dropdown.getByTitle('Blue Coast Installers', { exact: true }).click();
  await dialog.getByTestId('form-submit').click();
  await expect(dialog).toBeHidden();

  // Out of the administrator's organisations now, and Blue Coast's to find and bind.
  await expect(row).toHaveCount(0);
  await expect.poll(async () => (await scan()).snExist).toBe(1);
});

test('a plant owner has no service screens', async ({ page }) => {
  await login(page, 'owner');
  await expect(page.getByTestId('side-menu')).not.toContainText('Device import');
  await openPage(page, DEVICE_IMPORT_PAGE);
  await expect(page.getByText('This page does not exist.')).toBeVisible();
});
