// The strict Content-Security-Policy (no inline script; styles only with the page's nonce) holds
// across the login page and the screens behind it: any violation fails the test.
import { expect, test } from '@playwright/test';
import { login } from './portal';

test('the portal runs under its Content-Security-Policy without a single violation', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`));
  });
  const consoleViolations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) consoleViolations.push(message.text());
  });

  const response = await page.goto('/login');
  const policy = response!.headers()['content-security-policy']!;
  expect(policy).toMatch(/script-src 'self'( 'unsafe-eval')?;/);
  expect(policy).not.toContain("script-src 'self' 'unsafe-inline'");
  expect(policy).toMatch(/style-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
  await login(page, 'admin');
  for (const [path, text] of [['/system/model-code', 'Model code'], ['/system/account', 'owner'], ['/system/model-code/create', 'Model code']] as const) {
    await page.goto(path);
    await expect(page.locator('main, .ant-layout-content').first()).toContainText(text);
  }
  const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  expect([...violations, ...consoleViolations]).toEqual([]);
});
