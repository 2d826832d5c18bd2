// The main layout (000 section 2 "Main layout", section 4 device mode): the strip of visited pages
// with its context menu and cached views, the layout settings, the mobile breakpoint, every menu
// page usable at 390 and 1024 px, landmarks, one h1 and the page titles.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { menuSeeds } from '../../server/db/seed/menus.ts';
import { resourceMenuSeeds } from '../../server/db/seed/resource-menus.ts';
import { login } from './portal';

const english = JSON.parse(readFileSync(new URL('../../src/i18n/en.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const text = (key: string) => String(key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], english));
const PLATFORM = text('app.name');

/** Every page of the administrator's menu (the seed's and the resource descriptors'), with its title. */
function menuPages() {
  const entries = [...menuSeeds, ...resourceMenuSeeds()];
  const byName = new Map(entries.map((m) => [m.name, m]));
  return entries.filter((m) => m.type === 'C').map((m) => ({
    path: `/${[m.parent ? byName.get(m.parent)!.path : '', m.path].filter(Boolean).join('/')}`,
    title: text(m.titleKey),
  }));
}

const strip = (page: Page) => page.getByTestId('tabs-view');
const tab = (page: Page, name: string) => strip(page).getByRole('tab', { name, exact: true });
/** antd gives each tab's close button the role of a tab too: the names are the tabs' own buttons. */
const expectTabs = (page: Page, names: string[]) => expect(strip(page).locator('.ant-tabs-tab-btn')).toHaveText(names);
const closeButton = (page: Page, name: string) => strip(page).locator('.ant-tabs-tab').filter({ hasText: name }).locator('.ant-tabs-tab-remove');

/** Opens a top-level page from the side menu, a navigation inside the app (no reload). */
async function openPage(page: Page, title: string, url: RegExp) {
  await page.getByTestId('side-menu').getByText(title, { exact: true }).click();
  await expect(page).toHaveURL(url);
  await expect(tab(page, title)).toHaveAttribute('aria-selected', 'true');
}

async function onTab(page: Page, name: string, action: string) {
  await expect(async () => {
    await tab(page, name).click({ button: 'right', timeout: 2_000 });
    await page.getByRole('menuitem', { name: action, exact: true }).click({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** The page fits the viewport's width: nothing is cut off or scrolls the whole page sideways. */
async function expectNoSidewaysScroll(page: Page) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test('keyboard focus shows on the login page\'s links', async ({ page }) => {
  await page.goto('/login');
  const link = page.getByRole('link', { name: 'Forgot password?' });
  await link.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(link).toBeFocused();
  await expect(link).toHaveCSS('outline-style', 'solid');
});

test('the tab strip keeps visited pages; its context menu and a middle click close them, the home tab never', async ({ page }) => {
  await login(page, 'admin');
  await expect(page).toHaveURL(/\/index(\?|$)/);
  await expectTabs(page, ['Home']);
  // The home tab is pinned: it has no close button.
  await expect(closeButton(page, 'Home')).toHaveCount(0);

  await openPage(page, 'Plants', /\/plant(\?|$)/);
  await openPage(page, 'Batteries', /\/battery\/index(\?|$)/);
  await openPage(page, 'Reports', /\/report(\?|$)/);
  await openPage(page, 'Alarms', /\/alarm(\?|$)/);
  await expectTabs(page, ['Home', 'Plants', 'Batteries', 'Reports', 'Alarms']);

  // The tabs survive a reload (the "tab navigation object").
  await page.reload();
  await expectTabs(page, ['Home', 'Plants', 'Batteries', 'Reports', 'Alarms']);
  await expect(tab(page, 'Alarms')).toHaveAttribute('aria-selected', 'true');

  await onTab(page, 'Batteries', 'Close tabs to the left');
  await expectTabs(page, ['Home', 'Batteries', 'Reports', 'Alarms']);
  await expect(page).toHaveURL(/\/alarm(\?|$)/);

  // Closing the shown tab leads to the tab acted on.
  await onTab(page, 'Reports', 'Close tabs to the right');
  await expectTabs(page, ['Home', 'Batteries', 'Reports']);
  await expect(page).toHaveURL(/\/report(\?|$)/);

  await onTab(page, 'Reports', 'Close others');
  await expectTabs(page, ['Home', 'Reports']);

  await tab(page, 'Reports').click({ button: 'middle' });
  await expectTabs(page, ['Home']);
  await expect(page).toHaveURL(/\/index(\?|$)/);

  // A middle click leaves the home tab open.
  await tab(page, 'Home').click({ button: 'middle' });
  await expectTabs(page, ['Home']);

  await openPage(page, 'Plants', /\/plant(\?|$)/);
  await openPage(page, 'Batteries', /\/battery\/index(\?|$)/);
  await closeButton(page, 'Plants').click();
  await expectTabs(page, ['Home', 'Batteries']);
  await onTab(page, 'Batteries', 'Close all');
  await expectTabs(page, ['Home']);
  await expect(page).toHaveURL(/\/index(\?|$)/);
});

test('going back to a tab finds its typed input; refresh starts the page afresh', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/system/mailbox');
  const recipient = page.getByTestId('filter-bar').getByLabel('Recipient');
  await recipient.fill('kept@example.com');

  await tab(page, 'Home').click();
  await expect(page).toHaveURL(/\/index(\?|$)/);
  // The cached page is out of the document while another is shown.
  await expect(page.getByTestId('filter-bar')).toHaveCount(0);
  await expect(page.locator('h1')).toHaveCount(1);

  await tab(page, 'Mailbox').click();
  await expect(page).toHaveURL(/\/system\/mailbox(\?|$)/);
  await expect(recipient).toHaveValue('kept@example.com');

  await onTab(page, 'Mailbox', 'Refresh');
  await expect(page.getByTestId('filter-bar').getByLabel('Recipient')).toHaveValue('');

  // Closing the tab drops its cache: opened again, the page is new.
  await page.getByTestId('filter-bar').getByLabel('Recipient').fill('dropped@example.com');
  await onTab(page, 'Mailbox', 'Close');
  await expect(page).toHaveURL(/\/index(\?|$)/);
  await page.getByTestId('side-menu').getByText('System', { exact: true }).click();
  await page.getByTestId('side-menu').getByText('Mailbox', { exact: true }).click();
  await expect(page.getByTestId('filter-bar').getByLabel('Recipient')).toHaveValue('');
});

test('layout settings apply at once and survive a reload', async ({ page }) => {
  await login(page, 'admin');
  await page.getByTestId('layout-settings').click();
  const drawer = page.getByRole('dialog', { name: 'Layout settings' });
  await drawer.getByRole('switch', { name: 'Tabs of visited pages' }).click();
  await expect(strip(page)).toHaveCount(0);
  await drawer.locator('label').filter({ hasText: 'Dark' }).click();
  await expect(page.locator('.app-sider')).toHaveClass(/ant-layout-sider-dark/);
  await drawer.getByRole('switch', { name: 'Logo in the sidebar' }).click();
  await expect(page.locator('.app-sider .app-logo')).toHaveCount(0);
  await drawer.getByRole('switch', { name: 'Page title in the browser tab' }).click();
  await expect(page).toHaveTitle(PLATFORM);
  // A preset colour: the selected menu entry takes it.
  await drawer.locator('.ant-color-picker-trigger').click();
  await page.locator('.ant-color-picker-presets-color').nth(3).click();
  const selected = page.getByTestId('side-menu').locator('.ant-menu-item-selected');
  await expect(selected).toHaveCSS('background-color', 'rgb(82, 196, 26)');

  await page.reload();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(page.locator('.app-sider')).toHaveClass(/ant-layout-sider-dark/);
  await expect(strip(page)).toHaveCount(0);
  await expect(page.locator('.app-sider .app-logo')).toHaveCount(0);
  await expect(page).toHaveTitle(PLATFORM);
  await expect(selected).toHaveCSS('background-color', 'rgb(82, 196, 26)');

  // Top navigation moves the menu into the header.
  await page.getByTestId('layout-settings').click();
  await drawer.getByRole('switch', { name: 'Top navigation' }).click();
  await expect(page.locator('.app-sider')).toHaveCount(0);
  await expect(page.locator('.app-header').getByTestId('side-menu')).toBeVisible();

  await drawer.getByRole('button', { name: 'Back to the defaults' }).click();
  await expect(page.locator('.app-sider')).toHaveClass(/ant-layout-sider-light/);
  await expect(strip(page)).toBeVisible();
  await expect(page).toHaveTitle(`Home - ${PLATFORM}`);
});

test('below 1280 px the sidebar closes and opens over the page', async ({ page }) => {
  await login(page, 'admin');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.locator('.app-sider')).toBeVisible();
  await page.setViewportSize({ width: 1200, height: 800 });
  await expect(page.locator('.app-sider')).toHaveCount(0);
  await expect(page.getByTestId('side-menu')).toHaveCount(0);

  await page.getByTestId('menu-toggle').click();
  const drawer = page.getByTestId('menu-drawer');
  await expect(drawer.getByTestId('side-menu')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await drawer.getByText('System', { exact: true }).click();
  await drawer.getByText('Mailbox', { exact: true }).click();
  await expect(page).toHaveURL(/\/system\/mailbox(\?|$)/);
  // Choosing a page closes the overlay, and with it the System group.
  await expect(page.getByTestId('side-menu')).toBeHidden();
  await expect(page.getByText('Offices', { exact: true })).toBeHidden();
});

for (const width of [390, 1024]) {
  test(`every menu page is usable ${width} px wide: no sideways scroll, logout reachable, landmarks, one h1, its title`, async ({ page }) => {
    test.setTimeout(600_000);
    await login(page, 'admin');
    await page.setViewportSize({ width, height: 800 });
    for (const { path, title } of menuPages()) {
      await page.goto(path);
      const content = page.locator('.app-content');
      // The first visit of a page loads its code and its data on a busy machine: a bound, not a measurement.
      await expect(content.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 30_000 });
      await expect(page, path).toHaveTitle(`${title} - ${PLATFORM}`);
      await expect(page.locator('h1'), path).toHaveCount(1);
      await expect(page.locator('h1'), path).toHaveText(title);
      await expect(page.getByRole('banner')).toHaveCount(1);
      await expect(page.getByRole('main')).toHaveCount(1);
      await expectNoSidewaysScroll(page);

      await page.getByTestId('user-menu').click();
      await expect(page.getByRole('menuitem', { name: 'Log out' }), path).toBeInViewport();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeHidden();
    }
    // The menu's landmark, in the overlay at these widths.
    await page.getByTestId('menu-toggle').click();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  });
}
