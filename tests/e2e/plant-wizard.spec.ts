// The add/edit plant wizard in a real browser against the real server (001 sections 2, 4, 5 and
// 8): an administrator of office 1 adds a plant from serials registered on the device import
// page through all three steps, meeting each warning of the scan step on the way, then edits it
// (step 2 first, Update); the wizard is also the top bar's 880 px dialog.
import { expect, test, type Page } from '@playwright/test';
import { login } from './portal';
import { choose, expectWarning, fillPlantForm, importDevice, newSerial, openPlant, openPlantForm, saveNewPlant, scan } from './plants';
import { AU_BASE_URL } from './ports';

/** Opens the top bar's add-plant dialog. */
async function openDialog(page: Page) {
  await page.getByTestId('add-plant').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('plant-wizard')).toBeVisible();
  return dialog;
}

test('an administrator adds a plant by scanning serials through all three steps, meeting every scan warning', async ({ page }) => {
  // Four imports, three wizard runs and an edit: longer than one page's worth of steps.
  test.setTimeout(150_000);
  const inverter = newSerial('E2EINV');
  const second = newSerial('E2EINV');
  const meter = newSerial('E2EMTR');
  const charger = newSerial('E2ECHG');
  const name = `E2E plant ${Date.now()}`;
  await login(page, 'admin');
  // The first inverter's rating is unknown to the inventory, so the wizard asks for it.
  await importDevice(page, { sn: inverter, type: 'Inverter' });
  await importDevice(page, { sn: second, type: 'Inverter', ratedPower: '5' });
  await importDevice(page, { sn: meter, type: 'Meter', ratedPower: '1' });
  await importDevice(page, { sn: charger, type: 'Charger', ratedPower: '7' });
  await page.goto('/index');

  const dialog = await openDialog(page);
  // 880 px wide, and an outside click does not close it.
  expect(Math.round((await dialog.locator('.ant-modal-content').boundingBox())!.width)).toBe(880);
  await page.mouse.click(5, 700);
  await expect(dialog.getByTestId('plant-wizard')).toBeVisible();
  // Steps 2 and 3 stay disabled until reached.
  await expect(dialog.getByRole('tab', { name: 'Plant details' })).toHaveAttribute('aria-disabled', 'true');
  await expect(dialog.getByRole('tab', { name: 'Associate installer' })).toHaveAttribute('aria-disabled', 'true');

  const scanNext = dialog.getByTestId('scan-step').getByTestId('wizard-next');
  await scanNext.click();
  await expectWarning(page, 'Add at least one device');
  await scan(page, newSerial('NOSUCH'));
  await expectWarning(page, 'This device does not exist');
  await expect(dialog.getByTestId('scan-box')).toHaveCount(0);

  await scan(page, inverter);
  await expect(dialog.getByTestId('scan-box')).toHaveCount(1);
  await scan(page, inverter.toLowerCase());
  await expectWarning(page, 'This serial number has already been scanned');
  await expect(dialog.getByTestId('scan-input')).toHaveValue('');
  await scan(page, meter);
  await expectWarning(page, 'This device cannot be combined with the devices scanned before');
  await scan(page, second);
  await scan(page, charger);
  await expect(dialog.getByTestId('scan-box')).toHaveCount(3);
  // A box can be deleted, and scanned again.
  await dialog.getByRole('button', { name: `Remove ${second}` }).click();
  await expect(dialog.getByTestId('scan-box')).toHaveCount(2);
  await scan(page, second);
  await expect(dialog.getByTestId('scan-box')).toHaveCount(3);

  await scanNext.click();
  await expectWarning(page, 'Enter the rated power of every device');
  const power = dialog.getByLabel(`Rated power of ${inverter}`);
  await power.fill('3000');
  await power.blur();
  await expectWarning(page, 'A rated power is outside its range');
  await expect(power).toHaveValue('');
  await expect(dialog.getByTestId('rated-power-range').first()).toHaveClass(/ant-typography-danger/);
  await power.fill('8');
  await power.blur();
  // Ratings the inventory knows are not filled in for the user either; a charger's is in kW.
  await expect(dialog.getByLabel(`Rated power of ${second}`)).toHaveValue('');
  await dialog.getByLabel(`Rated power of ${second}`).fill('5');
  await expect(dialog.getByTestId('scan-box').filter({ hasText: charger }).getByTestId('rated-power-range')).toHaveText('Greater than 0 and at most 2500 kW');
  await dialog.getByLabel(`Rated power of ${charger}`).fill('7');
  const alias = dialog.getByLabel(`Alias of ${inverter}`);
  if (await alias.count()) {
    await alias.fill('x');
    await scanNext.click();
    await expectWarning(page, 'An alias has 2 to 30 characters and no comma');
    await alias.fill('Roof east');
  }
  await scanNext.click();

  // Step 2: the form, with the typed rated powers summed into the system power.
  await expect(dialog.getByTestId('plant-type')).toBeVisible();
  await expect(dialog.getByLabel('System power')).toHaveValue('20');
  await fillPlantForm(page, name);
  const formNext = dialog.getByTestId('plant-form').getByTestId('wizard-next');
  await dialog.getByLabel('System power').fill('20000');
  await formNext.click();
  await expect(dialog.getByText('Greater than 0 and at most 10000 kWp')).toBeVisible();
  await dialog.getByLabel('System power').fill('13');
  await formNext.click();

  // Step 3: the invite code is looked up on blur; editing it drops the lookup.
  await expect(dialog.getByTestId('installer-step')).toBeVisible();
  await dialog.getByTestId('invite-code').fill('SUNRISE1');
  await dialog.getByTestId('invite-code').blur();
  await expect(dialog.getByTestId('installer-found')).toContainText('@');
  await dialog.getByTestId('invite-code').fill('SUNRISE');
  await expect(dialog.getByTestId('installer-found')).toHaveCount(0);
  await dialog.getByTestId('invite-code').fill('SUNRISE1');
  // Going back keeps what was entered.
  const installerStep = dialog.getByTestId('installer-step');
  await installerStep.getByTestId('wizard-previous').click();
  await expect(dialog.getByLabel('Plant name')).toHaveValue(name);
  await formNext.click();
  // Save looks the code up again before sending the plant.
  await installerStep.getByTestId('wizard-save').click();
  await expect(page.getByText('The plant has been added')).toBeVisible();
  // The new plant's page, not the home page.
  await expect(page).toHaveURL(/\/plant\?plantUid=/);
  await expect(page.getByTestId('plant-title')).toHaveText(name);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The devices are now bound: scanning one again is refused.
  const again = await openDialog(page);
  await scan(page, inverter);
  await expectWarning(page, 'This device already belongs to a plant');
  await expect(again.getByTestId('scan-box')).toHaveCount(0);
  // Closing the dialog resets the wizard.
  await scan(page, newSerial('NOSUCH'));
  await again.getByRole('button', { name: 'Close' }).click();
  await openDialog(page);
  await expect(page.getByTestId('scan-input')).toHaveValue('');

  // Edit: the page opens on step 2 without step 1 or Previous, and saves with Update.
  await page.goto('/plant');
  await page.getByTestId('plant-filters').getByLabel('Plant, owner or address').fill(name);
  await page.getByTestId('plant-filters').getByRole('button', { name: 'Search' }).click();
  await page.getByTestId('plant-table').getByRole('link', { name }).click();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByTestId('edit-plant').click();
  await expect(page).toHaveURL(/\/add-station\?PlantUid=/);
  await expect(page.getByRole('tab', { name: 'Scan devices' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Plant details' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Plant name')).toHaveValue(name);
  await expect(page.getByTestId('plant-form').getByTestId('wizard-previous')).toHaveCount(0);
  await page.getByLabel('Plant name').fill(`${name} (edited)`);
  await page.getByTestId('plant-form').getByTestId('wizard-next').click();
  // The plant's invite code is locked once set.
  await expect(page.getByTestId('invite-code')).toBeDisabled();
  const update = page.getByTestId('installer-step').getByTestId('wizard-save');
  await expect(update).toHaveText('Update');
  await update.click();
  await expect(page.getByText('The plant has been updated')).toBeVisible();
  await expect(page.getByTestId('plant-title')).toHaveText(`${name} (edited)`);
});

test('step 1 refuses a rated power of 0, -1, 3000, text or nothing; the currency follows the country', async ({ page }) => {
  test.setTimeout(90_000);
  const sn = newSerial('E2EINV');
  await login(page, 'admin');
  await importDevice(page, { sn, type: 'Inverter', ratedPower: '5' });
  await page.goto('/add-station');
  await scan(page, sn);
  await expect(page.getByTestId('scan-box')).toHaveCount(1);
  const power = page.getByLabel(`Rated power of ${sn}`);
  const next = page.getByTestId('scan-step').getByTestId('wizard-next');
  await expect(power).toHaveValue('');
  await next.click();
  await expectWarning(page, 'Enter the rated power of every device');
  for (const value of ['0', '-1', '3000']) {
    await power.fill(value);
    await next.click();
    await expectWarning(page, 'A rated power is outside its range');
    await expect(power).toHaveValue('');
    await expect(page.getByTestId('plant-form')).toBeHidden();
  }
  await power.pressSequentially('abc');
  await next.click();
  await expectWarning(page, 'Enter the rated power of every device');
  await expect(page.getByTestId('plant-form')).toBeHidden();
  await power.fill('6.5');
  await next.click();
  const form = page.getByTestId('plant-form');
  await expect(form).toBeVisible();
  await expect(form.getByLabel('System power')).toHaveValue('6.5');

  // The country's plant configuration gives currency and price: South Africa is rand, not AUD.
  const currency = form.locator('.ant-form-item').filter({ has: page.getByLabel('Currency') }).first();
  await choose(page, 'Country', 'South Africa');
  await expect(currency).toContainText('ZAR');
  await expect(form.getByLabel('Grid price per kWh')).toHaveValue('3');
  await expect(form.getByTestId('time-zone')).toContainText('Johannesburg');
  await choose(page, 'Country', 'Germany');
  await expect(currency).toContainText('EUR');
  await expect(form.getByLabel('Grid price per kWh')).toHaveValue('0.35');
});

test('the scan button is disabled once a meter is scanned first', async ({ page }) => {
  const meter = newSerial('E2EMTR');
  await login(page, 'admin');
  await importDevice(page, { sn: meter, type: 'Meter', ratedPower: '1' });
  await page.goto('/add-station');
  await scan(page, meter);
  await expect(page.getByTestId('scan-box')).toHaveCount(1);
  await expect(page.getByTestId('scan-button')).toBeDisabled();
  // Enter in the input scans nothing either.
  await page.getByTestId('scan-input').fill(newSerial('E2EINV'));
  await page.getByTestId('scan-input').press('Enter');
  await expect(page.getByTestId('scan-box')).toHaveCount(1);
});

test('a plant owner outside office 1 has no installer step', async ({ page }) => {
  await login(page, 'owner', { to: '/add-station' });
  await expect(page.getByRole('tab', { name: 'Scan devices' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Plant details' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Associate installer' })).toHaveCount(0);
});

test.describe('on the AU site', () => {
  test.use({ baseURL: AU_BASE_URL });

  test('the utility server needs a firmware upgrade: its confirmation counts down 5 s before Start can be enabled', async ({ page }) => {
    test.setTimeout(120_000);
    const name = `E2E AU ${Date.now()}`;
    await login(page, 'admin');
    await openPlantForm(page);
    await fillPlantForm(page, name);
    // The AU-only fields: post code from the suburb search, street type, street and meter id.
    const form = page.getByTestId('plant-form');
    await form.getByRole('combobox', { name: 'Suburb or post code' }).fill('Parramatta');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Parramatta' }).first().click();
    await expect(form.getByTestId('zip-code')).toHaveValue(/^\d{4}$/);
    await form.getByLabel('Street type', { exact: true }).fill('Street');
    await form.getByLabel('Street', { exact: true }).fill('1 Church');
    await form.getByLabel('Meter serial number').fill('MTR-AU-1');
    await saveNewPlant(page);

    await openPlant(page, name);
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByTestId('edit-plant').click();
    const server = page.getByTestId('au-server');
    await server.getByTestId('au-server-select').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Ausgrid', { exact: true }).click();
    await server.getByTestId('au-server-check').click();

    // A freshly imported inverter reports no firmware: it needs the upgrade first.
    const dialog = page.getByRole('dialog').filter({ hasText: 'Firmware upgrade needed' });
    await expect(dialog).toBeVisible();
    const agree = dialog.getByTestId('upgrade-agree');
    const start = dialog.getByTestId('upgrade-start');
    await expect(dialog).toContainText(/\(\d s\)/);
    await expect(agree).toBeDisabled();
    await expect(start).toBeDisabled();
    await expect(agree).toBeEnabled({ timeout: 7_000 });
    await expect(start).toBeDisabled();
    await agree.check();
    await expect(start).toBeEnabled();
    await start.click();
    await expect(page.getByText('The devices are being upgraded.')).toBeVisible();
  });
});
