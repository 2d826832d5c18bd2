// Steps the browser tests share: opening a session, logging in and out through the real pages.
import { randomUUID } from 'node:crypto';
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { REFRESH_TOKEN_TTL_S, TOKEN_COOKIE, TOKEN_COOKIE_DAYS, keys } from '../../src/api/storage';
import { signedPath } from './signed-request';

export const PASSWORD = 'Demo@2026';

/**
 * Opens a session for `username` the way the login page does (the signed login call, then the
 * token cookie and the stored refresh token: src/api/storage.ts), without drawing the login page,
 * and opens `to`, or the home page, in `lang` when given (the stored language, as the language
 * menu keeps it). Tests of the login itself use loginThroughForm.
 */
export async function login(page: Page, username: string, { to, lang }: { to?: string; lang?: string } = {}) {
  const form = { username, password: PASSWORD, rememberMe: '0' };
  // The page's own request context: its base URL is this test's portal, whichever that is.
  const response = await page.request.post(signedPath('/dev-api/api/v1/sys/login', { form }), { form });
  const envelope = (await response.json()) as { errCode: number; errMsg: string; data: { token: string; refreshToken: string } };
  expect(envelope.errCode, `login of ${username}: ${envelope.errMsg}`).toBe(0);
  const origin = new URL(response.url()).origin;
  await page.context().addCookies([{
    name: TOKEN_COOKIE, value: encodeURIComponent(envelope.data.token), url: origin, expires: Date.now() / 1000 + TOKEN_COOKIE_DAYS * 86400, sameSite: 'Lax',
  }]);
  // The refresh token (and the language) go into the origin's storage before the session's first
  // page reads them, once: a later logout or language switch must not find them put back.
  const placed = `e2e-session-${randomUUID()}`;
  await page.addInitScript(({ origin, placed, refreshToken, lang, ttlMs, key }) => {
    if (location.origin !== origin || sessionStorage.getItem(placed)) return;
    sessionStorage.setItem(placed, '1');
    localStorage.setItem(key.refreshToken, JSON.stringify({ value: refreshToken, expiresAt: Date.now() + ttlMs }));
    if (lang) localStorage.setItem(key.lang, JSON.stringify({ value: lang, expiresAt: null }));
  }, { origin, placed, refreshToken: envelope.data.refreshToken, lang, ttlMs: REFRESH_TOKEN_TTL_S * 1000, key: { refreshToken: keys.refreshToken, lang: keys.lang } });
  await page.goto(to ?? '/');
  await expect(page.getByTestId('user-menu')).toBeVisible();
  // The page may add its own query (a list writes its filters there): its path is what counts.
  if (to) await expect(page).toHaveURL((url) => url.pathname === new URL(to, url).pathname);
}

/**
 * Logs in through the login page, which then opens `to` (its `redirect`), or the home page: for
 * the tests of the login itself and of what it leaves in the browser.
 */
export async function loginThroughForm(page: Page, username: string, { rememberMe = false, to }: { rememberMe?: boolean; to?: string } = {}) {
  await page.goto(to ? `/login?redirect=${encodeURIComponent(to)}` : '/login');
  await page.getByLabel('Login name or phone').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Remember me for 15 days').setChecked(rememberMe);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  if (to) await expect(page).toHaveURL((url) => url.pathname === new URL(to, url).pathname);
}

/**
 * Opens `path` inside the running app, as its links do (a history entry the router follows),
 * without loading the page anew: for walks over many pages, where a reload of the whole app per
 * page cost most of the walk.
 */
export async function navigateInApp(page: Page, path: string) {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === new URL(path, url).pathname);
}

/**
 * Opens `path`: inside the app when the page shows it already (a session is open), else by
 * loading it. Loading the whole app anew took a second per page on this machine, against a tenth
 * inside it; tests of what a fresh load does (deep links, the guard) use page.goto.
 */
export async function openPage(page: Page, path: string) {
  if (await page.getByTestId('user-menu').isVisible()) await navigateInApp(page, path);
  else await page.goto(path);
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
