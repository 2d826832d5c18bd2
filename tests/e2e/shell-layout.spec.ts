// The main layout (000 section 2 "Main layout", section 4 device mode): the strip of visited pages
// with its context menu, refresh and multi-tab routes, the layout settings, the mobile breakpoint and the
// login page's focus outline.
import { expect, test, type Page } from '@playwright/test';
import { text } from './menu-pages';
import { login, openFromMenu } from './portal';

const PLATFORM = text('app.name');

const strip = (page: Page) => page.getByTestId('tabs-view');
const tab = (page: Page, name: string) => strip(page).locator('.ant-tabs-tab-btn').filter({ has: page.getByText(name, { exact: true }) });
/** The tabs' titles (antd gives each close button the role of a tab too, and a focused tab an announcement). */
const expectTabs = (page: Page, names: string[], timeout?: number) => expect(strip(page).locator('.app-tabs__label')).toHaveText(names, { timeout });
const closeButton = (page: Page, name: string) => strip(page).locator('.ant-tabs-tab').filter({ hasText: name }).locator('.ant-tabs-tab-remove');

/** Opens a top-level page from the side menu, a navigation inside the app (no reload). */
async function openPage(page: Page, title: string, url: RegExp) {
  await page.getByTestId('side-menu').getByText(title, { exact: true }).click();
  await expect(page).toHaveURL(url);
  await expect(tab(page, title)).toHaveAttribute('aria-selected', 'true');
}

/**
 * Chooses `action` in the tab's context menu until `done` holds. Retried: on a loaded machine a
 * click during the menu's opening animation has been lost (the menu closed and nothing happened).
 */
async function onTab(page: Page, name: string, action: string, done: () => Promise<void>) {
  const item = page.getByRole('menuitem', { name: action, exact: true });
  await expect(async () => {
    // A closed tab is not clicked again: only whether the action took effect is checked.
    if (!(await item.isVisible()) && (await tab(page, name).isVisible())) await tab(page, name).click({ button: 'right', timeout: 2_000 });
    if (await item.isVisible()) await item.click({ timeout: 2_000 });
    await done();
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

  await onTab(page, 'Batteries', 'Close tabs to the left', () => expectTabs(page, ['Home', 'Batteries', 'Reports', 'Alarms'], 2_000));
  await expect(page).toHaveURL(/\/alarm(\?|$)/);

  // Closing the shown tab leads to the tab acted on.
  await onTab(page, 'Reports', 'Close tabs to the right', () => expectTabs(page, ['Home', 'Batteries', 'Reports'], 2_000));
  await expect(page).toHaveURL(/\/report(\?|$)/);

  await onTab(page, 'Reports', 'Close others', () => expectTabs(page, ['Home', 'Reports'], 2_000));

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
  await onTab(page, 'Batteries', 'Close all', () => expectTabs(page, ['Home'], 2_000));
  await expect(page).toHaveURL(/\/index(\?|$)/);
});

test('each plant opens a tab of its own beside the plant list, named after the plant (a multi-tab route)', async ({ page }) => {
  await login(page, 'owner', { to: '/plant' });
  const plants = page.getByTestId('plant-table');
  await plants.getByRole('link', { name: 'Olivia\'s rooftop', exact: true }).click();
  await expect(page.getByTestId('plant-title')).toHaveText('Olivia\'s rooftop');
  await tab(page, 'Plants').click();
  await plants.getByRole('link', { name: 'Olivia\'s home battery', exact: true }).click();
  await expect(page.getByTestId('plant-title')).toHaveText('Olivia\'s home battery');
  await expectTabs(page, ['Home', 'Plants', 'Plants · Olivia\'s rooftop', 'Plants · Olivia\'s home battery']);

  // Each tab leads back to its own plant; closing one leaves the other.
  await tab(page, 'Plants · Olivia\'s rooftop').click();
  await expect(page).toHaveURL(/plantUid=demo-plant-01/);
  await expect(page.getByTestId('plant-title')).toHaveText('Olivia\'s rooftop');
  await closeButton(page, 'Plants · Olivia\'s home battery').click();
  await expectTabs(page, ['Home', 'Plants', 'Plants · Olivia\'s rooftop']);
});

test('a tab\'s refresh starts its page afresh; a closed tab opened again is new', async ({ page }) => {
  await login(page, 'admin', { to: '/system/mailbox' });
  await page.getByTestId('filter-bar').getByLabel('Recipient').fill('typed@example.com');
  await onTab(page, 'Mailbox', 'Refresh', () => expect(page.getByTestId('filter-bar').getByLabel('Recipient')).toHaveValue('', { timeout: 2_000 }));

  await page.getByTestId('filter-bar').getByLabel('Recipient').fill('dropped@example.com');
  await onTab(page, 'Mailbox', 'Close', () => expect(page).toHaveURL(/\/index(\?|$)/, { timeout: 2_000 }));
  await expect(page.locator('h1')).toHaveCount(1);
  await openFromMenu(page, 'System', 'Mailbox', /\/system\/mailbox(\?|$)/);
  await expect(page.getByTestId('filter-bar').getByLabel('Recipient')).toHaveValue('');
});

test('a tab shown again keeps what was typed, and reads its list again', async ({ page }) => {
  await login(page, 'admin', { to: '/system/mailbox' });
  const recipient = page.getByTestId('filter-bar').getByLabel('Recipient');
  await recipient.fill('kept@example.com');
  await openFromMenu(page, 'System', 'Model codes', /\/system\/model-code/);
  await expect(recipient).toBeHidden();
  // The page on screen is the only one its labels and ids lead to.
  await expect(page.getByLabel('Recipient')).toHaveCount(0);

  const listRead = page.waitForRequest((request) => request.url().includes('/outbox'));
  await tab(page, 'Mailbox').click();
  await expect(recipient).toHaveValue('kept@example.com');
  await listRead;
  await expect(page.getByTestId('filter-bar')).toHaveCount(1);
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
