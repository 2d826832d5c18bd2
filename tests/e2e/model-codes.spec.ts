// The vertical slice in a real browser against the real server: log in, create, edit and delete
// a model code on the schema-generated screens, see a server validation error on its field,
// log out.
import { expect, test, type Page } from '@playwright/test';
import { chooseOption, confirmUntil, login, openFromMenu, openPage } from './portal';

async function fillField(page: Page, label: string, value: string) {
  await page.getByLabel(label, { exact: true }).fill(value);
}

const choose = (page: Page, label: string, option: string) =>
  chooseOption(page, page.locator('.ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) }).last(), option);

test('an administrator manages model codes on the generated screens', async ({ page }) => {
  // Four screens and two confirmations: more than the default 60 s on a loaded machine.
  test.setTimeout(120_000);
  const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
  await login(page, 'admin');

  await openFromMenu(page, 'System', 'Model codes', /\/system\/model-code/);

  // Create
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('New model code')).toBeVisible();
  await fillField(page, 'Model code', code);
  await fillField(page, 'Model name', 'Hybrid inverter 5 kW');
  await choose(page, 'Device type', 'Inverter');
  await fillField(page, 'Rated power (kW)', '5');
  await page.getByTestId('form-submit').click();
  await expect(page).toHaveURL(/\/system\/model-code(\?|$)/);
  const row = page.getByTestId('resource-table').getByRole('row', { name: new RegExp(code) });
  await expect(row).toContainText('Inverter');

  // Server validation error on its field: the same code again (case differs) is refused.
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('New model code')).toBeVisible();
  await fillField(page, 'Model code', code.toLowerCase());
  await fillField(page, 'Model name', 'Duplicate');
  await choose(page, 'Device type', 'Meter');
  await page.getByTestId('form-submit').click();
  const codeField = page.locator('.ant-form-item').filter({ has: page.getByLabel('Model code', { exact: true }) }).first();
  await expect(codeField).toContainText('already exists');
  await expect(page).toHaveURL(/\/create/);

  // Edit
  await openPage(page, '/system/model-code');
  await row.getByRole('button', { name: `Edit: ${code}` }).click();
  await expect(page).toHaveURL(/\/edit\//);
  await expect(page.getByLabel('Model name', { exact: true })).toHaveValue('Hybrid inverter 5 kW');
  await fillField(page, 'Model name', 'Hybrid inverter 6 kW');
  await page.getByTestId('form-submit').click();
  await expect(page).toHaveURL(/\/system\/model-code(\?|$)/);
  await expect(row).toContainText('Hybrid inverter 6 kW');

  // Delete
  // The confirmation's own button (the row's is named "Delete: <code>" too), repeated while a
  // click during its opening animation is lost.
  await row.getByRole('button', { name: `Delete: ${code}` }).click();
  await confirmUntil(page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete', exact: true }),
    () => expect(page.getByTestId('resource-table').getByRole('row', { name: new RegExp(code) })).toHaveCount(0, { timeout: 2_000 }));

  // Log out, with confirmation
  await page.getByTestId('user-menu').click();
  await page.getByText('Log out').click();
  await confirmUntil(page.getByRole('button', { name: 'Confirm' }), () => expect(page).toHaveURL(/\/login/, { timeout: 2_000 }));
  await openPage(page, '/system/model-code');
  await expect(page).toHaveURL(/\/login/);
});

test('a plant owner does not see model codes and cannot open them', async ({ page }) => {
  await login(page, 'owner');
  await expect(page.getByTestId('side-menu')).toContainText('Home');
  await expect(page.getByTestId('side-menu')).not.toContainText('Model codes');
  await openPage(page, '/system/model-code');
  await expect(page.getByText('This page does not exist.')).toBeVisible();
});

test('wrong credentials show an error and stay on the login page', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Login name or phone').fill('admin');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('login-error')).toContainText('Wrong account or password');
  await expect(page).toHaveURL(/\/login/);
});
