// Editing and withdrawing legal document versions in the browser: an administrator edits a
// scheduled version (the form shows the text as written, marks included, not its HTML) and deletes
// it; the version in force offers neither Edit nor Delete, and saving it anyway (its edit page
// opened by address) is refused with the reason under its version.
import { expect, test } from '@playwright/test';
import { api, apiLogin } from './api';
import { login } from './portal';

const item = (page: import('@playwright/test').Page, label: string) =>
  page.locator('.ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) }).last();

test('an administrator edits and deletes a scheduled version; the one in force cannot be deleted or changed', async ({ page }) => {
  // Three saves and a deletion through the whole screen, on a machine other work shares.
  test.setTimeout(120_000);
  const version = `e2e-edit-${Date.now().toString(36)}`;
  const text = 'We **never** sell data & keep <b>nothing</b>.';
  await api('POST', '/api/v1/sys/legal/add', {
    token: await apiLogin('admin'),
    json: { kind: 'policy', language: 'en', version, title: 'Draft policy', content: text, publish: 'scheduled', publishTime: new Date(Date.now() + 86_400_000).toISOString() },
  });
  await login(page, 'admin', { to: '/system/legal-documents' });
  const table = page.getByTestId('resource-table');
  const row = table.getByRole('row', { name: new RegExp(version) });

  // Edit: the form holds the text as written; the new title shows in the list.
  await row.getByTestId('row-edit').click();
  await expect(page).toHaveURL(/\/edit\//);
  await expect(page.getByLabel('Version', { exact: true })).toHaveValue(version);
  await expect(page.locator('textarea')).toHaveValue(text);
  await page.getByLabel('Title', { exact: true }).fill('Policy 2027');
  await page.getByTestId('form-submit').click();
  await expect(page).toHaveURL(/\/system\/legal-documents(\?|$)/);
  await expect(row).toContainText('Policy 2027');

  // Delete, after a confirmation.
  await row.getByTestId('row-action-delete').click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(`Document version ${version} deleted`)).toBeVisible();
  await expect(row).toHaveCount(0);

  // A user agreement in force: no Edit, no Delete, and an edit sent anyway is refused with the reason.
  const current = table.locator('tbody tr').filter({ hasText: 'User agreement' }).filter({ has: page.locator('.ant-badge-status-success') }).first();
  await expect(current).toBeVisible();
  await expect(current.getByTestId('row-show')).toBeVisible();
  await expect(current.getByTestId('row-action-delete')).toHaveCount(0);
  await expect(current.getByTestId('row-edit')).toHaveCount(0);
  await current.getByTestId('row-show').click();
  await expect(page).toHaveURL(/\/show\//);
  await page.goto(page.url().replace('/show/', '/edit/'));
  await page.getByText('At a set time', { exact: true }).click();
  await page.getByLabel('Title', { exact: true }).fill('Changed');
  await page.getByTestId('form-submit').click();
  await expect(item(page, 'Version')).toContainText('has already been in force and users may have accepted it, so it can be neither edited nor deleted; add a newer one instead');
  await expect(page).toHaveURL(/\/edit\//);
});
