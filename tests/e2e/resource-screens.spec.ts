// What every generated screen offers, on real screens against the real server, in English and
// Chinese: row actions with accessible names and none on the caller's own row, action toasts in
// words, and a reference picker fed page by page by the model-code list.
import { expect, test } from '@playwright/test';
import { confirmUntil, login } from './portal';
import { importDevice, newSerial } from './plants';

const TEXTS = {
  en: {
    search: 'Name, phone or e-mail', searchButton: /Search/, lock: 'Lock', unlock: 'Unlock', confirm: /Confirm/,
    ask: (action: string) => `${action}: are you sure?`, locked: 'Account support locked', unlocked: 'Account support unlocked',
  },
  'zh-CN': {
    search: '名称、手机号或邮箱', searchButton: /搜\s?索/, lock: '锁定', unlock: '解锁', confirm: /确\s?定/,
    ask: (action: string) => `确定要${action}吗？`, locked: '已锁定账号 support', unlocked: '已解锁账号 support',
  },
};

for (const lang of ['en', 'zh-CN'] as const) {
  const x = TEXTS[lang];
  test(`row actions name their record, skip the caller's own row and say what they did (${lang})`, async ({ page }) => {
    // Two searches and two confirmed actions: more than the default 60 s on a loaded machine.
    test.setTimeout(120_000);
    await login(page, 'admin', { lang, to: '/system/account' });
    const table = page.getByTestId('resource-table');
    const rowOf = (name: string) => table.locator('tbody tr').filter({ has: page.getByText(name, { exact: true }) });

    const search = async (text: string) => {
      await page.getByTestId('filter-bar').getByLabel(x.search).fill(text);
      await page.getByTestId('filter-bar').getByRole('button', { name: x.searchButton }).click();
      await expect(rowOf(text)).toBeVisible();
    };

    // The administrator's own row offers no Lock (the server would refuse it); another's does.
    await search('admin');
    await expect(rowOf('admin').getByTestId('row-action-lock')).toHaveCount(0);
    await search('support');

    // The action is announced with its record, and its toast says what happened to which account.
    // Its confirmation is found by its own question: the previous action's may still be fading out.
    // The row's button is clicked again while no confirmation shows, since a click while the list
    // is re-rendered after the search can be lost; the confirmation's button as confirmUntil says.
    const act = async (action: string, done: string) => {
      const confirm = page.locator('.ant-popconfirm').filter({ hasText: x.ask(action) }).getByRole('button', { name: x.confirm });
      await expect(async () => {
        if (!(await confirm.isVisible())) await rowOf('support').getByRole('button', { name: `${action}: support` }).click({ timeout: 2_000 });
        await expect(confirm).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      await confirmUntil(confirm, () => expect(page.getByText(done)).toBeVisible({ timeout: 2_000 }));
    };
    await act(x.lock, x.locked);
    await act(x.unlock, x.unlocked);
  });
}

test('the device inventory\'s model code is chosen from the model-code list by searching it', async ({ page }) => {
  test.setTimeout(150_000);
  const code = `REF-${Date.now().toString(36).toUpperCase()}`;
  const sn = newSerial('E2EREF');
  await login(page, 'admin');

  // A model code to find, and a device to give it to.
  await page.goto('/system/model-code/create');
  await page.getByLabel('Model code', { exact: true }).fill(code);
  await page.getByLabel('Model name', { exact: true }).fill('Reference picker inverter');
  await page.locator('.ant-form-item').filter({ has: page.getByLabel('Device type', { exact: true }) }).locator('.ant-select-selector').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('Inverter', { exact: true }).click();
  await page.getByTestId('form-submit').click();
  await expect(page).toHaveURL(/\/system\/model-code(\?|$)/);
  await importDevice(page, { sn, type: 'Inverter', ratedPower: '5' });

  await page.goto('/service/device-inventory');
  await page.getByTestId('filter-bar').getByLabel('Serial number').fill(sn);
  await page.getByTestId('filter-bar').getByRole('button', { name: 'Search' }).click();
  const row = page.getByTestId('resource-table').locator('tbody tr').filter({ hasText: sn });
  await row.getByRole('button', { name: `Edit: ${sn}` }).click();
  await expect(page).toHaveURL(/\/edit\//);

  // The picker searches the model-code list as the user types.
  const picker = page.getByTestId('reference-root_modelCode');
  await picker.click();
  await page.keyboard.type(code);
  await page.locator('.ant-select-dropdown:visible').getByTitle(code, { exact: true }).click();
  await expect(picker).toContainText(code);
  await page.getByTestId('form-submit').click();
  await expect(page).toHaveURL(/\/service\/device-inventory(\?|$)/);
  await expect(page.getByTestId('resource-table').locator('tbody tr').filter({ hasText: sn })).toContainText(code);
});
