// Every page of the menu is usable on a phone (390 px) and a small laptop (1024 px): the page
// itself never scrolls sideways (wide tables scroll inside their own box), no control of the page
// lies beyond the right edge unless inside such a box, and the header's items stay on screen.
// The same walks hold every page to the Content-Security-Policy (csp.spec.ts): no violation, no
// error in the console, no uncaught exception, at either width.
// All pages are walked before the test judges, so that one run names every offender.
import { expect, test, type Page } from '@playwright/test';
import { menuPages, text } from './menu-pages';
import { watchProblems } from './page-problems';
import { login, navigateInApp } from './portal';

const PLATFORM = text('app.name');

/** What lies beyond the viewport's right edge on the shown page, described for the failure message. */
function cutOff(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const found: string[] = [];
    const overflow = document.documentElement.scrollWidth - width;
    if (overflow > 1) found.push(`the page scrolls sideways by ${overflow} px`);
    // The page area may scroll, but only down: sideways the whole page would slide.
    const area = document.querySelector('.app-content');
    if (area && area.scrollWidth - area.clientWidth > 1) found.push(`the page area scrolls sideways by ${area.scrollWidth - area.clientWidth} px`);
    /** Inside a box of the page that scrolls sideways itself (a wide table's), a control beyond the edge is reachable. */
    const scrolledInto = (element: Element) => {
      for (let node = element.parentElement; node && node !== area; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (['auto', 'scroll'].includes(style.overflowX) && node.scrollWidth > node.clientWidth) return true;
      }
      return false;
    };
    const describe = (element: Element) => `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
    const controls = document.querySelectorAll('.app-content :is(button, input, a[href], .ant-select), header :is(button, a[href], [data-testid="user-menu"])');
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(control).visibility === 'hidden') continue;
      if (box.right > width + 1 && !scrolledInto(control)) found.push(`${describe(control)} ends at ${Math.round(box.right)} px`);
    }
    return found;
  });
}

for (const width of [390, 1024]) {
  test(`every page of the menu fits a ${width} px wide window, within the Content-Security-Policy`, async ({ page }) => {
    test.setTimeout(600_000);
    await page.setViewportSize({ width, height: 800 });
    const policyProblems = await watchProblems(page);
    await login(page, 'admin');
    await expect(page.getByTestId('menu-toggle')).toBeVisible();
    const problems: string[] = [];
    const pages = menuPages();
    expect(pages.map((p) => p.path)).toEqual(expect.arrayContaining(['/index', '/plant', '/system/model-code', '/service/device-import']));
    for (const { path, title } of pages) {
      // Clicked through as a user would, inside the running app (its tabs fill up on the way).
      await navigateInApp(page, path);
      // The shell titles the document once it shows the page's route (its code may still be loading).
      await expect(page).toHaveTitle(`${title} - ${PLATFORM}`);
      const content = page.locator('.app-content');
      // Bounds, not measurements: a page's first visit loads its code and data on a busy machine.
      await expect(content).not.toBeEmpty({ timeout: 30_000 });
      await expect(content.locator('.ant-spin-spinning:visible')).toHaveCount(0, { timeout: 30_000 });
      await expect(page.getByTestId('user-menu')).toBeInViewport();
      problems.push(...(await cutOff(page)).map((problem) => `${path}: ${problem}`));
    }
    expect([...problems, ...policyProblems()]).toEqual([]);
  });
}
