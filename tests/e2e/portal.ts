// Steps the browser tests share: logging in and out through the real pages.
import { expect, type Browser, type Locator, type Page } from '@playwright/test';

export const PASSWORD = 'Demo@2026';

/**
 * Logs in through the login page, which then opens `to` (its `redirect`), or the home page. Going
 * straight to the page under test spares drawing the home's dashboard only to leave it.
 */
export async function login(page: Page, username: string, { rememberMe = false, to }: { rememberMe?: boolean; to?: string } = {}) {
  await page.goto(to ? `/login?redirect=${encodeURIComponent(to)}` : '/login');
  await page.getByLabel('Login name or phone').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Remember me for 15 days').setChecked(rememberMe);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  // The page may add its own query (a list writes its filters there): its path is what counts.
  if (to) await expect(page).toHaveURL((url) => url.pathname === new URL(to, url).pathname);
}

/**
 * Opens a screen from the side menu: its group first unless already open, then the entry, until
 * the page is at `url`. Retried, because the menu is rebuilt when its entries or a new language
 * arrive, which can close the group between the two clicks. The budget holds several tries on a
 * loaded machine, where the group's opening animation alone can outlast a try's click.
 */
export async function openFromMenu(page: Page, group: string, entry: string, url: RegExp) {
  const menu = page.getByTestId('side-menu');
  const item = menu.getByText(entry, { exact: true });
  await expect(async () => {
    if (!(await item.isVisible())) await menu.getByText(group, { exact: true }).click();
    await item.click({ timeout: 2_000 });
    await expect(page).toHaveURL(url, { timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
}

/**
 * Clicks a confirmation dialog's button until `done` holds. A click during the dialog's opening
 * animation can be lost, and a click while its action runs is ignored, so repeating is safe.
 */
export async function confirmUntil(button: Locator, done: () => Promise<void>) {
  await expect(async () => {
    if (await button.isVisible()) await button.click({ timeout: 2_000 });
    await done();
  }).toPass({ timeout: 30_000 });
}

/**
 * Chooses `option` in the antd select of the form item `field`, until the select shows it. Retried:
 * a form that re-renders while the dropdown opens closes it, and the option found a moment before
 * is then gone from the page (the click had waited on a detached element until the test's end).
 */
export async function chooseOption(page: Page, field: Locator, option: string) {
  await expect(async () => {
    const choice = page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true });
    if (!(await choice.first().isVisible())) await field.locator('.ant-select-selector').click({ timeout: 2_000 });
    await choice.first().click({ timeout: 2_000 });
    await expect(field.locator('.ant-select-selection-item')).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

export async function logout(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByText('Log out').click();
  await confirmUntil(page.getByRole('button', { name: 'Confirm' }), () => expect(page).toHaveURL(/\/login/, { timeout: 2_000 }));
}

/**
 * The newest verification code sent to `target`, read as an administrator in the mailbox screen
 * (the embedded sender keeps every SMS and e-mail there), in a browser context of its own.
 */
export async function readCode(browser: Browser, target: string): Promise<string> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await login(page, 'admin', { to: '/system/mailbox' });
    await page.getByTestId('filter-bar').getByLabel('Recipient').fill(target);
    await page.getByTestId('filter-bar').getByRole('button', { name: 'Search' }).click();
    const row = page.getByTestId('resource-table').locator('tbody tr').filter({ hasText: target }).first();
    await expect(row).toContainText(/\b\d{6}\b/);
    return /\b(\d{6})\b/.exec(await row.innerText())![1]!;
  } finally {
    await context.close();
  }
}

/** A mainland mobile number nobody has registered yet. */
export const newPhone = () => `139${String(Date.now()).slice(-8)}`;

/** Registers a new plant owner with a mobile number and an SMS code; answers the number. */
export async function registerByPhone(page: Page, browser: Browser): Promise<string> {
  const phone = newPhone();
  await page.goto('/register');
  await page.getByLabel('Mobile number').fill(phone);
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('send-code')).toBeDisabled();
  await page.getByLabel('Verification code').fill(await readCode(browser, phone));
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByLabel('Repeat the password').fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Your account is ready')).toBeVisible();
  return phone;
}
