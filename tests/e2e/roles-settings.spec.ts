// Role administration and the display settings (issue 22), in English and in Chinese. An
// administrator creates a role on the generated screen with two permissions chosen from the
// catalogue, edits it, is refused deleting it while an account holds it (the reason in a toast),
// then deletes it once no account does. A user saves a display setting in the personal center,
// whose choices are exactly the server's, and lists open with the rows per page chosen.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, apiLogin } from './api';
import { chooseOption, login, openFromMenu } from './portal';

const TEXTS = {
  en: {
    system: 'System', screen: 'Roles', create: 'Create', search: 'Search', searchKey: 'Key or name', roleKey: 'Role key', name: 'Name', permissions: 'Permissions', confirm: 'Confirm',
    created: (key: string) => `Role ${key} created`,
    inUse: (key: string) => `role ${key} is held by 1 account(s); give them another role first`,
    personal: 'Personal center', tab: 'Display settings', rows: 'Rows per page', power: 'Power unit', save: 'Save settings', settingsSaved: 'Settings saved',
    pageSizes: ['10 per page', '20 per page', '50 per page', '100 per page'], kW: 'kW',
  },
  'zh-CN': {
    system: '系统管理', screen: '角色管理', create: '新建', search: '搜索', searchKey: '标识或名称', roleKey: '角色标识', name: '名称', permissions: '权限', confirm: '确定',
    created: (key: string) => `已创建角色 ${key}`,
    inUse: (key: string) => `角色 ${key} 正被 1 个账号使用；请先为这些账号更换角色`,
    personal: '个人中心', tab: '显示设置', rows: '每页行数', power: '功率单位', save: '保存设置', settingsSaved: '设置已保存',
    pageSizes: ['10 条/页', '20 条/页', '50 条/页', '100 条/页'], kW: 'kW',
  },
};
type Lang = keyof typeof TEXTS;
type Texts = (typeof TEXTS)[Lang];

/** antd spaces out a button label of two Chinese characters ("新 建"); an icon's name may precede it. */
const button = (label: string) => ({ name: new RegExp(`(^|\\s)${[...label].join('\\s?')}$`) });

