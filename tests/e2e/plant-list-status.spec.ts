// The plant list's status (issue 20 item 8): its dot sits on the line of its label, also in a
// narrow window, where the label had wrapped below the dot.
import { expect, test } from '@playwright/test';
import { login } from './portal';

for (const width of [1440, 900]) {
  test(`the status dot sits beside its label in a ${width} px window`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await login(page, 'installer', { to: '/plant' });
    const status = page.getByTestId('plant-table').getByTestId('plant-status').first();
    await expect(status).toBeVisible();
    const dot = await status.locator('.ant-badge-status-dot').boundingBox();
    const label = await status.locator('.ant-badge-status-text').boundingBox();
    expect(dot && label).toBeTruthy();
    // One line: the dot's middle is within the label's height, and the label starts right of it.
    const middle = dot!.y + dot!.height / 2;
    expect(middle).toBeGreaterThan(label!.y);
    expect(middle).toBeLessThan(label!.y + label!.height);
    expect(label!.x).toBeGreaterThan(dot!.x);
  });
}
