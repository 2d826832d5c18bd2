// A silent token refresh in the middle of work: on this server access tokens live 5 seconds
// (ACCESS_TOKEN_TTL_S=5, see playwright.config.ts). After 6 seconds the next calls answer 10004;
// the client refreshes once, retries, and the user never sees a login prompt.
import { expect, test } from '@playwright/test';
import { login, openFromMenu } from './portal';

test('an expired access token is refreshed without interrupting the user', async ({ page }) => {
  const refreshes: number[] = [];
  page.on('response', async (response) => {
    if (!response.url().includes('/sys/refreshToken')) return;
    refreshes.push(((await response.json()) as { errCode: number }).errCode);
  });

  await login(page, 'admin');
  await page.waitForTimeout(6_000);

  await openFromMenu(page, 'System', 'Model codes', /\/system\/model-code/);
  await expect(page.getByTestId('resource-table')).toBeVisible();

  const code = `RF-${Date.now().toString(36).toUpperCase()}`;
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('New model code')).toBeVisible();
  await expect(page.getByTestId('form-submit')).toBeVisible();
  await page.getByLabel('Model code', { exact: true }).fill(code);
  await page.getByLabel('Model name', { exact: true }).fill('Refreshed inverter');
  await page.locator('.ant-form-item').filter({ has: page.getByLabel('Device type', { exact: true }) }).locator('.ant-select-selector').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('Inverter', { exact: true }).click();
  await page.getByTestId('form-submit').click();

  await expect(page).toHaveURL(/\/system\/model-code(\?|$)/);
  await expect(page.getByTestId('resource-table').getByRole('row', { name: new RegExp(code) })).toBeVisible();
  await expect(page.getByRole('dialog').filter({ hasText: 'Session ended' })).toHaveCount(0);
  expect(refreshes.length).toBeGreaterThan(0);
  expect(refreshes.every((errCode) => errCode === 0)).toBe(true);
});
