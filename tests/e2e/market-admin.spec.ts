// The market-management screens an administrator keeps (issue 22), generated from their descriptors,
// in English and in Chinese: point rules (one enabled rule per event is refused under its field,
// created disabled, filtered by name, event and status, edited, deleted), member levels (points
// needed must rise with the level, created, edited, deleted), products (created with an uploaded
// picture, published, refused a delete while on the shelf, taken off the shelf, deleted) and coupons
// (given to a chosen user, two each, and listed as that user's unused coupons); and the users' points,
// filtered and exported (those four screens have no export in the contract).
import { expect, test, type Locator, type Page } from '@playwright/test';
import { chooseOption, confirmUntil, login } from './portal';

const TEXTS = {
  en: {
    market: 'Market management', create: 'Create', search: 'Search', confirm: 'Confirm', delete: 'Delete', deleteQuestion: 'Are you sure?',
    enabled: 'Enabled', disabled: 'Disabled', status: 'Status',
    rules: 'Point rules', ruleName: 'Rule name', event: 'Event', earnedBy: 'Earned by', points: 'Points', remark: 'Remark',
    signIn: 'Daily sign-in', plantCreated: 'Plant created', endUsers: 'End users', ruleOverlap: 'already rewards this event for these users',
    rule: 'Point rule',
    levels: 'Membership benefits', levelName: 'Level name', level: 'Level', minPoints: 'Points needed', multiplier: 'Points multiplier',
    discount: 'Mall discount', benefits: 'Benefits', above: 'must be greater than', memberLevel: 'Member level',
    products: 'Mall products', category: 'Category', gifts: 'Gifts and vouchers', productName: 'Product name', price: 'Price in points', stock: 'Stock',
    limit: 'Limit per user (0: none)', description: 'Description', product: 'Product', draft: 'Draft', onShelf: 'On shelf', offShelf: 'Off shelf',
    publish: 'Publish', takeOff: 'Take off shelf', published: (name: string) => `Product ${name} published`,
    takenOff: (name: string) => `Product ${name} taken off the shelf`, notDeleted: (name: string) => `Product ${name} not deleted`,
    onShelfFirst: 'take it off the shelf first', question: (action: string) => `${action}: are you sure?`,
    coupons: 'Coupons', give: 'Give coupons', couponName: 'Coupon name', faceValue: 'Points off', validFrom: 'Valid from', validUntil: 'Valid until',
    perRecipient: 'Coupons per recipient', recipients: 'Recipients', given: 'Give coupons: done', couponFilter: 'Coupon', unused: 'Unused', holder: 'Holder',
    userPoints: 'User points', account: 'Account or name', exported: (file: string) => `Saved ${file}`,
    created: (what: string, name: string) => `${what} ${name} created`, saved: (what: string, name: string) => `${what} ${name} saved`,
    deleted: (what: string, name: string) => `${what} ${name} deleted`,
  },
  'zh-CN': {
    market: '营销管理', create: '新建', search: '搜索', confirm: '确定', delete: '删除', deleteQuestion: '确定吗？',
    enabled: '启用', disabled: '停用', status: '状态',
    rules: '积分规则', ruleName: '规则名称', event: '触发事件', earnedBy: '适用用户', points: '积分', remark: '备注',
    signIn: '每日签到', plantCreated: '创建电站', endUsers: '终端用户', ruleOverlap: '已为这些用户奖励此事件',
    rule: '积分规则',
    levels: '会员权益', levelName: '等级名称', level: '等级', minPoints: '所需积分', multiplier: '积分倍率',
    discount: '商城折扣', benefits: '权益内容', above: '必须大于', memberLevel: '会员等级',
    products: '商城商品', category: '分类', gifts: '礼品卡券', productName: '商品名称', price: '兑换积分', stock: '库存',
    limit: '每人限兑（0 为不限）', description: '商品详情', product: '商品', draft: '草稿', onShelf: '已上架', offShelf: '已下架',
    publish: '发布', takeOff: '下架', published: (name: string) => `已发布商品 ${name}`,
    takenOff: (name: string) => `已下架商品 ${name}`, notDeleted: (name: string) => `未能删除商品 ${name}`,
    onShelfFirst: '请先下架', question: (action: string) => `确定要${action}吗？`,
    coupons: '优惠券', give: '发放优惠券', couponName: '优惠券名称', faceValue: '抵扣积分', validFrom: '生效日期', validUntil: '截止日期',
    perRecipient: '每人张数', recipients: '发放对象', given: '发放优惠券：成功', couponFilter: '优惠券', unused: '未使用', holder: '持有人',
    userPoints: '用户积分', account: '账号或姓名', exported: (file: string) => `已保存 ${file}`,
    created: (what: string, name: string) => `已创建${what} ${name}`, saved: (what: string, name: string) => `已保存${what} ${name}`,
    deleted: (what: string, name: string) => `已删除${what} ${name}`,
  },
};
type Texts = (typeof TEXTS)['en'];

