// The UI language in a real browser (issue 24; 000 sections 4, 8 and 9): resolution order, codes
// of links, ?lang remembered, the brand's language list and its fallback, Hebrew right to left with
// the translation notice, and Refine's and antd's own texts in Chinese.
import { expect, test, type Page } from '@playwright/test';
import { PASSWORD } from './portal';

const OEM_LANG_LIST = '**/api/v1/sys/oem/getOemLangList**';

const storeLanguage = (page: Page, value: string) =>
  page.evaluate((lang) => localStorage.setItem('lang', JSON.stringify({ value: lang, expiresAt: null })), value);
const storedLanguage = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('lang') ?? 'null') as { value: string } | null)?.value);
const html = (page: Page) => page.locator('html');

/** The brand offers these languages, whatever the server holds (the list is cached per browser). */
async function brandOffers(page: Page, languages: { lang: string; langName: string; value: string }[]) {
  await page.route(OEM_LANG_LIST, (route) => route.fulfill({
    json: { errCode: 0, errMsg: '', data: languages.map((l, i) => ({ ...l, defaultLang: i === 0 ? 1 : 0 })) },
  }));
}

/** The names the login page's language selector offers. */
async function offeredNames(page: Page): Promise<string[]> {
  await page.getByTestId('language-select').click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options.first()).toBeVisible();
  const names = await options.evaluateAll((items) => items.map((item) => item.getAttribute('title') ?? ''));
  await page.keyboard.press('Escape');
  return names;
}

async function chooseLanguage(page: Page, name: string) {
  await expect(async () => {
    const option = page.locator('.ant-select-dropdown:visible').getByTitle(name, { exact: true });
    if (!(await option.isVisible())) await page.getByTestId('language-select').click({ timeout: 2_000 });
    await option.click({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

test('the URL parameter wins over the stored language, which wins over English', async ({ page }) => {
  await page.goto('/login');
  await expect(html(page)).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();

  await storeLanguage(page, 'zh-CN');
  await page.reload();
  await expect(html(page)).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('button', { name: '登 录' }).or(page.getByRole('button', { name: '登录' }))).toBeVisible();

  await page.goto('/login?lang=en');
  await expect(html(page)).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  // The language the link asked for is the stored one now.
  expect(await storedLanguage(page)).toBe('en');

  // The server's short codes and regional variants name our languages.
  for (const [code, lang] of [['ft', 'zh-TW'], ['sv', 'sv-SE'], ['cs', 'cs-CZ'], ['vi-VN', 'vi']] as const) {
    await page.goto(`/login?lang=${code}`);
    await expect(html(page)).toHaveAttribute('lang', lang);
  }
  // An unknown code falls back to the stored language.
  await page.goto('/login?lang=xx');
  await expect(html(page)).toHaveAttribute('lang', 'vi');
});

test('?lang=zh is remembered after a reload and through the login', async ({ page }) => {
  await page.goto('/login?lang=zh');
  await expect(html(page)).toHaveAttribute('lang', 'zh-CN');
  await page.goto('/login');
  await expect(html(page)).toHaveAttribute('lang', 'zh-CN');
  await page.reload();
  await expect(html(page)).toHaveAttribute('lang', 'zh-CN');

  await page.getByLabel('登录名或手机号').fill('admin');
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(page.getByTestId('side-menu')).toContainText('系统管理');
  await page.reload();
  await expect(page.getByTestId('side-menu')).toContainText('系统管理');
  await expect(html(page)).toHaveAttribute('lang', 'zh-CN');
});

test('the selector offers the brand languages, and English and Chinese when the list fails', async ({ page }) => {
  await page.route(OEM_LANG_LIST, (route) => route.fulfill({ json: { errCode: 10001, errMsg: 'System exception', data: null } }));
  await page.goto('/login');
  await expect(html(page)).toHaveAttribute('lang', 'en');
  expect(await offeredNames(page)).toEqual(['English', '简体中文']);
  // The failure is not kept: the next page load asks again and shows the brand's list.
  await page.unroute(OEM_LANG_LIST);
  await brandOffers(page, [
    { lang: 'en', langName: 'English', value: 'en' },
    { lang: 'ft', langName: '繁體中文', value: 'zh-TW' },
    { lang: 'ja', langName: '日本語', value: 'ja-JP' },
    { lang: 'he', langName: 'עברית', value: 'he' },
  ]);
  await page.reload();
  await expect(async () => expect(await offeredNames(page)).toEqual(['English', '繁體中文', 'עברית'])).toPass({ timeout: 30_000 });
});

test('switching to Hebrew lays the page out right to left and shows the notice once', async ({ page }) => {
  await brandOffers(page, [{ lang: 'en', langName: 'English', value: 'en' }, { lang: 'he', langName: 'עברית', value: 'he' }]);
  await page.goto('/login');
  await expect(html(page)).toHaveAttribute('dir', 'ltr');
  await chooseLanguage(page, 'עברית');

  await expect(html(page)).toHaveAttribute('lang', 'he');
  await expect(html(page)).toHaveAttribute('dir', 'rtl');
  const notice = page.getByRole('dialog', { name: 'על התרגום' });
  await expect(notice).toBeVisible();
  // antd lays its components out right to left too, and the page's texts are Hebrew.
  await expect(page.locator('.ant-select-rtl').first()).toBeVisible();
  await expect(page.getByLabel('סיסמה', { exact: true })).toBeVisible();
  await notice.getByRole('button', { name: 'הבנתי' }).click();
  await expect(notice).toBeHidden();

  await page.reload();
  await expect(html(page)).toHaveAttribute('dir', 'rtl');
  await expect(page.getByLabel('סיסמה', { exact: true })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'על התרגום' })).toBeHidden();
});

test('Vietnamese users starting in Vietnamese see the notice', async ({ page }) => {
  await page.goto('/login?lang=vi');
  await expect(html(page)).toHaveAttribute('dir', 'ltr');
  const notice = page.getByRole('dialog', { name: 'Về bản dịch' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Tôi đã hiểu' }).click();
  await expect(notice).toBeHidden();
});

test('Chinese shows Refine and antd texts translated on a generated list', async ({ page }) => {
  await page.goto('/login?lang=zh-CN');
  await page.getByLabel('登录名或手机号').fill('admin');
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  // Refine's create button on a generated list.
  await page.goto('/system/model-code');
  await expect(page.getByRole('heading', { name: '型号管理' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: '新建' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create' })).toHaveCount(0);
  // antd's pagination size changer on a list with rows.
  await page.goto('/system/account');
  await expect(page.getByRole('heading', { name: '账号管理' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('resource-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  await expect(page.locator('.ant-pagination-options').getByText(/条\/页/)).toBeVisible();
});
