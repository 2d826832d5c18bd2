// The administrators' screens built on the schema engine (accounts with their export, API
// clients with the once-only secret) and the offices page.
import { expect, test } from '@playwright/test';
import { login } from './portal';

test('lists and exports the accounts', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/system/account');
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
  await login(page, 'engineer');
  await page.goto('/system/account');
  await expect(page.getByTestId('resource-table')).toBeVisible();
  await expect(page.getByTestId('export-button')).toHaveCount(0);
});

test('adds an API client, shows its secret once, and revokes it', async ({ page }) => {
  const name = `E2E client ${Date.now().toString(36)}`;
  await login(page, 'admin');
  await page.goto('/system/api-info');
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
  await login(page, 'admin');
  await page.goto('/system/office');
  await expect(page.getByTestId('office-details')).toContainText('Sunrise Energy');
  await expect(page.getByText('Sub-offices')).toBeVisible();
  await expect(page.getByTestId('sub-offices')).toContainText('Sunrise Installations North');

  await page.getByTestId('office-tree-card').getByPlaceholder('Search organisations').fill('Service');
  await page.getByTestId('office-tree-card').getByText('Sunrise Service Centre').click();
  await expect(page.getByTestId('office-details')).toContainText('Sunrise Service Centre');
});
