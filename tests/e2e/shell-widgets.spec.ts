// The shell's widgets in the real app: the area picker of the China site's plant form (000
// section 4: province, city, county; a province clears the rest; a county closes the popup; reset
// clears all), the pagination bar of a generated list (section 9), and the big screen (route
// Screen) with the fleet's real totals for an administrator and no such page for a plant owner.
import { expect, test, type Page } from '@playwright/test';
import { login } from './portal';
import { api, apiLogin } from './api';
import { openPlantForm } from './plants';
import { CN_BASE_URL } from './ports';
import { formatCapacity } from '../../src/lib/units';

test.describe('on the China site', () => {
  test.use({ baseURL: CN_BASE_URL });

  /** Opens the picker until its first column shows, then clicks through the given names. */
  async function pickArea(page: Page, names: string[]) {
    const picker = page.getByTestId('plant-area');
    const popup = page.locator('.ant-cascader-dropdown:visible');
    await expect(async () => {
      if (!(await popup.isVisible())) await picker.locator('.ant-select-selector').click({ timeout: 2_000 });
      await expect(popup.locator('.ant-cascader-menu').first()).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    for (const [level, name] of names.entries()) await popup.locator('.ant-cascader-menu').nth(level).getByTitle(name, { exact: true }).click();
  }

  test('the plant form\'s area picker goes province, city, county; a new province clears the rest; reset clears all', async ({ page }) => {
    test.setTimeout(120_000);
    await login(page, 'admin');
    await openPlantForm(page);
    const picker = page.getByTestId('plant-area');
    const shown = picker.locator('.ant-select-selection-item');

    await pickArea(page, ['广东省', '深圳市', '南山区']);
    await expect(shown).toHaveText('广东省 / 深圳市 / 南山区');
    // The county closed the popup.
    await expect(page.locator('.ant-cascader-dropdown:visible')).toHaveCount(0);

    await pickArea(page, ['北京市']);
    await expect(shown).toHaveText('北京市');
    // Each level's list is 200 px high (000 section 9), and a province leaves the popup open for its cities.
    const columns = page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu');
    await expect(columns).toHaveCount(2);
    expect((await columns.first().boundingBox())?.height).toBe(200);
    await page.keyboard.press('Escape');

    await picker.hover();
    await picker.locator('.ant-select-clear').click();
    await expect(shown).toHaveCount(0);
    // The form then asks for the area.
    await page.getByTestId('plant-form').getByRole('button', { name: /Next|Save/ }).click();
    await expect(page.getByText('Choose the province, city and county')).toBeVisible();
  });
});

test('a generated list has the pagination bar: total, pager, jumper before the sizes 10, 20, 50 and 100', async ({ page }) => {
  await login(page, 'admin', { to: '/service/device-inventory' });
  const bar = page.locator('.ant-pagination.pagination-bar');
  await expect(bar.locator('.ant-pagination-total-text')).toContainText('in total');
  const jumper = bar.locator('.ant-pagination-options-quick-jumper');
  const sizes = bar.locator('.ant-pagination-options-size-changer');
  await expect(sizes).toContainText('10 / page');
  expect((await jumper.boundingBox())!.x).toBeLessThan((await sizes.boundingBox())!.x);
  await sizes.click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options).toHaveText(['10 / page', '20 / page', '50 / page', '100 / page']);
  await options.filter({ hasText: '20 / page' }).click();
  await expect(page).toHaveURL(/pageSize=20/);
  await expect(sizes).toContainText('20 / page');
});

test('the big screen shows an administrator the fleet\'s real totals full screen, with a way back', async ({ page }) => {
  const token = await apiLogin('admin');
  const stats = await api<{ plantNum: number; totalSystemPower: number; normalNum: number; faultNum: number; offlineNum: number }>('GET', '/api/v1/monitor/home/getHomePlantStatisticsData', { token });
  expect(stats.plantNum).toBeGreaterThan(0);
  await login(page, 'admin');
  await page.getByTestId('big-screen-link').click();
  await expect(page).toHaveURL(/\/screen$/);
  const wall = page.getByTestId('fleet-wall');
  await expect(wall).toBeVisible();
  await expect(page.getByTestId('fleet-plants')).toContainText(String(stats.plantNum));
  await expect(page.getByTestId('fleet-capacity')).toContainText(formatCapacity(stats.totalSystemPower));
  await expect(page.getByTestId('fleet-normal')).toContainText(String(stats.normalNum));
  await expect(page.getByTestId('fleet-plant-list').locator('tbody tr.ant-table-row').first()).toBeVisible();
  // Full screen: the wall covers the whole window, the side menu under it.
  const box = await wall.boundingBox();
  expect(box).toMatchObject({ x: 0, y: 0, width: page.viewportSize()!.width, height: page.viewportSize()!.height });
  await page.getByTestId('fleet-wall-back').click();
  await expect(wall).toHaveCount(0);
  await expect(page.getByTestId('side-menu')).toBeVisible();
});

test('a plant owner, without bigscreen:admin, has no big screen', async ({ page }) => {
  await login(page, 'owner');
  await expect(page.getByTestId('big-screen-link')).toHaveCount(0);
  await page.goto('/screen');
  await expect(page).toHaveURL(/\/404/);
  await expect(page.getByTestId('fleet-wall')).toHaveCount(0);
});

test('the home page\'s cards below the fold load when scrolled near', async ({ page }) => {
  await login(page, 'admin');
  // A low window, so that the fourth row is far below it even while the cards above still load
  // (and are short).
  await page.setViewportSize({ width: 1280, height: 300 });
  await page.goto('/index');
  await expect(page.getByTestId('energy-card')).toBeVisible();
  await expect(page.getByTestId('devices-card')).toHaveCount(0);
  await expect(page.locator('[data-lazy=waiting]')).toHaveCount(4);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(page.getByTestId('devices-card')).toBeVisible();
  await expect(page.getByTestId('weather-card')).toBeVisible();
  await expect(page.locator('[data-lazy=waiting]')).toHaveCount(0);
});
