// The plant detail in a real browser against the real server: the service centre's accounts open
// onto their own demo plants; the alarms and reports tabs say honestly that their data comes with
// telemetry while the server does not answer them yet; and a logo and project picture uploaded in
// the wizard are shown on the detail and again when the plant is edited.
import { expect, test, type Page } from '@playwright/test';
import { login } from './portal';
import { fillPlantForm, openPlant, openPlantForm, saveNewPlant } from './plants';

/** A real 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Uploads a picture through the plant form's upload of this field (its label). */
async function uploadPicture(page: Page, label: string) {
  const item = page.getByTestId('plant-form').locator('.ant-form-item').filter({ has: page.getByText(label, { exact: true }) }).first();
  await item.locator('input[type=file]').setInputFiles({ name: 'picture.png', mimeType: 'image/png', buffer: PNG });
  await expect(item.locator('img')).toHaveAttribute('src', /\/resource\/avatar\/[0-9a-f-]+\.png$/);
  return item.locator('img').getAttribute('src');
}

test('the service centre\'s accounts open onto its plants', async ({ page }) => {
  for (const account of ['support', 'provider']) {
    await login(page, account, { to: '/plant' });
    const table = page.getByTestId('plant-table');
    await expect(table.getByRole('link', { name: 'Service centre test bench', exact: true })).toBeVisible();
    await expect(table.getByRole('link', { name: 'Osaka spare-parts depot', exact: true })).toBeVisible();
    await page.context().clearCookies();
  }
});

test('the alarms tab lists the plant\'s alarms, and the reports tab shows a report, without errors', async ({ page }) => {
  await login(page, 'support');
  await openPlant(page, 'Service centre test bench');
  await page.getByRole('tab', { name: 'Alarms' }).click();
  await expect(page.getByTestId('plant-alarms')).toBeVisible();
  await page.getByRole('tab', { name: 'Reports' }).click();
  await expect(page.getByTestId('report-view')).toBeVisible();
  await expect(page.locator('.ant-alert-warning')).toHaveCount(0);
  await expect(page.locator('.ant-message-error')).toHaveCount(0);
});

test('a logo uploaded in the wizard is shown on the detail and again in edit mode, where a project picture is added', async ({ page }) => {
  test.setTimeout(90_000);
  const name = `E2E pictures ${Date.now()}`;
  await login(page, 'admin');
  await openPlantForm(page);
  await fillPlantForm(page, name);
  const logo = await uploadPicture(page, 'Plant logo');
  await saveNewPlant(page);

  await openPlant(page, name);
  await expect(page.getByTestId('plant-plantLogo').locator('img')).toHaveAttribute('src', logo!);

  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByTestId('edit-plant').click();
  const logoItem = page.getByTestId('plant-form').locator('.ant-form-item').filter({ has: page.getByText('Plant logo', { exact: true }) }).first();
  await expect(logoItem.locator('img')).toHaveAttribute('src', logo!);
  const picture = await uploadPicture(page, 'Project picture');
  await page.getByTestId('plant-form').getByTestId('wizard-next').click();
  const update = page.getByTestId('installer-step').getByTestId('wizard-save');
  await update.click();
  await expect(page.getByText('The plant has been updated')).toBeVisible();

  await openPlant(page, name);
  await expect(page.getByTestId('plant-plantLogo').locator('img')).toHaveAttribute('src', logo!);
  await expect(page.getByTestId('plant-projectPic').locator('img')).toHaveAttribute('src', picture!);
});
