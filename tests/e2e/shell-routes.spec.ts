// The shell's routes and session behaviour in a real browser against the real server (issue 24):
// the login guard's redirect query and the deep link after login, /login for a logged-in user,
// unknown paths, the /redirect refresh helper, several tabs of one browser following a logout, a
// login and a language switch, the offline alert, and ?lang=zh kept through login and a reload.
import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, login, logout } from './portal';

/** Logs in on the login page the browser is on (the guard brought it there). */
async function submitLogin(page: Page, username: string, labels: { name: string; password: string; submit: string | RegExp } = { name: 'Login name or phone', password: 'Password', submit: 'Log in' }) {
  await page.getByLabel(labels.name).fill(username);
  await page.getByLabel(labels.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: labels.submit }).click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

test('without a session, a deep link goes to the login with the full path, and back there after login', async ({ page }) => {
  await page.goto('/personal-center?tab=password');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fpersonal-center%3Ftab%3Dpassword$/);
  await submitLogin(page, 'admin');
  await expect(page).toHaveURL(/\/personal-center\?tab=password$/);

  // Logged in, the login page sends to the portal.
  await page.goto('/login');
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByTestId('user-menu')).toBeVisible();
});

test('a redirect to another site is not followed after login', async ({ page, baseURL }) => {
  await page.goto('/login?redirect=https%3A%2F%2Fevil.example%2Fphish');
  await submitLogin(page, 'owner');
  expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
  await expect(page).toHaveURL(/\/index$/);
});

test('unknown paths go to /404; /redirect/<path> shows the page at <path>', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/no/such/page?x=1');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('This page does not exist.')).toBeVisible();

  await page.goto('/redirect/personal-center?tab=password');
  await expect(page).toHaveURL(/\/personal-center\?tab=password$/);
  await expect(page.getByTestId('user-menu')).toBeVisible();
  // The helper replaced itself: Back does not land on it again.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/redirect\//);
});

test('tabs of one browser follow a logout, a login as someone else and a language switch', async ({ context }) => {
  const first = await context.newPage();
  const second = await context.newPage();
  await login(first, 'admin');
  await second.goto('/personal-center');
  await expect(second.getByTestId('user-menu')).toContainText(/\S/);
  const adminName = await second.getByTestId('user-menu').innerText();

  // A logout in the first tab sends the second to the login page, showing none of the admin's data.
  await logout(first);
  await expect(second).toHaveURL(/\/login/);
  await expect(second.getByTestId('user-menu')).toHaveCount(0);
  await expect(second.getByText(adminName)).toHaveCount(0);

  // Logging in as someone else in the first tab brings the second in as that user.
  await first.getByLabel('Login name or phone').fill('owner');
  await first.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await first.getByRole('button', { name: 'Log in' }).click();
  await expect(first.getByTestId('user-menu')).toContainText('Olivia Owner');
  await expect(second.getByTestId('user-menu')).toContainText('Olivia Owner');

  // A language switch in one tab switches the other.
  await first.getByTestId('language-select').click();
  await first.getByTitle('简体中文').click();
  await expect(first.getByTestId('side-menu')).toContainText('首页');
  await expect(second.getByTestId('side-menu')).toContainText('首页');
});

test('going offline shows an alert without buttons; coming back online reloads the page', async ({ page, context }) => {
  await login(page, 'owner');
  // The home page's code has arrived: a page still loading its code when the network goes fails to load.
  await expect(page.getByTestId('home-today')).toBeVisible();
  await page.evaluate(() => { (window as { beforeOffline?: boolean }).beforeOffline = true; });
  await context.setOffline(true);
  const alert = page.getByRole('dialog', { name: 'You are offline' });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('button')).toHaveCount(0);
  // Neither Escape nor a click beside it closes it.
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(alert).toBeVisible();

  await context.setOffline(false);
  // The reload leaves nothing of the page before it: the marker set above is gone.
  // While the page reloads, evaluating fails: that is not yet the new page.
  const marked = () => page.evaluate(() => (window as { beforeOffline?: boolean }).beforeOffline ?? false).catch(() => true);
  await expect.poll(marked).toBe(false);
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(alert).toBeHidden();
});

test('?lang=zh on the login page stays through the login and a reload', async ({ page }) => {
  await page.goto('/login?lang=zh');
  await expect(page.getByLabel('登录名或手机号')).toBeVisible();
  // antd spaces a two-character Chinese label: "登 录".
  await submitLogin(page, 'owner', { name: '登录名或手机号', password: '密码', submit: /^登\s*录$/ });
  await expect(page.getByTestId('side-menu')).toContainText('首页');
  await page.reload();
  await expect(page.getByTestId('side-menu')).toContainText('首页');
  await expect(page.getByTestId('user-menu')).toBeVisible();
});

test('a page whose code does not arrive says so inside the shell, and reloading shows it', async ({ page }) => {
  await login(page, 'admin');
  // From here the browser fetches no more code, as when the network drops or a release replaced
  // the chunk the page asks for; the shell's code has already arrived.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort('failed'));
  await page.getByTestId('side-menu').getByText('Plants', { exact: true }).click();
  const failed = page.getByTestId('page-failed');
  await expect(failed).toContainText('This page could not be loaded');
  await expect(failed).toContainText('Its code did not arrive: check your connection, then reload the page.');
  // The shell is still there: the menu and the user's menu.
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await page.unroute(/\/assets\/.*\.js$/);
  await failed.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByTestId('plant-table')).toBeVisible();
  await expect(failed).toHaveCount(0);
});
