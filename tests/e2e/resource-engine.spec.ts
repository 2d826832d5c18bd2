// The screen docs/adding-a-screen.md adds from JSON alone (legal documents: an entity schema, a
// descriptor, an OpenAPI block and a handler), in English and in Chinese: its menu entry, the list
// with enum tags and an enum filter, the create form with a conditional field, a project widget,
// the schema's own messages instead of the browser's, a server error on its field, a toast that
// names the record, Refine's and antd's texts in the language, and the not-found state.
import { expect, test, type Page } from '@playwright/test';
import { chooseOption, confirmUntil, login, openFromMenu } from './portal';

const TEXTS = {
  en: {
    system: 'System', screen: 'Legal documents', create: 'Create', search: 'Search', kind: 'Document', language: 'Language', version: 'Version',
    title: 'Title', text: 'Text', publishTime: 'Published', scheduled: 'At a set time', now: 'Now', policy: 'Privacy policy', agreement: 'User agreement',
    chinese: '简体中文', required: 'This field is required', exists: 'already exists', preview: 'Preview', bold: 'Bold', save: 'Save',
    created: (v: string) => `Document version ${v} created`, perPage: '10 / page', noData: 'No data',
    missing: 'Model code 999999 not found', back: 'Back to Model codes', breadcrumb: 'Details',
  },
  'zh-CN': {
    system: '系统管理', screen: '法律文件', create: '新建', search: '搜索', kind: '文件', language: '语言', version: '版本',
    title: '标题', text: '正文', publishTime: '发布时间', scheduled: '定时发布', now: '立即发布', policy: '隐私政策', agreement: '用户协议',
    chinese: '简体中文', required: '此项为必填项', exists: '已存在', preview: '预览', bold: '加粗', save: '保存',
    created: (v: string) => `已创建文件版本 ${v}`, perPage: '10 条/页', noData: '暂无数据',
    missing: '未找到型号 999999', back: '返回型号管理', breadcrumb: '详情',
  },
};

/** antd spaces out a button label of two Chinese characters ("搜 索"); an icon's name may precede it. */
const button = (label: string) => ({ name: new RegExp(`(^|\\s)${[...label].join('\\s?')}$`) });