/** A real 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** antd spaces out a button label of two Chinese characters ("搜 索"); an icon's name may precede it. */
const button = (label: string) => ({ name: new RegExp(`(^|\\s)${[...label].join('\\s?')}$`) });

/**
 * Opens a screen of the market-management group. Its entry is looked for inside the group, where
 * the end user's mall (积分商城) stands beside the products' screen (商城商品). Retried like
 * openFromMenu, since the menu is rebuilt when its entries or a new language arrive.
 */
async function openMarket(page: Page, x: Texts, entry: string, url: RegExp) {
  const group = page.getByTestId('side-menu').locator('li.ant-menu-submenu').filter({ hasText: x.market });
  const item = group.locator('li.ant-menu-item').getByText(entry, { exact: true });
  await expect(async () => {
    if (!(await item.isVisible())) await group.getByText(x.market, { exact: true }).click({ timeout: 2_000 });
    await item.click({ timeout: 2_000 });
    await expect(page).toHaveURL(url, { timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
  await expect(page.getByTestId('resource-table')).toBeVisible({ timeout: 30_000 });
}

// A field by its label, in the record's form or a dialog (the filter bar has fields of the same names).
const input = (scope: Locator, label: string) => scope.getByLabel(label, { exact: true });
// The innermost form item holding the label (RJSF wraps the whole object in one too).
const item = (scope: Locator, label: string) => scope.locator('.ant-form-item').filter({ has: scope.page().getByLabel(label, { exact: true }) }).last();
const recordForm = (page: Page) => page.locator('form.rjsf');
const filterBar = (page: Page) => page.getByTestId('filter-bar');
const filterItem = (page: Page, label: string) => filterBar(page).locator('.ant-form-item').filter({ hasText: label });
const rows = (page: Page) => page.getByTestId('resource-table').locator('tbody tr.ant-table-row');
const rowOf = (page: Page, text: string) => rows(page).filter({ has: page.getByText(text, { exact: true }) });

async function search(page: Page, x: Texts) {
  await filterBar(page).getByRole('button', button(x.search)).click();
}

/** Clears an enum filter's choice (any). */
async function clearChoice(field: Locator) {
  await field.locator('.ant-select').hover();
  await field.locator('.ant-select-clear').click();
  await expect(field.locator('.ant-select-selection-item')).toHaveCount(0);
}

/** Deletes a record from its row, after the confirmation; the row goes. */
async function deleteRow(page: Page, x: Texts, row: Locator, toast: string) {
  await row.getByTestId('row-delete').click();
  const ok = page.locator('.ant-popconfirm').filter({ hasText: x.deleteQuestion }).getByRole('button', button(x.delete));
  await confirmUntil(ok, () => expect(page.getByText(toast)).toBeVisible({ timeout: 2_000 }));
  await expect(row).toHaveCount(0);
}

/** Runs a row action behind its confirmation, until its toast shows. */
async function rowAction(page: Page, x: Texts, row: Locator, action: string, label: string, toast: string) {
  await row.getByTestId(`row-action-${action}`).click();
  const ok = page.locator('.ant-popconfirm').filter({ hasText: x.question(label) }).getByRole('button', button(x.confirm));
  await confirmUntil(ok, () => expect(page.getByText(toast)).toBeVisible({ timeout: 2_000 }));
}

/** Types a day into an antd date picker and confirms it by choosing it in the calendar. */
async function day(page: Page, scope: Locator, label: string, value: string) {
  const picker = input(scope, label);
  await picker.click();
  await picker.fill(value);
  const calendar = page.locator('.ant-picker-dropdown:visible');
  await calendar.locator('.ant-picker-cell-selected').click();
  await expect(calendar).toHaveCount(0);
  await expect(picker).toHaveValue(value);
}

/** Chooses `option` of a searched reference select (a multiple one too), typing `text` to find it. */
async function chooseSearched(page: Page, field: Locator, text: string, option: string) {
  await expect(async () => {
    const choice = page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true });
    if (!(await choice.first().isVisible())) {
      await field.locator('.ant-select-selector').click({ timeout: 2_000 });
      await field.locator('input').fill(text, { timeout: 2_000 });
    }
    await choice.first().click({ timeout: 2_000 });
    await expect(field.locator('.ant-select-selection-item')).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** A screen walked through step by step: on a machine loaded far past its two cores one had taken 2.1 min, each step passing. */
const LONG_TEST_MS = 180_000;

const isoDay = (offsetDays: number) => {
  const d = new Date(Date.now() + offsetDays * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** A day as a list shows it: 2027-01-26 in English, 2027/01/26 in Chinese. */
const shownDay = (day: string) => new RegExp(day.replace(/-/g, '[-/]'));

for (const lang of ['en', 'zh-CN'] as const) {
  const x = TEXTS[lang];

  test.describe(`market management (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      await login(page, 'admin', { lang });
    });

    test(`point rules: one enabled rule per event, create, filter, edit, delete (${lang})`, async ({ page }) => {
      test.setTimeout(LONG_TEST_MS);
      const name = `E2E rule ${lang} ${Date.now().toString(36)}`;
      const form = recordForm(page);
      await openMarket(page, x, x.rules, /\/market\/point-rule/);

      // The daily sign-in already has an enabled rule for everyone: a second one is refused under its field.
      await page.getByRole('button', button(x.create)).click();
      await expect(page).toHaveURL(/\/create/);
      await input(form, x.ruleName).fill(name);
      await chooseOption(page, item(form, x.event), x.signIn);
      await chooseOption(page, item(form, x.earnedBy), x.endUsers);
      await input(form, x.points).fill('25');
      await input(form, x.remark).fill('Browser test');
      await page.getByTestId('form-submit').click();
      await expect(item(form, x.event)).toContainText(x.ruleOverlap);
      await expect(page).toHaveURL(/\/create/);
      // Disabled, it may stand beside the enabled one.
      await form.getByRole('radio', { name: x.disabled, exact: true }).check();
      await page.getByTestId('form-submit').click();
      await expect(page.getByText(x.created(x.rule, name))).toBeVisible();
      await expect(page).toHaveURL(/\/market\/point-rule(\?|$)/);

      // Filtered by name, event and status.
      const row = rowOf(page, name);
      await filterBar(page).getByLabel(x.ruleName, { exact: true }).fill(name);
      await search(page, x);
      await expect(rows(page)).toHaveCount(1);
      await expect(row).toContainText(x.signIn);
      await expect(row).toContainText(x.endUsers);
      await expect(row).toContainText(x.disabled);
      await chooseOption(page, filterItem(page, x.event), x.plantCreated);
      await search(page, x);
      await expect(row).toHaveCount(0);
      await chooseOption(page, filterItem(page, x.event), x.signIn);
      await chooseOption(page, filterItem(page, x.status), x.enabled);
      await search(page, x);
      await expect(row).toHaveCount(0);
      await chooseOption(page, filterItem(page, x.status), x.disabled);
      await search(page, x);
      await expect(rows(page)).toHaveCount(1);
      await clearChoice(filterItem(page, x.event));
      await clearChoice(filterItem(page, x.status));
      await search(page, x);
      await expect(rows(page)).toHaveCount(1);

      // Edited: the form holds what was stored, the list shows the change.
      await row.getByTestId('row-edit').click();
      await expect(page).toHaveURL(/\/edit\//);
      await expect(input(form, x.points)).toHaveValue('25');
      await expect(input(form, x.remark)).toHaveValue('Browser test');
      await input(form, x.points).fill('40');
      await page.getByTestId('form-submit').click();
      await expect(page.getByText(x.saved(x.rule, name))).toBeVisible();
      await expect(row.getByRole('cell', { name: '40', exact: true })).toBeVisible();

      await deleteRow(page, x, row, x.deleted(x.rule, name));
    });

    test(`member levels: points needed rise with the level, create, edit, delete (${lang})`, async ({ page }) => {
      test.setTimeout(LONG_TEST_MS);
      const name = `E2E level ${lang} ${Date.now().toString(36)}`;
      // A level above the demo's four (Platinum, 20,000 points, is level 4), one per language.
      const level = lang === 'en' ? '18' : '19';
      const form = recordForm(page);
      await openMarket(page, x, x.levels, /\/market\/member-equity/);

      await page.getByRole('button', button(x.create)).click();
      await expect(page).toHaveURL(/\/create/);
      await input(form, x.levelName).fill(name);
      await input(form, x.level).fill(level);
      await input(form, x.minPoints).fill('100');
      await input(form, x.multiplier).fill('2.5');
      await input(form, x.discount).fill('20');
      await input(form, x.benefits).fill('Everything twice');
      await page.getByTestId('form-submit').click();
      await expect(item(form, x.minPoints)).toContainText(x.above);
      await expect(page).toHaveURL(/\/create/);
      await input(form, x.minPoints).fill(lang === 'en' ? '5000000' : '6000000');
      await page.getByTestId('form-submit').click();
      await expect(page.getByText(x.created(x.memberLevel, name))).toBeVisible();

      const row = rowOf(page, name);
      await filterBar(page).getByLabel(x.levelName, { exact: true }).fill(name);
      await search(page, x);
      await expect(rows(page)).toHaveCount(1);
      await expect(row).toContainText(lang === 'en' ? '5,000,000' : '6,000,000');
      await expect(row).toContainText(/20\s?%/);
      await expect(row).toContainText(x.enabled);

      await row.getByTestId('row-edit').click();
      await expect(page).toHaveURL(/\/edit\//);
      await expect(input(form, x.benefits)).toHaveValue('Everything twice');
      await input(form, x.discount).fill('25');
      await form.getByRole('radio', { name: x.disabled, exact: true }).check();
      await page.getByTestId('form-submit').click();
      await expect(page.getByText(x.saved(x.memberLevel, name))).toBeVisible();
      await expect(row).toContainText(/25\s?%/);
      await expect(row).toContainText(x.disabled);

      await deleteRow(page, x, row, x.deleted(x.memberLevel, name));
    });

    test(`products: create with a picture, publish, no delete on the shelf, off shelf, delete (${lang})`, async ({ page }) => {
      test.setTimeout(LONG_TEST_MS);
      const name = `E2E product ${lang} ${Date.now().toString(36)}`;
      const form = recordForm(page);
      await openMarket(page, x, x.products, /\/market\/product/);

      await page.getByRole('button', button(x.create)).click();
      await expect(page).toHaveURL(/\/create/);
      await chooseOption(page, item(form, x.category), x.gifts);
      await input(form, x.productName).fill(name);
      await input(form, x.price).fill('900');
      await input(form, x.stock).fill('12');
      await input(form, x.limit).fill('2');
      await input(form, x.description).fill('A lamp for the browser test');
      const pictures = page.getByTestId('images-root_images');
      await pictures.locator('input[type=file]').setInputFiles({ name: 'lamp.png', mimeType: 'image/png', buffer: PNG });
      await expect(pictures.getByTestId('image-item')).toHaveCount(1);
      await expect(pictures.getByTestId('image-item').locator('img')).toHaveAttribute('src', /\.png$/);
      await page.getByTestId('form-submit').click();
      await expect(page.getByText(x.created(x.product, name))).toBeVisible();

      // A new product is a draft, with its picture in the list.
      const row = rowOf(page, name);
      await filterBar(page).getByLabel(x.productName, { exact: true }).fill(name);
      await search(page, x);
      await expect(rows(page)).toHaveCount(1);
      await expect(row).toContainText(x.gifts);
      await expect(row).toContainText(x.draft);
      await expect(row.locator('img')).toHaveAttribute('src', /\.png$/);

      await rowAction(page, x, row, 'publish', x.publish, x.published(name));
      await expect(row).toContainText(x.onShelf);
      await expect(row.getByTestId('row-action-publish')).toHaveCount(0);

      // On the shelf it cannot be deleted: the refusal says why, and the row stays.
      await row.getByTestId('row-delete').click();
      const ok = page.locator('.ant-popconfirm').filter({ hasText: x.deleteQuestion }).getByRole('button', button(x.delete));
      await confirmUntil(ok, () => expect(page.getByText(x.notDeleted(name))).toBeVisible({ timeout: 2_000 }));
      await expect(page.getByText(x.onShelfFirst)).toBeVisible();
      await expect(row).toHaveCount(1);

      await rowAction(page, x, row, 'offShelf', x.takeOff, x.takenOff(name));
      await expect(row).toContainText(x.offShelf);
      await expect(row.getByTestId('row-action-publish')).toBeVisible();

      await deleteRow(page, x, row, x.deleted(x.product, name));
    });

    test(`coupons: given to a chosen user, listed as theirs (${lang})`, async ({ page }) => {
      test.setTimeout(LONG_TEST_MS);
      const name = `E2E coupon ${lang} ${Date.now().toString(36)}`;
      await openMarket(page, x, x.coupons, /\/market\/coupon/);

      await page.getByTestId('toolbar-action-give').click();
      const dialog = page.getByTestId('action-dialog-give');
      await expect(dialog).toBeVisible();
      await input(dialog, x.couponName).fill(name);
      await dialog.locator('#root_faceValue').fill('50');
      await day(page, dialog, x.validFrom, isoDay(1));
      await day(page, dialog, x.validUntil, isoDay(60));
      await input(dialog, x.perRecipient).fill('2');
      await chooseSearched(page, item(dialog, x.recipients), 'installer', 'installer');
      await dialog.getByTestId('form-submit').click();
      await expect(page.getByText(x.given)).toBeVisible();
      await expect(dialog).toHaveCount(0);

      // Two numbered coupons, both the installer's and unused.
      await filterBar(page).getByLabel(x.couponFilter, { exact: true }).fill(name);
      await search(page, x);
      await expect(rows(page)).toHaveCount(2);
      for (const row of await rows(page).all()) {
        await expect(row).toContainText(name);
        await expect(row).toContainText('installer');
        await expect(row).toContainText(x.unused);
        await expect(row).toContainText(shownDay(isoDay(60)));
      }
      await filterBar(page).getByLabel(x.holder, { exact: true }).fill('installer');
      await search(page, x);
      await expect(rows(page)).toHaveCount(2);
    });

    test(`user points: the list filtered by account and exported (${lang})`, async ({ page }) => {
      test.setTimeout(LONG_TEST_MS);
      await openMarket(page, x, x.userPoints, /\/market\/user-point/);
      await filterBar(page).getByLabel(x.account, { exact: true }).fill('installer');
      await search(page, x);
      await expect(rowOf(page, 'installer')).toBeVisible();
      await expect(rowOf(page, 'owner')).toHaveCount(0);

      // The export is of the filtered list, saved under the server's name.
      const downloaded = page.waitForEvent('download');
      await page.getByTestId('export-button').click();
      const file = await downloaded;
      expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
      await expect(page.getByText(x.exported(file.suggestedFilename()))).toBeVisible();
    });
  });
}
