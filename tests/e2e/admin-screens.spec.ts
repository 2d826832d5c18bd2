// The administrators' screens built on the schema engine (accounts with their export, edit and
// lock, API clients with the once-only secret, the device inventory's edit, sort and delete) and
// the offices page with its edit and delete.
import { expect, test, type Page } from '@playwright/test';
import { api, apiLogin } from './api';
import { newSerial } from './plants';
import { login, registerByPhone } from './portal';

test('lists and exports the accounts', async ({ page }) => {
  await login(page, 'admin', { to: '/system/account' });
  const table = page.getByTestId('resource-table');
  await expect(table).toContainText('owner');
  await page.getByTestId('filter-bar').getByLabel('Name, phone or e-mail').fill('Olivia');
  await page.getByTestId('filter-bar').getByRole('button', { name: 'Search' }).click();
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(table).toContainText('Olivia Owner');

  const downloaded = page.waitForEvent('download');
  await page.getByTestId('export-button').click();
  const file = await downloaded;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  await expect(page.getByText(`Saved ${file.suggestedFilename()}`)).toBeVisible();
});

test('an engineer sees accounts but may not export them', async ({ page }) => {
  await login(page, 'engineer', { to: '/system/account' });
  await expect(page.getByTestId('resource-table')).toBeVisible();
  await expect(page.getByTestId('export-button')).toHaveCount(0);
});

test('adds an API client, shows its secret once, and revokes it', async ({ page }) => {
  const name = `E2E client ${Date.now().toString(36)}`;
  await login(page, 'admin', { to: '/system/api-info' });
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('form-submit')).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByTestId('form-submit').click();

  const dialog = page.getByTestId('result-dialog');
  await expect(dialog).toBeVisible();
  const clientId = (await page.getByTestId('result-clientId').innerText()).trim();
  expect(clientId).not.toBe('');
  expect((await page.getByTestId('result-clientSecret').innerText()).trim().length).toBeGreaterThanOrEqual(32);
  await page.getByTestId('result-dialog-close').click();

  await expect(page).toHaveURL(/\/system\/api-info(\?|$)/);
  const row = page.getByTestId('resource-table').getByRole('row', { name: new RegExp(clientId) });
  await expect(row).toContainText(name);
  // The list never shows the secret again.
  await expect(page.getByText('Secret')).toHaveCount(0);

  await row.getByRole('button').click();
  await page.getByRole('button', { name: 'Delete' }).last().click();
  await expect(page.getByTestId('resource-table').getByRole('row', { name: new RegExp(clientId) })).toHaveCount(0);
});

test('the offices page shows the tree, an office and its sub-offices', async ({ page }) => {
  await login(page, 'admin', { to: '/system/office' });
  await expect(page.getByTestId('office-details')).toContainText('Sunrise Energy');
  await expect(page.getByText('Sub-offices')).toBeVisible();
  await expect(page.getByTestId('sub-offices')).toContainText('Sunrise Installations North');

  await page.getByTestId('office-tree-card').getByPlaceholder('Search organisations').fill('Service');
  await page.getByTestId('office-tree-card').getByText('Sunrise Service Centre').click();
  await expect(page.getByTestId('office-details')).toContainText('Sunrise Service Centre');
});

const officeTree = (page: Page) => page.getByTestId('office-tree-card');
async function chooseOffice(page: Page, name: string) {
  await officeTree(page).getByPlaceholder('Search organisations').fill(name);
  // The search's answer replaces the tree when it arrives (debounced): a click on the lazy tree's
  // node just before that is lost, so the click is repeated until the office's details show.
  await expect(async () => {
    await officeTree(page).getByText(name, { exact: true }).click({ timeout: 2_000 });
    await expect(page.getByTestId('office-details')).toContainText(name, { timeout: 10_000 });
  }).toPass({ timeout: 45_000 });
}

