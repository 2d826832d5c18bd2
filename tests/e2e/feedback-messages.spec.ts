// Feedback from end to end, in English and Chinese, on the real server: an end user sends feedback
// from the feedback page (the form refuses an empty submission first); an administrator, as
// support staff of the user's organisations, finds it on the user feedback screen and answers it;
// the user then finds the answer among the private messages of the message centre, unread, and
// reads it whole, which counts it read. An administrator's notice from the System messages screen
// reaches the user's open message centre live, unread, and reading it lowers the group's badge.
import { expect, test, type Browser } from '@playwright/test';
import { login } from './portal';

const TEXTS = {
  en: {
    name: 'Name', contact: 'E-mail or mobile', type: 'Problem report', advice: 'Feedback', required: 'Choose at least one type',
    sent: 'Thank you: your feedback was sent', keyword: 'Name, contact, account or text', search: /Search/,
    answer: 'Answer', answered: (name: string) => `Feedback from ${name} answered`, answeredState: 'Answered', privateTab: 'Private messages',
  },
  'zh-CN': {
    name: '称呼', contact: '邮箱或手机', type: '问题反馈', advice: '反馈内容', required: '请至少选择一个类型',
    sent: '感谢您的反馈，已提交', keyword: '称呼、联系方式、账号或内容', search: /搜\s?索/,
    answer: '答复', answered: (name: string) => `已答复 ${name} 的反馈`, answeredState: '已答复', privateTab: '私信',
  },
};
type Lang = keyof typeof TEXTS;

/** The answer's title, in whichever language the user's account keeps. */
const ANSWER_TITLE = /Answer to your feedback|您的反馈已收到答复/;

/** An administrator answers the feedback from the user feedback screen, in a browser of their own. */
async function answerAsSupport(browser: Browser, lang: Lang, name: string, answer: string) {
  const x = TEXTS[lang];
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await login(page, 'admin', { lang, to: '/system/feedback-admin' });
    const filters = page.getByTestId('filter-bar');
    await filters.getByLabel(x.keyword).fill(name);
    await filters.getByRole('button', { name: x.search }).click();
    const row = page.getByTestId('resource-table').locator('tbody tr').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: `${x.answer}: ${name}` }).click();
    const dialog = page.getByTestId('action-dialog-answer');
    await dialog.getByLabel(x.answer).fill(answer);
    await dialog.getByTestId('form-submit').click();
    await expect(row.getByText(x.answeredState, { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: `${x.answer}: ${name}` })).toHaveCount(0);
  } finally {
    await context.close();
  }
}

for (const lang of ['en', 'zh-CN'] as const) {
  const x = TEXTS[lang];

  test(`feedback is sent, answered by support and read in the message centre (${lang})`, async ({ page, browser }) => {
    // Two users, four pages and their server round trips on a shared machine.
    test.setTimeout(240_000);
    const stamp = String(Date.now()).slice(-7);
    const name = `Olivia ${stamp}`;
    const answer = `Restart the inverter (${lang} ${stamp})`;
    await login(page, 'owner', { lang, to: '/feedback' });
    const form = page.getByTestId('feedback-form');
    await form.getByLabel(x.name).fill(name);
    await form.getByLabel(x.contact).fill('olivia@example.com');
    await form.getByLabel(x.advice).fill(`The chart stays empty\nsince ${stamp}`);
    // No type chosen: the form says so and sends nothing.
    await page.getByTestId('feedback-submit').click();
    await expect(form.getByText(x.required)).toBeVisible();
    await form.getByLabel(x.type).check();
    await page.getByTestId('feedback-submit').click();
    await expect(page.getByText(x.sent)).toBeVisible();

    await answerAsSupport(browser, lang, name, answer);

    await page.goto('/message');
    await page.getByTestId('message-tab-private').click();
    const list = page.getByTestId('message-list-private');
    const newest = list.getByTestId('message-row').filter({ hasText: ANSWER_TITLE }).first();
    await expect(newest).toBeVisible();
    await newest.getByTestId('message-title').click();
    const detail = page.getByTestId('message-detail');
    await expect(detail.getByTestId('message-text')).toContainText(answer);
    await expect(detail.getByTestId('message-text')).toContainText(`since ${stamp}`);
    await page.locator('.ant-drawer-close').click();
    await expect(detail).toBeHidden();
    // Read now: the unread filter no longer holds it.
    await page.getByTestId('message-read-filter').getByText(lang === 'en' ? 'Unread' : '未读').click();
    await expect(list.getByText(answer)).toHaveCount(0);
    await expect(list.getByTestId('message-row').filter({ hasText: ANSWER_TITLE })).toHaveCount(0);
  });
}

test('an administrator\'s notice reaches the open message centre live, unread, and reading it counts it read', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const title = `Maintenance ${String(Date.now()).slice(-7)}`;
  // The user's message centre is open before the notice is sent: it arrives by the live event.
  await login(page, 'owner', { to: '/message' });
  const list = page.getByTestId('message-list-system');
  await expect(list).toBeVisible();

  const context = await browser.newContext();
  try {
    const admin = await context.newPage();
    await login(admin, 'admin', { to: '/system/system-message/create' });
    await admin.getByLabel('Title', { exact: true }).fill(title);
    await admin.getByLabel('Text', { exact: true }).fill('The portal pauses\nfrom 02:00 to 02:30.');
    await admin.getByTestId('form-submit').click();
    await expect(admin.getByText(`Message ${title} created`)).toBeVisible();
    await expect(admin.getByTestId('resource-table').getByRole('row', { name: new RegExp(title) })).toBeVisible();
  } finally {
    await context.close();
  }

  const row = list.getByTestId('message-row').filter({ hasText: title });
  await expect(row).toBeVisible();
  const unread = page.getByTestId('message-unread-system');
  await expect(unread).toHaveText(/\d+/);
  const before = Number(await unread.textContent());
  await row.getByTestId('message-title').click();
  await expect(page.getByTestId('message-text')).toContainText('from 02:00 to 02:30.');
  await page.locator('.ant-drawer-close').click();
  await expect.poll(async () => Number((await unread.textContent()) || 0)).toBe(before - 1);
});
