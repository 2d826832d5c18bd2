// A plant's own alarm thresholds on its settings tab (issue 23): the owner sets one, sees the
// server's refusal of a contradictory limit under its field, and finds the saved value again after
// a reload; a visitor of a shared plant is not offered the form.
import { expect, test } from '@playwright/test';
import { login } from './portal';

const SETTINGS = '/plant?plantUid=demo-plant-01&tab=settings';

test('the owner sets a plant\'s alarm threshold on the settings tab and finds it kept after a reload', async ({ page }) => {
  await login(page, 'owner', { to: SETTINGS });
  const form = page.getByTestId('alarm-thresholds-form');
  const soc = form.getByLabel('Minimum battery SOC (%)');
  // Each field shows the rule's default until the plant has its own value.
  await expect(soc).toHaveAttribute('placeholder', '10');
  await expect(form.getByLabel('Maximum grid voltage (V)')).toHaveAttribute('placeholder', '253');

  // A lone minimum voltage above the grid's default maximum is refused, under its field.
  await form.getByLabel('Minimum grid voltage (V)').fill('260');
  await form.getByTestId('save-alarm-thresholds').click();
  await expect(form.locator('.ant-form-item').filter({ has: page.getByLabel('Minimum grid voltage (V)') }).locator('.ant-form-item-explain-error'))
    .toContainText('must be below maxGridVoltage (253)');

  await form.getByLabel('Minimum grid voltage (V)').clear();
  await soc.fill('25');
  await form.getByTestId('save-alarm-thresholds').click();
  await expect(page.getByText('Alarm thresholds saved')).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('alarm-thresholds-form').getByLabel('Minimum battery SOC (%)')).toHaveValue('25');
  await expect(page.getByTestId('alarm-thresholds-form').getByLabel('Minimum grid voltage (V)')).toHaveValue('');
});

test('a visitor of a shared plant is not offered the alarm thresholds', async ({ page }) => {
  // owner2 sees demo-plant-01 through a share that lets them look, not change.
  await login(page, 'owner2', { to: SETTINGS });
  await expect(page.getByTestId('plant-title')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Alarms' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Settings' })).toHaveCount(0);
  await expect(page.getByTestId('alarm-thresholds-form')).toHaveCount(0);
});
