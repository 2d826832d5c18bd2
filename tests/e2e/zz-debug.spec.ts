import { test } from '@playwright/test';
import { login } from './portal';
test.use({ baseURL: 'http://127.0.0.1:8111' });
test('debug', async ({ page, browser }) => {
  await login(page, 'installer');
  const token = (await page.context().cookies()).find((c) => c.name === 'token')!.value;
  const refreshToken = await page.evaluate(() => (JSON.parse(localStorage.getItem('refresh-token')!) as { value: string }).value);
  const other = await browser.newContext();
  const p2 = await other.newPage();
  p2.on('response', async (r) => { if (r.url().includes('/dev-api/')) console.log('RESP', r.url().split('?')[0].split('/dev-api')[1], (await r.text()).slice(0, 100)); });
  p2.on('framenavigated', (f) => console.log('NAV', f.url()));
  await p2.goto(`/authorize#token=${token}&refreshToken=${encodeURIComponent(refreshToken)}&redirect=/personal-center`);
  await p2.waitForTimeout(2000);
  console.log('--- second');
  await p2.goto('/authorize#token=forged&refreshToken=forged');
  await p2.waitForTimeout(3000);
  console.log('URL', p2.url());
});
