// The strict Content-Security-Policy (no inline script, no evaluated script; styles only with the
// page's nonce) holds across the login page and every page of the menu: any violation, and any
// error in the console, fails the test. A generated form still refuses a bad value in the browser,
// with validators compiled at build time instead of by Ajv in the page.
import { expect, test, type Page } from '@playwright/test';
import { menuPages, text } from './menu-pages';
import { login } from './portal';

/** Policy violations and console errors from here on, each with the page it happened on. */
async function watch(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${location.pathname}: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`));
  });
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${new URL(page.url()).pathname}: console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${new URL(page.url()).pathname}: uncaught: ${error.message}`));
  return async () => [...problems, ...await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)];
}

test('the portal runs under its Content-Security-Policy, without eval, without a single violation or console error', async ({ page }) => {
  test.setTimeout(600_000);
  const problems = await watch(page);
  const response = await page.goto('/login');
  const policy = response!.headers()['content-security-policy']!;
  expect(policy).toContain("script-src 'self';");
  expect(policy).not.toContain('unsafe-eval');
  expect(policy).not.toContain("script-src 'self' 'unsafe-inline'");
  expect(policy).toMatch(/style-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
  await login(page, 'admin');

  const pages = menuPages();
  expect(pages.map((p) => p.path)).toEqual(expect.arrayContaining(['/index', '/plant', '/system/model-code', '/service/device-import']));
  for (const { path, title, hidden } of pages) {
    await page.goto(path);
    const content = page.locator('.app-content');
    // The first visit of a page loads its code and its data on a busy machine: a bound, not a measurement.
    await expect(content).not.toBeEmpty({ timeout: 30_000 });
    // A menu page is there once the menu marks it and nothing in it is loading any more.
    if (!hidden) await expect(page.getByTestId('side-menu').locator('.ant-menu-item-selected')).toHaveText(title);
    await expect(content.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 30_000 });
  }
  expect(await problems()).toEqual([]);
});

test('a generated form refuses a bad value in the browser, under the policy', async ({ page }) => {
  const problems = await watch(page);
  await login(page, 'admin');
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/modelCode/add')) sent.push(request.url());
  });
  await page.goto('/system/model-code/create');
  await page.getByLabel('Model code', { exact: true }).fill('-not a code');
  await page.getByLabel('Model name', { exact: true }).fill('Hybrid inverter 5 kW');
  await page.getByTestId('form-submit').click();
  // The innermost form item holding the label (the form's own item holds them all).
  const field = (label: string) => page.locator('.ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) }).last();
  // The pattern and the missing device type, each under its field; nothing reaches the server.
  await expect(field('Model code').locator('.ant-form-item-explain-error')).toHaveText(text('validation.pattern'));
  await expect(field('Device type').locator('.ant-form-item-explain-error')).toHaveText(text('validation.required'));
  await expect(field('Model name').locator('.ant-form-item-explain-error')).toHaveCount(0);
  await expect(page).toHaveURL(/\/create$/);
  expect(sent).toEqual([]);
  expect(await problems()).toEqual([]);
});
