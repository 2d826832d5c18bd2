import { test } from '@playwright/test';
test.use({ baseURL: 'http://127.0.0.1:8111' });
test('shots', async ({ page }) => {
  for (const [name, path] of [['login', '/login'], ['register', '/register'], ['forget', '/forgetPsd'], ['agreement', '/agreement'], ['authorize', '/authorize']]) {
    await page.goto(path!);
    await page.waitForTimeout(1200);
    await page.screenshot({ path: `/tmp/explore/${name}.png` });
  }
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Code login' }).click();
  await page.screenshot({ path: '/tmp/explore/login-code.png' });
});
