// What a page must never do, collected while a test walks it: a Content-Security-Policy
// violation, an error in the console, an uncaught exception.
import type { Page } from '@playwright/test';

/**
 * Starts watching `page` (call it before the page's first navigation); answers a function that
 * lists what went wrong since, each with the path it happened on. Violations reach the test
 * through an exposed function, which outlives each document of a walk from page to page.
 */
export async function watchProblems(page: Page): Promise<() => string[]> {
  const problems: string[] = [];
  await page.exposeFunction('reportPolicyViolation', (violation: string) => problems.push(violation));
  await page.addInitScript(() => {
    const report = (window as unknown as { reportPolicyViolation: (violation: string) => void }).reportPolicyViolation;
    document.addEventListener('securitypolicyviolation', (event) => report(`${location.pathname}: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`));
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${new URL(page.url()).pathname}: console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${new URL(page.url()).pathname}: uncaught: ${error.message}`));
  return () => [...problems];
}
