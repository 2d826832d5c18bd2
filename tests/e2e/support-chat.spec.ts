// The support chat in the browser: a user writes from the customer-service page and the
// conversation opens; an administrator, as support staff of the user's organisations, finds it on
// the support desk with its unread count, which reading clears, and answers it; the user sees the
// answer and closes the conversation.
import { expect, test } from '@playwright/test';
import { confirmUntil, login } from './portal';

test('a user and support staff talk in the support chat, with unread counts and its open or closed state', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const question = `Inverter shows E21 (${String(Date.now()).slice(-7)})`;
  const reply = `Please restart it (${String(Date.now()).slice(-7)})`;
  await login(page, 'owner', { to: '/customer-service' });
  const widget = page.getByTestId('chat-widget');
  await widget.getByTestId('chat-input').fill(question);
  await widget.getByTestId('chat-send').click();
  await expect(widget.getByTestId('chat-message').filter({ hasText: question })).toBeVisible();
  await expect(widget.getByTestId('chat-state')).toHaveText('Open');

  const context = await browser.newContext();
  try {
    const admin = await context.newPage();
    await login(admin, 'admin', { to: '/support-desk' });
    const row = admin.getByTestId('support-desk').locator('tbody tr').filter({ hasText: 'Olivia Owner' });
    await expect(row.locator('.ant-badge-count')).toHaveText(/[1-9]/);
    await row.click();
    const conversation = admin.getByTestId('chat-conversation');
    await expect(conversation.getByTestId('chat-message').filter({ hasText: question })).toBeVisible();
    await expect(row.locator('.ant-badge-count')).toHaveCount(0);
    await conversation.getByTestId('chat-input').fill(reply);
    await conversation.getByTestId('chat-send').click();
    await expect(conversation.getByTestId('chat-message').filter({ hasText: reply })).toBeVisible();
  } finally {
    await context.close();
  }

  await page.reload();
  await expect(widget.getByTestId('chat-message').filter({ hasText: reply })).toBeVisible();
  await widget.getByTestId('chat-close').click();
  await confirmUntil(page.locator('.ant-popconfirm:visible').getByRole('button', { name: /Confirm/ }),
    () => expect(widget.getByTestId('chat-state')).toHaveText('Closed', { timeout: 2_000 }));
});
