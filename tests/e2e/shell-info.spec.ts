// The top bar's information entries and the branding (issue 24): an administrator reads contact
// us, version info and about us in 500 px dialogs and opens the AI assistant's drawer once the main
// brand configures one; the login page carries the brand served on its host; a plant owner is
// offered none of the staff entries.
import { expect, test, type Page } from '@playwright/test';
import { api, apiLogin } from './api';
import { login } from './portal';
import { PORT } from './ports';

type Brand = Record<string, string | number | null> & { id: number };

/** Edits the main brand through the API, as System > Brands would (the whole record is sent). */
async function editMainBrand(changes: Record<string, string>) {
  const token = await apiLogin('admin');
  const page = await api<{ list: Brand[] }>('GET', '/api/v1/sys/brand/page', { token, query: { oemKey: 'elekeeper' } });
  const { createTime: _c, updateTime: _u, createBy: _cb, updateBy: _ub, ...stored } = page.list.find((b) => b.oemKey === 'elekeeper')!;
  const form = Object.fromEntries(Object.entries({ ...stored, ...changes }).filter(([, v]) => v !== null && v !== '').map(([k, v]) => [k, String(v)]));
  await api('POST', '/api/v1/sys/brand/edit', { token, form });
}

async function openInfo(page: Page, entry: string) {
  await page.getByTestId('top-bar-more').click();
  await page.getByRole('menuitem', { name: entry }).click();
  const dialog = page.getByRole('dialog', { name: entry });
  await expect(dialog).toBeVisible();
  // Measured once the opening animation (a zoom) has settled.
  await expect.poll(async () => (await dialog.boundingBox())?.width).toBe(500);
  return dialog;
}

test('the login page and the shell carry the main brand', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByTestId('brand-name')).toHaveText('Solar Portal');
  await expect(page.getByTestId('brand-logo')).toHaveAttribute('src', '/favicon.svg');
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
});

test('a partner brand is served on its own host name', async ({ page }) => {
  await page.goto(`http://brightwatt.localhost:${PORT}/login`);
  await expect(page.getByTestId('brand-name')).toHaveText('BrightWatt Energy Cloud');
  await expect(page.getByTestId('brand-logo')).toHaveAttribute('src', '/brand/brightwatt.svg');
});

test('an administrator reads contact us, version info and about us', async ({ page }) => {
  await login(page, 'admin');
  await expect(page.getByTestId('system-switch')).toBeVisible();
  await expect(page.getByTestId('service-site')).toBeVisible();

  const contact = await openInfo(page, 'Contact us');
  await expect(contact).toContainText('+86 400 800 2026');
  await expect(contact).toContainText('service@solar-portal.example');
  await contact.getByRole('button', { name: 'Close' }).click();
  await expect(contact).toBeHidden();

  const version = await openInfo(page, 'Version info');
  await expect(version).toContainText('Current version 0.1.0');
  await expect(version).toContainText('Earlier versions');
  await expect(version).toContainText('0.0.9');
  await version.getByRole('button', { name: 'Close' }).click();

  const about = await openInfo(page, 'About us');
  await expect(about).toContainText('open-source platform for monitoring');
  await expect(about).toContainText('Web portal version 0.1.0');
});

test("the AI assistant opens the main brand's chat page in a drawer", async ({ page }) => {
  const chatUrl = `http://127.0.0.1:${PORT}/security-policy`;
  await login(page, 'admin');
  await expect(page.getByTestId('top-bar-more')).toBeVisible();
  // None configured: no entry.
  await expect(page.getByTestId('ai-assistant')).toHaveCount(0);
  await editMainBrand({ aiChatH5Url: chatUrl });
  try {
    await page.reload();
    await page.getByTestId('ai-assistant').click();
    const drawer = page.getByRole('dialog', { name: 'AI assistant' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByTestId('ai-assistant-frame')).toHaveAttribute('src', chatUrl);
    // The loading overlay goes once the frame has loaded (here the portal's own page, which its
    // headers keep out of frames: a chat service's page would show).
    await expect(drawer.getByTestId('embedded-frame-loading')).toHaveCount(0);
  } finally {
    await editMainBrand({ aiChatH5Url: '' });
  }
});

test('a plant owner sees the info menus but none of the staff entries', async ({ page }) => {
  await login(page, 'owner');
  await expect(page.getByTestId('top-bar-more')).toBeVisible();
  await expect(page.getByTestId('top-bar-help')).toBeVisible();
  for (const entry of ['system-switch', 'service-site', 'big-screen-link', 'organisation-picker']) {
    await expect(page.getByTestId(entry)).toHaveCount(0);
  }
  await page.getByTestId('top-bar-help').click();
  await page.getByRole('menuitem', { name: 'Security policy' }).click();
  await expect(page).toHaveURL(/\/security-policy$/);
});

test('the help menu opens the FAQ and the user manual in the reader\'s language, English where none is written', async ({ page }) => {
  await login(page, 'owner');
  await page.getByTestId('top-bar-help').click();
  await page.getByRole('menuitem', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/problem$/);
  const faq = page.getByTestId('faq-list');
  await faq.getByRole('button', { name: 'What do the alarm levels mean?' }).click();
  await expect(faq).toContainText('Level 0 is information');
  // The search keeps the questions whose question or answer holds the words.
  await page.getByLabel('Search the questions').fill('password');
  await expect(faq.getByRole('button')).toHaveText(['How do I change my password or my language?']);

  await page.getByTestId('top-bar-help').click();
  await page.getByRole('menuitem', { name: 'User manual' }).click();
  await expect(page).toHaveURL(/\/handbook$/);
  await expect(page.getByTestId('manual-chapter').first()).toContainText('1. Getting started');
  await page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: '3. Adding a plant' }).click();
  await expect(page).toHaveURL(/#chapter-3$/);

  // In Chinese, the Chinese manual; in German, which nobody wrote yet, the English with a notice.
  await page.goto('/handbook?lang=zh-CN');
  await expect(page.getByTestId('manual-chapter').first()).toContainText('1. 快速入门');
  await page.goto('/problem?lang=de');
  await expect(page.getByTestId('faq-page')).toContainText('Noch nicht in Ihrer Sprache verfasst: auf Englisch angezeigt.');
  await expect(page.getByTestId('faq-list')).toContainText('Why does my plant show as offline?');
});
