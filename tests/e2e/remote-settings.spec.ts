// Remote configuration (issue 23), in English and Chinese, on the real server: the simulator's
// device answers the portal's commands through the embedded MQTT broker. A support engineer reads
// an inverter's grid-protection settings from the device, changes one with a confirmation that
// shows the old and the new value, and sees the device's confirmation and the change log; in
// Chinese, the device's clock sync is switched on and its answer shown.
import { expect, test, type Page } from '@playwright/test';
import { chooseOption, confirmUntil, login } from './portal';

const PLANT = 'Service centre test bench';
const DEVICE = 'Bench inverter · DEMOINV1301';

async function openDevice(page: Page, menuEntry: string, deviceType: string) {
  await page.getByTestId('side-menu').getByText(menuEntry, { exact: true }).click();
  await expect(page).toHaveURL(/\/remote-config/);
  await chooseOption(page, page.getByTestId('remote-plant'), PLANT);
  await chooseOption(page, page.getByTestId('remote-device'), `${DEVICE} (${deviceType})`);
}

test.describe.configure({ timeout: 180_000 });

test('an inverter\'s over-voltage limit is changed on the device, which confirms it, and the change is logged', async ({ page }) => {
  await login(page, 'support', { lang: 'en' });
  await openDevice(page, 'Remote configuration', 'Inverter');

  // The settings come from the device: its plant is in China, so it follows NB/T 32004.
  const form = page.getByTestId('safety-form');
  await expect(form.getByText('NB/T 32004-2018')).toBeVisible({ timeout: 60_000 });
  const limit = form.getByLabel('Over-voltage limit (V)');
  await expect(limit).toHaveValue('253');
  await limit.fill('250');
  await page.getByTestId('safety-save').click();
  await expect(page.getByTestId('remote-confirm-changes')).toContainText('Over-voltage limit (V): 253 → 250');
  await confirmUntil(page.getByRole('button', { name: 'Confirm' }), () => expect(page.getByTestId('device-answer')).toBeVisible({ timeout: 2_000 }));

  await expect(page.getByTestId('device-answer')).toContainText('The device confirmed');
  await expect(page.getByTestId('device-answer')).toContainText('NB/T 32004-2018');
  await expect(page.getByTestId('safety-status')).toHaveText('Confirmed by the device');
  await expect(limit).toHaveValue('250');
  const entry = page.getByTestId('remote-setting-log').locator('tbody tr').filter({ hasText: 'Over-voltage limit (V)' });
  await expect(entry).toContainText('253');
  await expect(entry).toContainText('250');
  await expect(entry).toContainText('Confirmed by the device');
  await expect(entry).toContainText('support');

  // Read back from the device: it keeps what it confirmed.
  await page.getByRole('button', { name: 'Read from the device' }).click();
  await expect(limit).toHaveValue('250');
});

test('in Chinese, the device\'s clock sync is switched on and the device\'s answer shown', async ({ page }) => {
  await login(page, 'support', { lang: 'zh-CN' });
  await openDevice(page, '远程配置', '逆变器');
  await page.getByRole('tab', { name: '时钟与上报' }).click();
  await page.getByTestId('autoTimeSync-on').click();
  await confirmUntil(page.getByRole('button', { name: /确\s?定/ }), () => expect(page.getByTestId('device-answer')).toBeVisible({ timeout: 2_000 }));
  await expect(page.getByTestId('device-answer')).toContainText('设备已确认');
  await expect(page.getByTestId('device-answer')).toContainText('自动校时已开启');
  await expect(page.getByTestId('remote-setting-log').locator('tbody tr').filter({ hasText: '自动校时' })).toContainText('设备已确认');
});
