// The top bar's permission-gated organisation picker (organization:tree): absent for a plant
// owner, present for an administrator, whose tree lists the organisations.
import { expect, test } from '@playwright/test';
import { login } from './portal';

test('a plant owner has no organisation picker', async ({ page }) => {
  await login(page, 'owner');
  await expect(page.getByTestId('side-menu')).toContainText('Home');
  await expect(page.getByTestId('organisation-picker')).toHaveCount(0);
});

test('an administrator picks an organisation from the tree', async ({ page }) => {
  await login(page, 'admin');
  const picker = page.getByTestId('organisation-picker');
  await expect(picker).toBeVisible();
  await expect(picker).toContainText('Sunrise Energy');

  await picker.click();
  const tree = page.getByTestId('organisation-tree');
  await expect(tree.getByRole('treeitem').first()).toBeVisible();
  await expect(tree).toContainText('Sunrise Energy');

  // A search shows a flat result; choosing one stores it and reloads the page.
  await tree.getByPlaceholder('Search organisations').fill('North');
  // The app reloads itself 500 ms after the choice: waited for, so that the test's own reload below
  // does not cut it short (net::ERR_ABORTED).
  const reloaded = page.waitForEvent('load');
  await tree.getByText('Sunrise Installations North').click();
  await reloaded;
  await expect(page.getByTestId('organisation-picker')).toContainText('Sunrise Installations North');
  await page.reload();
  await expect(page.getByTestId('organisation-picker')).toContainText('Sunrise Installations North');
});
