// A plant's data views in a real browser against the real server: the owner of a demo plant
// groups its two devices into a sub-group, opens the sub-group's day (its curve and devices),
// renames it and deletes it.
import { expect, test, type Locator } from '@playwright/test';
import { confirmUntil, login } from './portal';
import { openPlant } from './plants';

/** Olivia's rooftop and its two devices (server/db/seed/demo-plants.ts). */
const PLANT = 'Olivia\'s rooftop';
const DEVICES = ['DEMOINV0101', 'DEMOMTR0101'];

/** Ticks a device in the dialog's transfer lists; a click during the opening animation can be lost. */
async function tick(dialog: Locator, sn: string) {
  const item = dialog.locator('.ant-transfer-list-content-item').filter({ hasText: sn });
  await expect(async () => {
    if (!(await item.getByRole('checkbox').isChecked())) await item.click();
    await expect(item.getByRole('checkbox')).toBeChecked({ timeout: 1000 });
  }).toPass();
}

test('a plant owner groups two devices, opens the sub-group\'s day, renames it and deletes it', async ({ page }) => {
  const name = `E2E roof ${Date.now()}`;
  const renamed = `${name} east`;
  await login(page, 'owner');
  await openPlant(page, PLANT);
  await page.getByRole('tab', { name: 'Data views' }).click();
  await expect(page).toHaveURL(/tab=views/);
  await expect(page.getByTestId('views-empty')).toContainText('No data views yet');
  await expect(page.getByTestId('views-ungrouped')).toContainText(DEVICES.join(', '));

  await page.getByTestId('views-add').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  for (const sn of DEVICES) await tick(dialog, sn);
  await dialog.getByRole('button', { name: /Move in/ }).click();
  await page.getByTestId('view-save').click();
  await expect(page.getByText('The sub-group has been added')).toBeVisible();
  const rows = page.getByTestId('views-table').locator('tbody tr');
  const row = rows.filter({ has: page.getByRole('button', { name, exact: true }) });
  await expect(row.locator('td').nth(1)).toHaveText('2');
  await expect(page.getByTestId('views-ungrouped')).toHaveCount(0);

  await row.getByTestId('view-open').click();
  await expect(page).toHaveURL(/[?&]group=\d+/);
  const day = page.getByTestId('view-day');
  await expect(day).toContainText(name);
  // Yesterday is history the simulator backfilled: it has a curve whatever the hour of the run.
  await day.getByTestId('view-day-period-prev').click();
  await expect(day.getByTestId('view-day-chart').locator('canvas')).toBeVisible();
  await expect(day.getByTestId('view-day-energy')).toContainText(/\d+(\.\d+)? (Wh|kWh|MWh)/);
  const devices = day.getByTestId('view-devices').locator('tbody tr');
  await expect(devices).toHaveCount(2);
  for (const sn of DEVICES) await expect(devices.filter({ hasText: sn })).toHaveCount(1);

  await row.getByTestId('view-edit').click();
  await expect(dialog.getByLabel('Name')).toHaveValue(name);
  await dialog.getByLabel('Name').fill(renamed);
  await page.getByTestId('view-save').click();
  await expect(page.getByText('The sub-group has been updated')).toBeVisible();
  const renamedRow = rows.filter({ has: page.getByRole('button', { name: renamed, exact: true }) });
  await expect(renamedRow.locator('td').nth(1)).toHaveText('2');
  await expect(day).toContainText(renamed);

  await renamedRow.getByTestId('view-delete').click();
  await confirmUntil(page.getByTestId('view-delete-confirm'), () => expect(page.getByText('The sub-group has been deleted')).toBeVisible({ timeout: 5_000 }));
  await expect(page.getByTestId('views-empty')).toBeVisible();
  await expect(page.getByTestId('view-day')).toHaveCount(0);
  await expect(page).not.toHaveURL(/[?&]group=/);
  await expect(page.getByTestId('views-ungrouped')).toContainText(DEVICES.join(', '));
});
