// The strict Content-Security-Policy (no inline script, no evaluated script; styles only with the
// page's nonce) that every page is served under; that no page of the menu violates it is checked
// by the walks of layout-widths.spec.ts, which watch every page for violations and console errors.
// A generated form still refuses a bad value in the browser, with validators compiled at build
// time instead of by Ajv in the page.
import { expect, test } from '@playwright/test';
import { text } from './menu-pages';
import { watchProblems } from './page-problems';
import { login } from './portal';

test('the portal is served under its Content-Security-Policy, without eval', async ({ page }) => {
  const problems = await watchProblems(page);
  const response = await page.goto('/login');
  const policy = response!.headers()['content-security-policy']!;
  expect(policy).toContain("script-src 'self';");
  expect(policy).not.toContain('unsafe-eval');
  expect(policy).not.toContain("script-src 'self' 'unsafe-inline'");
  expect(policy).toMatch(/style-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(problems()).toEqual([]);
});

test('a generated form refuses a bad value in the browser, under the policy', async ({ page }) => {
  const problems = await watchProblems(page);
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
  expect(problems()).toEqual([]);
});
