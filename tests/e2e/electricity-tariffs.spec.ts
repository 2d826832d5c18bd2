// The electricity tariffs screen, made by `npm run new:resource` and JSON alone plus a hooks file
// (issue 21), as an administrator: prices to 4 decimals (0.3 is a multiple of 0.0001, 0.00005 is
// refused in words), the time-of-use prices shown only when the switch is on and kept on an edit,
// the yes/no and date-range filters, sorting by price, a hook's refusal under its field with the
// fields' labels, and the delete; then the same screen in Chinese.
import { expect, test, type Page } from '@playwright/test';
import { chooseOption, login, openFromMenu } from './portal';

const TEXTS = {
  en: {
    system: 'System', screen: 'Electricity tariffs', create: 'Create', search: 'Search', save: 'Save', name: 'Name', currency: 'Currency',
    aud: 'AUD (Australian dollar)', cny: 'CNY (Chinese yuan)', price: 'Price per kWh', feedIn: 'Feed-in price per kWh', validFrom: 'Valid from',
    validTo: 'Valid to', timeOfUse: 'Time of use', peak: 'Peak price per kWh', offPeak: 'Off-peak price per kWh', notes: 'Notes', yes: 'Yes', no: 'No',
    required: 'This field is required', decimals: 'At most 4 decimal places', newTitle: 'New electricity tariff',
    validToBefore: 'Valid to: must not lie before Valid from', peakAbove: 'Peak price per kWh: must be above Off-peak price per kWh',
    created: (name: string) => `Electricity tariff ${name} created`, saved: (name: string) => `Electricity tariff ${name} saved`,
    deleted: (name: string) => `Electricity tariff ${name} deleted`, confirm: 'Delete',
  },
  'zh-CN': {
    system: '系统管理', screen: '电价列表', create: '新建', search: '搜索', save: '保存', name: '名称', currency: '币种',
    aud: '澳元 (AUD)', cny: '人民币 (CNY)', price: '每千瓦时电价', feedIn: '每千瓦时上网电价', validFrom: '生效日期',
    validTo: '失效日期', timeOfUse: '分时电价', peak: '每千瓦时峰时电价', offPeak: '每千瓦时谷时电价', notes: '备注', yes: '是', no: '否',
    required: '此项为必填项', decimals: '最多 4 位小数', newTitle: '新建电价',
    validToBefore: '失效日期：不能早于 生效日期', peakAbove: '每千瓦时峰时电价：必须高于 每千瓦时谷时电价',
    created: (name: string) => `已创建电价 ${name}`, saved: (name: string) => `已保存电价 ${name}`,
    deleted: (name: string) => `已删除电价 ${name}`, confirm: '删除',
  },
};
type Texts = (typeof TEXTS)['en'];

/** antd spaces out a button label of two Chinese characters ("搜 索"); an icon's name may precede it. */
const button = (label: string) => ({ name: new RegExp(`(^|\\s)${[...label].join('\\s?')}$`) });