const input = (page: Page, label: string) => page.locator('form.rjsf').getByLabel(label, { exact: true });
// The innermost form item holding the label (RJSF wraps the whole object in one too).
const item = (page: Page, label: string) => page.locator('form.rjsf .ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) }).last();

/** Searches the catalogue for a permission and adds it to the role's choice. */
async function addPermission(page: Page, x: Texts, permission: string) {
  const field = item(page, x.permissions);
  const chosen = field.locator('.ant-select-selection-item').filter({ hasText: permission });
  await expect(async () => {
    if (!(await page.locator('.ant-select-dropdown:visible').isVisible())) await field.locator('.ant-select-selector').click({ timeout: 2_000 });
    await field.locator('input').fill(permission, { timeout: 2_000 });
    await page.locator('.ant-select-dropdown:visible').getByTitle(permission, { exact: true }).click({ timeout: 3_000 });
    await expect(chosen).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.keyboard.press('Escape');
}

/** Narrows the list to a key: roles of earlier runs may fill its first page. */
async function search(page: Page, x: Texts, text: string) {
  const bar = page.getByTestId('filter-bar');
  await bar.getByLabel(x.searchKey).fill(text);
  await bar.getByRole('button', button(x.search)).click();
  await expect(page).toHaveURL(new RegExp(`${text}`));
}

/**
 * The row's Delete, confirmed, until `done` holds: a click during the confirmation's opening
 * animation can be lost, and a refusal's toast can be gone before a loaded page is looked at, so
 * the delete is asked again (a refused one changes nothing).
 */
async function deleteUntil(page: Page, row: Locator, x: Texts, done: () => Promise<void>) {
  const confirm = page.locator('.ant-popconfirm:visible').getByRole('button', button(x.confirm));
  await expect(async () => {
    const action = row.getByTestId('row-action-delete');
    if (await confirm.isVisible()) await confirm.click({ timeout: 2_000 });
    else if (await action.isVisible()) await action.click({ timeout: 2_000 });
    await done();
  }).toPass({ timeout: 60_000 });
}

/** Gives an account a role through the API (the accounts screen's edit does the same), answering its former role. */
async function giveRole(loginName: string, roleKey: string): Promise<string> {
  const token = await apiLogin('admin');
  const { list } = await api<{ list: { userId: string; loginName: string; roleKey: string }[] }>('GET', '/api/v1/sys/user/companyAccountList', { token, query: { searchKey: loginName } });
  const account = list.find((a) => a.loginName === loginName)!;
  await api('POST', '/api/v1/sys/user/accountEdit', { token, form: { userId: account.userId, roleKey } });
  return account.roleKey;
}

for (const lang of ['en', 'zh-CN'] as const) {
  test(`an administrator creates, edits and deletes a role, not while an account holds it (${lang})`, async ({ page }) => {
    // A form with two searched choices, an edit, a role given and taken back and two deletions: the
    // Chinese run took 2.7 minutes on a loaded machine, each step passing.
    test.setTimeout(240_000);
    const x = TEXTS[lang];
    const key = `E2e${lang === 'en' ? 'En' : 'Zh'}${Date.now().toString(36)}`;
    await login(page, 'admin', { lang });
    await openFromMenu(page, x.system, x.screen, /\/system\/role/);
    const table = page.getByTestId('resource-table');
    const row = table.locator('tbody tr.ant-table-row').filter({ has: page.getByText(key, { exact: true }) });

    // Created with two permissions of the catalogue.
    await page.getByRole('button', button(x.create)).click();
    await expect(page).toHaveURL(/\/create/);
    await input(page, x.roleKey).fill(key);
    await input(page, x.name).fill(`${key} auditors`);
    await addPermission(page, x, 'system:office:list');
    await addPermission(page, x, 'system:account:list');
    await page.getByTestId('form-submit').click();
    await expect(page.getByText(x.created(key))).toBeVisible();
    await search(page, x, key);
    await expect(row).toContainText(`${key} auditors`);
    // Name, then the kind of user, then the count of permissions.
    await expect(row.locator('td').nth(3)).toHaveText('2');

    // Edited: renamed, one permission taken away and another added.
    await row.getByTestId('row-edit').click();
    await expect(page).toHaveURL(/\/edit\//);
    await expect(item(page, x.permissions).locator('.ant-select-selection-item')).toHaveCount(2);
    await input(page, x.name).fill(`${key} inspectors`);
    await item(page, x.permissions).locator('.ant-select-selection-item').filter({ hasText: 'system:account:list' }).locator('.ant-select-selection-item-remove').click();
    await addPermission(page, x, 'system:apiInfo:list');
    await page.getByTestId('form-submit').click();
    // The saved list is the outcome (its toast may come and go while a loaded machine renders the list).
    await expect(page).toHaveURL(/\/system\/role(\?|$)/);
    await search(page, x, key);
    await expect(row).toContainText(`${key} inspectors`);
    await row.getByTestId('row-show').click();
    await expect(page.getByText('system:apiInfo:list')).toBeVisible();
    await expect(page.getByText('system:account:list')).toHaveCount(0);
    await page.goBack();

    // Held by an account: the delete is refused with the reason, and the role stays.
    const former = await giveRole('provider', key);
    try {
      await page.reload();
      await deleteUntil(page, row, x, () => expect(page.getByText(x.inUse(key), { exact: false })).toBeVisible({ timeout: 3_000 }));
      await expect(row).toHaveCount(1);
    } finally {
      await giveRole('provider', former);
    }

    // No account holds it any more: deleted.
    await page.reload();
    await deleteUntil(page, row, x, () => expect(row).toHaveCount(0, { timeout: 3_000 }));
    // The built-in roles offer no Delete.
    await search(page, x, 'Administrator');
    const administrator = table.locator('tbody tr.ant-table-row').filter({ has: page.getByText('Administrator', { exact: true }) });
    await expect(administrator).toHaveCount(1);
    await expect(administrator.getByTestId('row-action-delete')).toHaveCount(0);
  });

  test(`a user saves a display setting chosen among the server's values, and lists follow it (${lang})`, async ({ page }) => {
    test.setTimeout(150_000);
    const x = TEXTS[lang];
    await login(page, 'provider', { lang });
    try {
      await page.goto('/personal-center');
      await page.getByRole('tab', { name: x.tab }).click();
      const form = page.getByTestId('settings-form');
      const field = (label: string) => form.locator('.ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) });
      await expect(field(x.rows).locator('.ant-select-selection-item')).toHaveText(x.pageSizes[0]!);
      // The choices are the server's, no others: nothing the server would refuse can be chosen.
      await field(x.rows).locator('.ant-select-selector').click();
      await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveText(x.pageSizes);
      await page.keyboard.press('Escape');
      await chooseOption(page, field(x.rows), x.pageSizes[1]!);
      await chooseOption(page, field(x.power), x.kW);
      await page.getByTestId('settings-save').click();
      await expect(page.getByText(x.settingsSaved)).toBeVisible();

      // Kept on the server: a fresh page shows them, and a generated list opens with 20 rows a page.
      await page.reload();
      await page.getByRole('tab', { name: x.tab }).click();
      await expect(field(x.rows).locator('.ant-select-selection-item')).toHaveText(x.pageSizes[1]!);
      await expect(field(x.power).locator('.ant-select-selection-item')).toHaveText(x.kW);
      await page.goto('/system/account');
      await expect(page.locator('.ant-pagination-options .ant-select-selection-item')).toContainText('20');
    } finally {
      const token = await apiLogin('provider');
      await api('POST', '/api/v1/sys/settings/setUp', { token, form: { pageSize: '10', powerUnit: 'auto' } });
    }
  });
}
