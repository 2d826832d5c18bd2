// Support staff read the feedback of their organisations' users and answer it once; the answer is
// stored with who answered and when, and reaches the sender as a private message in the sender's
// language. Another tree's staff see none of it and answer nothing.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { secondTreeAdmin } from '../fixtures/mall.ts';
import { freshAccount, messageApi, type TestAccount } from '../fixtures/messages.ts';

let t: TestApp;
let sender: TestAccount;
let support: TestAccount;
let otherSupport: TestAccount;
let admin2: string;
let feedbackId: number;
beforeAll(async () => {
  t = await createTestApp();
  sender = await freshAccount(t, 'EndUser', '11');
  await t.database.db.update(users).set({ lang: 'zh-CN' }).where(eq(users.id, sender.userId));
  support = await freshAccount(t, 'TechnicalSupport', '1');
  otherSupport = await freshAccount(t, 'TechnicalSupport', '21');
  admin2 = (await t.api.login(await secondTreeAdmin(t))).token;
  const added = await t.api.post<{ id: number }>('/api/v1/sys/advice/add', {
    token: sender.token, form: { userName: 'Olivia', emailOrMobile: 'olivia@example.com', typeIds: '2', advice: 'Export button missing' },
  });
  feedbackId = added.body.data.id;
});
afterAll(() => t.close());

interface Feedback { id: number; status: number; answer?: string; answerByName?: string; answerTime?: string; advice: string }
type FeedbackPage = { list: Feedback[]; total: number };
const page = (token: string, query: Record<string, string | number> = {}) => t.api.get<FeedbackPage>('/api/v1/sys/advice/page', { token, query: { keyword: 'Export button', ...query } });
const answer = (token: string, id: number, text: string) => t.api.post<Feedback>('/api/v1/sys/advice/answer', { token, form: { id, answer: text } });

describe('answering feedback', () => {
  it('lists it to support staff of the sender\'s organisations only, filtered by state', async () => {
    expect((await page(support.token)).body.data.list.map((f) => [f.id, f.status])).toEqual([[feedbackId, 0]]);
    expect((await page(support.token, { status: 1 })).body.data.total).toBe(0);
    expect((await page(otherSupport.token)).body.data.total).toBe(0);
    expect((await page(admin2)).body.data.total).toBe(0);
    expect((await page(sender.token)).body.errCode).toBe(10005);
  });

  it('refuses another tree\'s staff and users without the permission, changing nothing', async () => {
    expect((await answer(otherSupport.token, feedbackId, 'No')).body.errCode).toBe(10005);
    expect((await answer(admin2, feedbackId, 'No')).body.errCode).toBe(10005);
    expect((await answer(sender.token, feedbackId, 'No')).body.errCode).toBe(10005);
    expect((await page(support.token)).body.data.list[0]).toMatchObject({ status: 0 });
  });

  it('stores the answer with who and when, and sends it to the sender as a private message in their language, announced to their open pages', async () => {
    const heard: unknown[] = [];
    const stop = t.app.userEvents.subscribe(sender.userId, { alarms: () => undefined, event: (name, data) => heard.push({ name, data }), close: () => undefined });
    const { body } = await answer(support.token, feedbackId, '  It is under More.\nThanks!  ');
    expect(body.errCode).toBe(0);
    // The sender's open pages hear of it, with their new unread count.
    await expect.poll(() => heard).toContainEqual({ name: 'message', data: { unreadNum: 1 } });
    stop();
    expect(body.data).toMatchObject({ status: 1, answer: 'It is under More.\nThanks!', answerByName: `TechnicalSupport ${support.login}` });
    expect(body.data.answerTime).toBeDefined();
    const inbox = await messageApi(t).privates(sender.token);
    expect(inbox.body.data.list).toHaveLength(1);
    const message = inbox.body.data.list[0]!;
    expect(message.messageTitle).toBe('您的反馈已收到答复');
    const detail = await messageApi(t).detail(sender.token, message.id);
    expect(detail.body.data.messageDepiction).toContain('Export button missing');
    expect(detail.body.data.messageDepiction).toContain('It is under More.\nThanks!');
  });

  it('answers once: a second answer is 10003 naming answer', async () => {
    const { body } = await answer(support.token, feedbackId, 'Again');
    expect(body.errCode).toBe(10003);
    expect(body.errMsg).toContain('answer');
    expect((await messageApi(t).privates(sender.token)).body.data.total).toBe(1);
    expect((await page(support.token, { status: 1 })).body.data.list[0]).toMatchObject({ answer: 'It is under More.\nThanks!' });
  });

  it('refuses an end date before the start date', async () => {
    const { body } = await page(support.token, { startDate: '2026-05-02', endDate: '2026-05-01' });
    expect(body.errCode).toBe(10003);
    expect(body.errMsg).toContain('endDate');
  });
});
