// Logging in and out, remember-me and the guard of the portal's pages, in a real browser
// against the real server.
import { expect, test } from '@playwright/test';
import { PASSWORD, loginThroughForm, logout, registerByPhone } from './portal';

test('logs in, and logs out with confirmation: the session is gone', async ({ page }) => {
  await loginThroughForm(page, 'admin');
  await expect(page.getByTestId('side-menu')).toContainText('Home');

  await page.getByTestId('user-menu').click();
  await page.getByText('Log out').click();
  // Cancelling keeps the session. A click during the dialog's opening animation can be lost, so
  // the click is repeated until the dialog has closed.
  const dialog = page.getByRole('dialog', { name: 'Log out' });
  await expect(dialog).toBeVisible();
  await expect(async () => {
    if (await dialog.isVisible()) await page.getByRole('button', { name: 'Cancel' }).click({ timeout: 2000 });
    await expect(dialog).toBeHidden({ timeout: 2000 });
  }).toPass();
  await expect(page.getByTestId('user-menu')).toBeVisible();

  await logout(page);
  // The token and the per-session keys are gone: the portal sends the browser back to login.
  expect((await page.context().cookies()).find((c) => c.name === 'token')).toBeUndefined();
  expect(await page.evaluate(() => localStorage.getItem('refresh-token'))).toBeNull();
  await page.goto('/system/model-code');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsystem%2Fmodel-code$/);
  await expect(page.getByLabel('Login name or phone')).toBeVisible();
});

test('a logged-in user opening /login goes to the portal', async ({ page }) => {
  await loginThroughForm(page, 'owner');
  await page.goto('/login');
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(page).not.toHaveURL(/\/login/);
});

test('remember-me keeps the login name after logout; without it the name is not kept', async ({ page }) => {
  await loginThroughForm(page, 'engineer', { rememberMe: true });
  await logout(page);
  await expect(page.getByLabel('Login name or phone')).toHaveValue('engineer');
  await expect(page.getByLabel('Remember me for 15 days')).toBeChecked();
  // The password is never kept.
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');

  await loginThroughForm(page, 'engineer', { rememberMe: false });
  await logout(page);
  await expect(page.getByLabel('Login name or phone')).toHaveValue('');
  await expect(page.getByLabel('Remember me for 15 days')).not.toBeChecked();
});

test('the login area: code login tab, registration, forgotten password and the agreement open without a session', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Code login' }).click();
  await expect(page.getByLabel('Phone number or e-mail address')).toBeVisible();
  await expect(page.getByTestId('send-code')).toHaveText('Send code');

  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByLabel('Mobile number')).toBeVisible();

  await page.goto('/forgetPsd');
  await expect(page.getByRole('button', { name: 'Reset password' })).toBeVisible();

  await page.goto('/agreement');
  await expect(page.getByTestId('legal-text')).not.toBeEmpty();
  await page.goto('/security-policy');
  await expect(page.getByTestId('legal-text')).not.toBeEmpty();
});

test('a session revoked elsewhere asks once, then logs out', async ({ page, browser }) => {
  const phone = await registerByPhone(page, browser);
  await loginThroughForm(page, phone);

  // The same user changes the password in another browser: every session of the user ends.
  const other = await browser.newContext();
  const elsewhere = await other.newPage();
  await loginThroughForm(elsewhere, phone, { to: '/personal-center' });
  await elsewhere.getByRole('tab', { name: 'Password' }).click();
  await elsewhere.getByLabel('Current password').fill(PASSWORD);
  await elsewhere.getByLabel('New password').fill('Another-Roof-2026');
  await elsewhere.getByLabel('Repeat the password').fill('Another-Roof-2026');
  await elsewhere.getByRole('button', { name: 'Save' }).click();
  await expect(elsewhere.getByRole('dialog')).toContainText('Password changed');
  await other.close();

  // The first browser's next calls answer 10002: one confirmation, then the login page.
  await page.getByTestId('user-menu').click();
  await page.getByText('Personal center').click();
  await expect(page.getByRole('dialog').filter({ hasText: 'Session ended' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Log in again' }).click();
  await expect(page).toHaveURL(/\/login/);
  expect((await page.context().cookies()).find((c) => c.name === 'token')).toBeUndefined();
});