// The innermost form item holding the label (RJSF wraps the whole object in one too).
const item = (page: Page, label: string) => page.locator('.ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) }).last();

const choose = (page: Page, label: string, option: string) => chooseOption(page, item(page, label), option);

for (const lang of ['en', 'zh-CN'] as const) {
  const x = TEXTS[lang];
  test(`a screen made of JSON works like a hand-written one (${lang})`, async ({ page }) => {
    // A long walk through four screens: on a loaded machine its steps had used up the default 60 s
    // before the last one (the not-found screen) was reached, each step passing on its own.
    test.setTimeout(150_000);
    const version = `e2e-${lang}-${Date.now().toString(36)}`;
    await login(page, 'admin', { lang });

    // The menu entry comes from the descriptor.
    await openFromMenu(page, x.system, x.screen, /\/system\/legal-documents/);
    const table = page.getByTestId('resource-table');
    await expect(table.locator('.ant-tag').filter({ hasText: x.agreement }).first()).toBeVisible();
    await expect(page.locator('.ant-pagination')).toContainText(x.perPage);

    // The enum filter is a select of the labels.
    await choose(page, x.kind, x.policy);
    await page.getByTestId('filter-bar').getByRole('button', button(x.search)).click();
    await expect(table.locator('.ant-tag').filter({ hasText: x.policy }).first()).toBeVisible();
    await expect(table.locator('.ant-tag').filter({ hasText: x.agreement })).toHaveCount(0);

    // An empty submit: the schema's messages on every required field at once, in the language.
    await page.getByRole('button', button(x.create)).click();
    await expect(page).toHaveURL(/\/create/);
    await page.getByTestId('form-submit').click();
    await expect(page.locator('.ant-form-item-explain-error').filter({ hasText: x.required })).toHaveCount(5);

    // The conditional field: the publication time appears only for a scheduled version.
    await expect(item(page, x.publishTime)).toHaveCount(0);
    await page.getByText(x.scheduled, { exact: true }).click();
    await expect(item(page, x.publishTime)).toBeVisible();
    await page.getByText(x.now, { exact: true }).click();
    await expect(item(page, x.publishTime)).toHaveCount(0);

    await choose(page, x.kind, x.policy);
    await choose(page, x.language, x.chinese);
    await page.getByLabel(x.version, { exact: true }).fill(version);
    await page.getByLabel(x.title, { exact: true }).fill('隐私政策');
    // The rich-text widget: a mark from its toolbar, and the preview.
    const text = page.locator('textarea');
    await text.fill('We never sell data.');
    await page.getByRole('button', button(x.bold)).click();
    await expect(text).toHaveValue('We never sell data.****');
    await text.fill('We **never** sell data.');
    await page.getByText(x.preview, { exact: true }).click();
    await expect(page.locator('strong').filter({ hasText: 'never' })).toBeVisible();
    await page.getByTestId('form-submit').click();
    await expect(page.getByText(x.created(version))).toBeVisible();
    await expect(page).toHaveURL(/\/system\/legal-documents(\?|$)/);
    await expect(table.getByRole('row', { name: new RegExp(version) })).toBeVisible();

    // The same version again: the server's refusal shows on the version field.
    await page.getByRole('button', button(x.create)).click();
    await choose(page, x.kind, x.policy);
    await choose(page, x.language, x.chinese);
    await page.getByLabel(x.version, { exact: true }).fill(version);
    await page.getByLabel(x.title, { exact: true }).fill('Again');
    await page.locator('textarea').fill('Again');
    await page.getByTestId('form-submit').click();
    await expect(item(page, x.version)).toContainText(x.exists);
    await expect(page).toHaveURL(/\/create/);

    // A record that is not there: a translated not-found state, and no Edit or Delete on it.
    // A full reload: the app, the session, the screen's code and its schema come first, which on a
    // loaded machine had taken more than the default 10 s before the record was even asked for.
    await page.goto('/system/model-code/show/999999');
    await expect(page.getByTestId('record-missing')).toContainText(x.missing, { timeout: 30_000 });
    await expect(page.locator('.ant-breadcrumb')).toContainText(x.breadcrumb);
    await expect(page.getByRole('button', button(x.back))).toBeVisible();
    await expect(page.locator('.ant-card').getByRole('button', { name: /Edit|编辑|Delete|删除/ })).toHaveCount(0);
  });
}

/**
 * A confirmation's button, found by the confirmation's question: the previous action's may still be
 * fading out, and a click during the opening animation may be lost (confirmUntil repeats it).
 */
const confirmOf = (page: Page, question: string) => page.locator('.ant-popconfirm').filter({ hasText: question }).getByRole('button', { name: 'Confirm' });

test('a descriptor\'s row action asks first, runs its operation, and the row shows the outcome', async ({ page }) => {
  // Slow on a loaded machine (typing alone has taken 20 s there), each step waiting for its outcome.
  test.setTimeout(120_000);
  await login(page, 'admin', { to: '/system/account' });
  await page.getByTestId('filter-bar').getByLabel('Name, phone or e-mail').fill('distributor');
  await page.getByTestId('filter-bar').getByRole('button', { name: 'Search' }).click();
  const row = page.getByTestId('resource-table').locator('tbody tr').filter({ hasText: 'distributor' });
  await expect(row.locator('.ant-tag').filter({ hasText: 'Active' })).toBeVisible();

  await row.getByTestId('row-action-lock').click();
  await expect(page.getByText('Lock: are you sure?')).toBeVisible();
  await confirmUntil(confirmOf(page, 'Lock: are you sure?'), () => expect(page.getByText('Account distributor locked')).toBeVisible({ timeout: 2_000 }));
  await expect(row.locator('.ant-tag').filter({ hasText: 'Locked' })).toBeVisible();
  await expect(row.getByTestId('row-action-lock')).toHaveCount(0);

  await row.getByTestId('row-action-unlock').click();
  await confirmUntil(confirmOf(page, 'Unlock: are you sure?'), () => expect(row.locator('.ant-tag').filter({ hasText: 'Active' })).toBeVisible({ timeout: 2_000 }));
});

test('a bulk action runs over the selected rows that it applies to, and counts the outcome', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'admin', { to: '/system/account' });
  const table = page.getByTestId('resource-table');
  const rowOf = (name: string) => table.locator('tbody tr').filter({ has: page.getByText(name, { exact: true }) });
  // Accounts that earlier tests registered, newest first, push the demo's past a page of ten.
  await chooseOption(page, page.locator('.ant-pagination-options'), '100 / page');
  for (const name of ['distributor', 'provider']) await rowOf(name).getByRole('checkbox').check();
  await expect(page.getByText('2 selected')).toBeVisible();

  await page.getByTestId('bulk-action-lock').click();
  await expect(page.getByText('Lock 2 selected: are you sure?')).toBeVisible();
  await confirmUntil(confirmOf(page, 'Lock 2 selected: are you sure?'), () => expect(page.getByText('Lock: 2 done')).toBeVisible({ timeout: 2_000 }));
  for (const name of ['distributor', 'provider']) await expect(rowOf(name).locator('.ant-tag').filter({ hasText: 'Locked' })).toBeVisible();

  // Both again, and one active account: unlocking applies to the two locked ones only.
  for (const name of ['distributor', 'provider', 'engineer']) await rowOf(name).getByRole('checkbox').check();
  await expect(page.getByTestId('bulk-action-unlock')).toContainText('(2)');
  await page.getByTestId('bulk-action-unlock').click();
  await confirmUntil(confirmOf(page, 'Unlock 2 selected: are you sure?'), () => expect(page.getByText('Unlock: 2 done')).toBeVisible({ timeout: 2_000 }));
  for (const name of ['distributor', 'provider', 'engineer']) await expect(rowOf(name).locator('.ant-tag').filter({ hasText: 'Active' })).toBeVisible();
});
