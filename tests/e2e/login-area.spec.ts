// The login area's flows against the real server: registration with an SMS code, a forgotten
// password reset with a code, code login, and the demo. Codes are read from the mailbox, where
// the embedded sender keeps them.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { PASSWORD, login, newPhone, readCode } from './portal';

async function sendAndReadCode(page: Page, browser: Browser, target: string) {
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('send-code')).toHaveText(/Resend in \d+ s/);
  await expect(page.getByTestId('send-code')).toBeDisabled();
  return readCode(browser, target);
}

test('registers with a mobile number, resets the password with a code and logs in with it', async ({ page, browser }) => {
  const phone = newPhone();
  await page.goto('/register');
  await page.getByLabel('Mobile number').fill(phone);
  const code = await sendAndReadCode(page, browser, phone);
  // Registration: see registerByPhone for the plain path; here the agreement is checked too.
  await page.getByLabel('Verification code').fill(code);
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByLabel('Repeat the password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  // The agreement must be accepted first.
  await expect(page.getByText('Accept the user agreement and the privacy policy to continue')).toBeVisible();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Your account is ready')).toBeVisible();

  await page.goto('/forgetPsd');
  await page.getByLabel('Phone number or e-mail address').fill(phone);
  const resetCode = await sendAndReadCode(page, browser, phone);
  await page.getByLabel('Verification code').fill(resetCode);
  await page.getByLabel('New password').fill('Sunny-Roof-2026');
  await page.getByLabel('Repeat the password').fill('Sunny-Roof-2026');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Your password has been changed')).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Login name or phone').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill('Sunny-Roof-2026');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
});

test('logs in with a code sent to the e-mail address', async ({ page, browser }) => {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Code login' }).click();
  await page.getByLabel('Phone number or e-mail address').fill('owner@demo.solar-portal.dev');
  const code = await sendAndReadCode(page, browser, 'owner@demo.solar-portal.dev');
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('user-menu')).toContainText('Olivia Owner');
});

test('a wrong code is refused and the user stays on the login page', async ({ page }) => {
  await page.goto('/quick-login');
  await page.getByLabel('Phone number or e-mail address').fill('engineer@demo.solar-portal.dev');
  await page.getByLabel('Verification code').fill('000000');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('login-error')).toBeVisible();
  await expect(page).toHaveURL(/\/quick-login/);
});

test('the demo opens a visitor session in the portal', async ({ page }) => {
  await page.goto('/demo');
  await expect(page.getByTestId('user-menu')).toContainText('Demo visitor');
  await expect(page).not.toHaveURL(/\/demo|\/login/);
});

test('an authorisation hand-off opens the portal with a session held elsewhere', async ({ page, browser }) => {
  await login(page, 'installer');
  const token = (await page.context().cookies()).find((c) => c.name === 'token')!.value;
  const refreshToken = await page.evaluate(() => (JSON.parse(localStorage.getItem('refresh-token')!) as { value: string }).value);

  const other = await browser.newContext();
  const handedOff = await other.newPage();
  await handedOff.goto(`/authorize#token=${token}&refreshToken=${encodeURIComponent(refreshToken)}&redirect=/personal-center`);
  await expect(handedOff).toHaveURL(/\/personal-center$/);
  await expect(handedOff.getByTestId('user-menu')).toContainText('Ivan Installer');

  await handedOff.goto('/authorize#token=forged&refreshToken=forged');
  await expect(handedOff.getByTestId('authorize-error')).toBeVisible();
  expect(handedOff.url()).not.toContain('forged');
  await other.close();
});
