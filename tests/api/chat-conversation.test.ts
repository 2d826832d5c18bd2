// The built-in support chat: a user's first message opens their conversation; support staff of the
// user's organisations see it, with an unread count per side that reading clears; either side
// closes it, and the user's next message opens it again. Another tree's staff and other users
// reach none of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { freshAccount, type TestAccount } from '../fixtures/messages.ts';

let t: TestApp;
let user: TestAccount;
let neighbour: TestAccount;
let support: TestAccount;
let otherSupport: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  user = await freshAccount(t, 'EndUser', '11');
  neighbour = await freshAccount(t, 'EndUser', '11');
  support = await freshAccount(t, 'TechnicalSupport', '1');
  otherSupport = await freshAccount(t, 'TechnicalSupport', '2');
});
afterAll(() => t.close());

interface Info { available: boolean; state: string; unreadNum: number; conversationId?: number }
interface ChatMessage { id: number; fromStaff: boolean; content: string; senderName?: string }
interface Conversation { id: number; loginName: string; state: string; unreadNum: number; lastContent?: string }

const CHAT = '/api/v1/chat';
const info = async (token: string) => (await t.api.get<Info>(`${CHAT}/getChatInfo`, { token })).body.data;
const send = (token: string, content: string, conversationId?: number) => t.api.post<ChatMessage>(`${CHAT}/sendChatMessage`, { token, form: { content, conversationId } });
const read = (token: string, conversationId?: number) => t.api.get<ChatMessage[]>(`${CHAT}/getChatMessages`, { token, query: conversationId ? { conversationId } : {} });
const conversations = async (token: string) =>
  (await t.api.get<{ list: Conversation[] }>(`${CHAT}/chatConversationPage`, { token, query: { pageSize: 100 } })).body.data.list.filter((c) => c.loginName === user.login);

describe('support chat', () => {
  it('has no conversation before the first message', async () => {
    expect(await info(user.token)).toEqual({ available: true, state: 'none', unreadNum: 0 });
    expect((await read(user.token)).body.data).toEqual([]);
  });

  it('opens the user\'s conversation with the first message, unread for staff of the user\'s organisations only', async () => {
    expect((await send(user.token, '  My inverter shows E21  ')).body.data).toMatchObject({ fromStaff: false, content: 'My inverter shows E21' });
    await send(user.token, 'Since this morning');
    expect(await info(user.token)).toMatchObject({ state: 'open', unreadNum: 0 });
    expect(await conversations(support.token)).toEqual([expect.objectContaining({ state: 'open', unreadNum: 2, lastContent: 'Since this morning' })]);
    expect(await conversations(otherSupport.token)).toEqual([]);
    expect((await t.api.get(`${CHAT}/chatConversationPage`, { token: user.token })).body.errCode).toBe(10005);
  });

  it('clears the staff side\'s count when staff read it, and counts staff answers for the user', async () => {
    const [conversation] = await conversations(support.token);
    const messages = await read(support.token, conversation!.id);
    expect(messages.body.data.map((m) => m.content)).toEqual(['My inverter shows E21', 'Since this morning']);
    expect((await conversations(support.token))[0]).toMatchObject({ unreadNum: 0 });
    expect((await send(support.token, 'Please restart it', conversation!.id)).body.data).toMatchObject({ fromStaff: true });
    expect(await info(user.token)).toMatchObject({ unreadNum: 1, conversationId: conversation!.id });
    expect((await read(user.token)).body.data.at(-1)).toMatchObject({ fromStaff: true, content: 'Please restart it' });
    expect(await info(user.token)).toMatchObject({ unreadNum: 0 });
  });

  it('keeps the conversation from other users and another tree\'s staff (10005)', async () => {
    const [conversation] = await conversations(support.token);
    for (const token of [neighbour.token, otherSupport.token]) {
      expect((await read(token, conversation!.id)).body.errCode).toBe(10005);
      expect((await send(token, 'Intruding', conversation!.id)).body.errCode).toBe(10005);
      expect((await t.api.post(`${CHAT}/closeChat`, { token, form: { conversationId: conversation!.id } })).body.errCode).toBe(10005);
    }
    expect((await read(user.token)).body.data.map((m) => m.content)).not.toContain('Intruding');
  });

  it('closes; staff cannot write into a closed conversation, and the user\'s next message opens it again', async () => {
    const [conversation] = await conversations(support.token);
    expect((await t.api.post(`${CHAT}/closeChat`, { token: user.token })).body.errCode).toBe(0);
    expect(await info(user.token)).toMatchObject({ state: 'closed' });
    const refused = await send(support.token, 'Still there?', conversation!.id);
    expect(refused.body.errCode).toBe(10003);
    expect(refused.body.errMsg).toContain('conversationId');
    await send(user.token, 'It is back');
    expect(await info(user.token)).toMatchObject({ state: 'open', conversationId: conversation!.id });
    expect((await conversations(support.token))[0]).toMatchObject({ state: 'open', unreadNum: 1 });
  });

  it('refuses an empty message naming content', async () => {
    const { body } = await send(user.token, '   ');
    expect(body.errCode).toBe(10003);
    expect(body.errMsg).toContain('content');
  });
});