// The record's form (the list, its sortable headers and its filter bar stay on the page beside it).
const input = (page: Page, label: string) => page.locator('form.rjsf').getByLabel(label, { exact: true });
// The innermost form item holding the label (RJSF wraps the whole object in one too).
const item = (page: Page, label: string) => page.locator('form.rjsf .ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) }).last();

const choose = (page: Page, label: string, option: string) => chooseOption(page, item(page, label), option);

/** Types a day into an antd date picker; Tab confirms it (Enter would submit the form). */
async function day(page: Page, label: string, value: string) {
  const picker = input(page, label);
  await picker.click();
  await picker.fill(value);
  // The typed day is the calendar's selected cell: choosing it confirms the day and closes the
  // calendar, which would otherwise stay open over the fields below.
  const calendar = page.locator('.ant-picker-dropdown:visible');
  await calendar.locator('.ant-picker-cell-selected').click();
  await expect(calendar).toHaveCount(0);
  await expect(picker).toHaveValue(value);
}

async function fillTariff(page: Page, x: Texts, t: { name: string; currency: string; price: string; validFrom: string }) {
  await input(page, x.name).fill(t.name);
  await choose(page, x.currency, t.currency);
  await input(page, x.price).fill(t.price);
  await day(page, x.validFrom, t.validFrom);
}

const filterBar = (page: Page) => page.getByTestId('filter-bar');

async function yesNo(page: Page, x: Texts, choice: string | undefined) {
  const select = page.getByTestId('filter-boolean-timeOfUse');
  if (choice) {
    await select.locator('.ant-select-selector').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(choice, { exact: true }).click();
  } else {
    await select.hover();
    await select.locator('.ant-select-clear').click();
  }
  await filterBar(page).getByRole('button', button(x.search)).click();
}

async function validity(page: Page, x: Texts, first: string, last: string) {
  // The filter bar's one range picker (antd's RangePicker does not pass a test id on to its inputs).
  const inputs = filterBar(page).locator('.ant-picker-range input');
  // Typed, not clicked: a select's dropdown still closing above the filter bar takes a click.
  await inputs.nth(0).fill(first);
  await inputs.nth(0).press('Enter');
  await inputs.nth(1).fill(last);
  await inputs.nth(1).press('Enter');
  await expect(inputs.nth(1)).toHaveValue(last);
  await filterBar(page).getByRole('button', button(x.search)).click();
}

test('an administrator keeps electricity tariffs: 4 decimals, time of use, filters, sort, edit, a hook rule, delete', async ({ page }) => {
  // Two records through the whole screen, every filter, a sort and an edit, on a shared machine.
  test.setTimeout(180_000);
  const x = TEXTS.en;
  const run = `E2E ${Date.now().toString(36)}`;
  const touName = `${run} time of use`;
  const flatName = `${run} flat`;
  await login(page, 'admin');
  await openFromMenu(page, x.system, x.screen, /\/system\/electricity-tariff/);
  const table = page.getByTestId('resource-table');
  const row = (name: string) => table.locator('tbody tr').filter({ has: page.getByText(name, { exact: true }) });

  // A time-of-use tariff. 0.00005 is refused in words; the peak prices appear only with time of use on.
  await page.getByRole('button', button(x.create)).click();
  await expect(page).toHaveURL(/\/create/);
  await fillTariff(page, x, { name: touName, currency: x.aud, price: '0.00005', validFrom: '2026-12-01' });
  await page.getByTestId('form-submit').click();
  await expect(item(page, x.price)).toContainText(x.decimals);
  await expect(page).toHaveURL(/\/create/);
  await input(page, x.price).fill('0.3');
  await input(page, x.feedIn).fill('0.0811');
  await day(page, x.validTo, '2027-11-30');
  await expect(input(page, x.peak)).toHaveCount(0);
  await input(page, x.timeOfUse).check();
  await page.getByTestId('form-submit').click();
  await expect(item(page, x.peak)).toContainText(x.required);
  await expect(item(page, x.offPeak)).toContainText(x.required);
  await input(page, x.peak).fill('0.4521');
  await input(page, x.offPeak).fill('0.1502');
  await input(page, x.notes).fill('Summer peak 14:00 to 20:00');
  await expect(item(page, x.price)).not.toContainText(x.decimals);
  await page.getByTestId('form-submit').click();
  await expect(page.getByText(x.created(touName))).toBeVisible();
  await expect(row(touName)).toContainText('0.3000');
  await expect(row(touName)).toContainText('0.0811');

  // A flat tariff, cheaper, valid from the next year.
  await page.getByRole('button', button(x.create)).click();
  await fillTariff(page, x, { name: flatName, currency: x.cny, price: '0.0811', validFrom: '2027-01-01' });
  await page.getByTestId('form-submit').click();
  await expect(page.getByText(x.created(flatName))).toBeVisible();

  // The yes/no filter and the date range sent as two fields.
  await filterBar(page).getByLabel(x.name).fill(run);
  await yesNo(page, x, x.yes);
  await expect(row(touName)).toBeVisible();
  await expect(row(flatName)).toHaveCount(0);
  await yesNo(page, x, x.no);
  await expect(row(flatName)).toBeVisible();
  await expect(row(touName)).toHaveCount(0);
  await yesNo(page, x, undefined);
  await expect(row(touName)).toBeVisible();
  await validity(page, x, '2026-11-30', '2026-12-02');
  await expect(row(touName)).toBeVisible();
  await expect(row(flatName)).toHaveCount(0);
  await validity(page, x, '2026-12-02', '2027-01-31');
  await expect(row(flatName)).toBeVisible();
  await expect(row(touName)).toHaveCount(0);
  await validity(page, x, '2026-11-01', '2027-12-31');
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(2);

  // Sorting by price asks the server: the cheaper first, then the dearer first.
  const firstRow = table.locator('tbody tr.ant-table-row').first();
  await table.getByRole('columnheader', { name: x.price, exact: true }).click();
  await expect(firstRow).toContainText(flatName);
  await table.getByRole('columnheader', { name: x.price, exact: true }).click();
  await expect(firstRow).toContainText(touName);

  // The edit form keeps the time-of-use prices; the hooks' rules show under their fields, labelled.
  await row(touName).getByTestId('row-edit').click();
  await expect(input(page, x.peak)).toHaveValue('0.4521');
  await expect(input(page, x.offPeak)).toHaveValue('0.1502');
  await expect(input(page, x.timeOfUse)).toBeChecked();
  await day(page, x.validTo, '2026-11-15');
  await input(page, x.offPeak).fill('0.5');
  await page.getByTestId('form-submit').click();
  await expect(item(page, x.validTo)).toContainText(x.validToBefore);
  await day(page, x.validTo, '2027-06-30');
  await page.getByTestId('form-submit').click();
  await expect(item(page, x.peak)).toContainText(x.peakAbove);
  await input(page, x.offPeak).fill('0.2');
  await page.getByTestId('form-submit').click();
  await expect(page.getByText(x.saved(touName))).toBeVisible();
  await expect(row(touName)).toContainText('2027-06-30');

  // Deleted, both of them.
  for (const name of [touName, flatName]) {
    await row(name).getByTestId('row-delete').click();
    await page.locator('.ant-popconfirm').getByRole('button', button(x.confirm)).click();
    await expect(page.getByText(x.deleted(name))).toBeVisible();
    await expect(row(name)).toHaveCount(0);
  }
});

test('the electricity tariffs screen speaks Chinese: titles, labels, choices and messages', async ({ page }) => {
  // A form filled and refused twice: it had used up 60 s on a loaded machine, each step passing.
  test.setTimeout(150_000);
  const x = TEXTS['zh-CN'];
  const name = `E2E 电价 ${Date.now().toString(36)}`;
  await login(page, 'admin', { lang: 'zh-CN' });
  await page.getByTestId('side-menu').getByText(x.system, { exact: true }).click();
  await expect(page.getByTestId('side-menu')).toContainText(x.screen);
  await openFromMenu(page, x.system, x.screen, /\/system\/electricity-tariff/);
  const table = page.getByTestId('resource-table');
  // The list's chunk may take a while on a busy machine: its title says it has arrived.
  await expect(page.getByRole('heading', { name: x.screen, level: 4 })).toBeVisible({ timeout: 30_000 });
  for (const title of [x.name, x.currency, x.price, x.validFrom, x.timeOfUse]) await expect(table.getByRole('columnheader', { name: title, exact: true })).toBeVisible();
  await page.getByTestId('filter-boolean-timeOfUse').locator('.ant-select-selector').click();
  for (const choice of [x.yes, x.no]) await expect(page.locator('.ant-select-dropdown:visible').getByTitle(choice, { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', button(x.create)).click();
  await expect(page.getByText(x.newTitle).first()).toBeVisible();
  await page.getByTestId('form-submit').click();
  await expect(item(page, x.name)).toContainText(x.required);
  await fillTariff(page, x, { name, currency: x.cny, price: '0.00005', validFrom: '2026-12-01' });
  await page.getByTestId('form-submit').click();
  await expect(item(page, x.price)).toContainText(x.decimals);
  await input(page, x.price).fill('0.5283');
  await input(page, x.timeOfUse).check();
  await input(page, x.peak).fill('0.6');
  await input(page, x.offPeak).fill('0.3');
  // The server's refusal, in Chinese and with the fields' Chinese labels.
  await day(page, x.validTo, '2026-11-01');
  await page.getByTestId('form-submit').click();
  await expect(item(page, x.validTo)).toContainText(x.validToBefore);
  await day(page, x.validTo, '2027-12-31');
  await page.getByTestId('form-submit').click();
  await expect(page.getByText(x.created(name))).toBeVisible();

  const row = table.locator('tbody tr').filter({ has: page.getByText(name, { exact: true }) });
  await expect(row).toContainText(x.cny);
  await row.getByTestId('row-delete').click();
  await page.locator('.ant-popconfirm').getByRole('button', button(x.confirm)).click();
  await expect(page.getByText(x.deleted(name))).toBeVisible();
});
