// The personal center: profile, avatar (images only, with its progress), language.
import { expect, test } from '@playwright/test';
import { login } from './portal';

/** A 1×1 PNG: the server checks images by their content. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test('changes the name, the avatar and the language', async ({ page }) => {
  await login(page, 'distributor');
  // A click during the menu's opening animation can be lost: opened and clicked again until it lands.
  await expect(async () => {
    if (!(await page.getByRole('menuitem', { name: 'Personal center' }).isVisible())) await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Personal center' }).click({ timeout: 2_000 });
    await expect(page).toHaveURL(/\/personal-center/, { timeout: 2_000 });
  }).toPass({ timeout: 45_000 });

  await page.getByLabel('Name', { exact: true }).fill('Dana D.');
  await page.getByTestId('profile-save').click();
  await expect(page.getByTestId('personal-nickname')).toHaveText('Dana D.');
  await expect(page.getByTestId('user-menu')).toContainText('Dana D.');

  const chooser = page.locator('input[type=file]');
  await chooser.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(page.getByText('The file is not an image')).toBeVisible();
  await chooser.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Avatar updated')).toBeVisible();
  await expect(page.locator('.personal-avatar img')).toHaveAttribute('src', /.+/);

  await page.getByRole('tab', { name: 'Language' }).click();
  await page.getByTestId('language-choice').getByText('简体中文').click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('tab', { name: '基本信息' })).toBeVisible();
});