test('an administrator adds, edits and deletes an empty office, and is refused deleting one with accounts', async ({ page }) => {
  const name = `E2E depot ${Date.now().toString(36)}`;
  await login(page, 'admin', { to: '/system/office' });
  await chooseOffice(page, 'Sunrise Service Centre');
  const subOffices = page.getByTestId('sub-offices');
  await subOffices.getByRole('button', { name: 'Create' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByTestId('form-submit').click();
  await expect(subOffices.getByRole('row', { name: new RegExp(name) })).toBeVisible();

  await chooseOffice(page, name);
  await page.getByTestId('office-edit').click();
  await page.getByRole('dialog').getByLabel('Contact', { exact: true }).fill('Dora Depot');
  await page.getByRole('dialog').getByLabel('Name', { exact: true }).fill(`${name} renamed`);
  await page.getByRole('dialog').getByTestId('form-submit').click();
  await expect(page.getByTestId('office-details')).toContainText('Dora Depot');
  await expect(page.getByTestId('office-details')).toContainText(`${name} renamed`);

  await page.getByTestId('office-delete').click();
  await page.getByTestId('office-delete-confirm').click();
  await expect(page.getByText(`Office ${name} renamed deleted`)).toBeVisible();
  await officeTree(page).getByPlaceholder('Search organisations').fill(name);
  await expect(officeTree(page).getByText(`${name} renamed`)).toHaveCount(0);

  // Sunrise Service Centre keeps its accounts (support, provider): the refusal says why.
  await chooseOffice(page, 'Sunrise Service Centre');
  await page.getByTestId('office-delete').click();
  await page.getByTestId('office-delete-confirm').click();
  await expect(page.getByText('Office Sunrise Service Centre not deleted')).toBeVisible();
  await expect(page.getByText(/still has \d+ (sub-offices|accounts)/)).toBeVisible();
});

test('an administrator corrects a device of the inventory, sorts the list by rated power, and deletes the device', async ({ page }) => {
  const prefix = newSerial('E2EEDT');
  const token = await apiLogin('admin');
  for (const [suffix, ratedPower] of [['A', '4'], ['B', '9']] as const) {
    await api('POST', '/api/v1/device/import/single', { token, form: { sn: `${prefix}${suffix}`, snType: '1', ratedPower } });
  }
  await login(page, 'admin', { to: '/service/device-inventory' });
  const filters = page.getByTestId('filter-bar');
  await filters.getByLabel('Serial number').fill(prefix);
  await filters.getByRole('button', { name: 'Search' }).click();
  const rows = page.getByTestId('resource-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);

  // Sorted by the server: rated power ascending, then descending.
  const header = page.getByTestId('resource-table').getByRole('columnheader', { name: /Rated power/ });
  await header.click();
  await expect(rows.first()).toContainText(`${prefix}A`);
  await header.click();
  await expect(rows.first()).toContainText(`${prefix}B`);

  const row = rows.filter({ hasText: `${prefix}A` });
  await row.getByRole('button', { name: `Edit: ${prefix}A` }).click();
  await page.getByLabel('Alias', { exact: true }).fill('East roof');
  await page.getByTestId('form-submit').click();
  await expect(page.getByText(/^Device (\S+ )?saved$/)).toBeVisible();
  await page.goto('/service/device-inventory');
  await filters.getByLabel('Serial number').fill(`${prefix}A`);
  await filters.getByRole('button', { name: 'Search' }).click();
  await expect(rows.filter({ hasText: `${prefix}A` })).toContainText('East roof');

  await rows.filter({ hasText: `${prefix}A` }).getByRole('button', { name: `Delete: ${prefix}A` }).click();
  await page.getByRole('button', { name: 'Delete' }).last().click();
  await expect(page.getByText(`Device ${prefix}A deleted`)).toBeVisible();
  await expect(rows.filter({ hasText: `${prefix}A` })).toHaveCount(0);
});

test('an administrator edits an account, and is offered Lock on other rows but not on their own', async ({ page, browser }) => {
  // A long walk (a registration in a second browser, then three searches): a minute was used up on a loaded machine.
  test.setTimeout(150_000);
  const phone = await registerByPhone(page, browser);
  await login(page, 'admin', { to: '/system/account' });
  const filters = page.getByTestId('filter-bar');
  const table = page.getByTestId('resource-table');
  await filters.getByLabel('Name, phone or e-mail').fill(phone);
  await filters.getByRole('button', { name: 'Search' }).click();
  const row = table.locator('tbody tr.ant-table-row').filter({ hasText: phone });
  await expect(row).toHaveCount(1);
  // The role column and the role filter speak of an end user alike.
  await expect(row).toContainText('End user');
  await row.getByRole('button', { name: /^Edit: / }).click();
  await expect(page).toHaveURL(/\/edit\//);
  // The form's field: the list's sortable Name column is labelled "Name" too while the page changes.
  await page.locator('form.rjsf').getByLabel('Name', { exact: true }).fill('Edited by E2E');
  await page.getByTestId('form-submit').click();
  await expect(page.getByText(/^Account (\S+ )?saved$/)).toBeVisible();

  await page.goto('/system/account');
  await filters.getByLabel('Name, phone or e-mail').fill('admin@demo');
  await filters.getByRole('button', { name: 'Search' }).click();
  const own = table.locator('tbody tr.ant-table-row').filter({ hasText: 'Ada Admin' });
  await expect(own).toHaveCount(1);
  await expect(own.getByTestId('row-action-lock')).toHaveCount(0);
  await filters.getByLabel('Name, phone or e-mail').fill('engineer@demo');
  await filters.getByRole('button', { name: 'Search' }).click();
  await expect(table.locator('tbody tr.ant-table-row').filter({ hasText: 'Erin Engineer' }).getByTestId('row-action-lock')).toBeVisible();
});
