// The message centre per user: a broadcast is stored once, and each user reads or deletes it for
// themselves only; the statistics count what each user sees and has read, per group; private
// messages are their recipient's alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendPrivateMessage } from '../../server/services/messages.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { freshAccount, groupOf, messageApi, type TestAccount } from '../fixtures/messages.ts';

let t: TestApp;
let api: ReturnType<typeof messageApi>;
let admin: string;
let alice: TestAccount;
let bob: TestAccount;
let notice: number;
let announcement: number;
let privateId: number;
beforeAll(async () => {
  t = await createTestApp();
  api = messageApi(t);
  admin = (await t.api.login('admin')).token;
  alice = await freshAccount(t, 'EndUser', '11');
  bob = await freshAccount(t, 'EndUser', '11');
  notice = (await api.publish(admin, { messageTitle: 'Maintenance tonight', audience: 'all' })).body.data.id;
  announcement = (await api.publish(admin, { messageType: 2, messageTitle: 'New tariff', audience: 'all' })).body.data.id;
  privateId = await t.database.db.transaction((tx) => sendPrivateMessage(tx, { userId: alice.userId, title: 'Inverter fault', body: 'x'.repeat(300), plantUid: 'P1', deviceSn: 'SN1' }));
});
afterAll(() => t.close());

describe('message read state', () => {
  it('counts every group for each user, also empty ones, with the unread total', async () => {
    const stats = await api.stats(alice.token);
    expect(stats.groups.map((g) => [g.messageType, g.sendRange])).toEqual([[1, 1], [2, 1], [3, 2]]);
    expect(groupOf(stats, 1)).toMatchObject({ totalNum: 1, readNum: 0 });
    expect(groupOf(stats, 2)).toMatchObject({ totalNum: 1, readNum: 0 });
    expect(groupOf(stats, 3)).toMatchObject({ totalNum: 1, readNum: 0 });
    expect(stats.unreadNum).toBe(3);
    expect(groupOf(await api.stats(bob.token), 3)).toMatchObject({ totalNum: 0, readNum: 0 });
  });

  it('marks a broadcast read for the caller only', async () => {
    expect((await api.markGroup(alice.token, { ids: String(notice), action: 'read' })).body.errCode).toBe(0);
    expect(groupOf(await api.stats(alice.token), 1)).toMatchObject({ totalNum: 1, readNum: 1 });
    expect(groupOf(await api.stats(bob.token), 1)).toMatchObject({ totalNum: 1, readNum: 0 });
    const list = await api.group(alice.token, { messageType: 1 });
    expect(list.body.data.list.map((m) => [m.id, m.isRead, m.messageDepiction])).toEqual([[notice, 1, 'Body']]);
    expect((await api.group(alice.token, { messageType: 1, isRead: 0 })).body.data.total).toBe(0);
    // Again: harmless.
    expect((await api.markGroup(alice.token, { ids: String(notice), action: 'read' })).body.errCode).toBe(0);
    expect(groupOf(await api.stats(alice.token), 1)).toMatchObject({ totalNum: 1, readNum: 1 });
  });

  it('marks a whole group read, and deletes for the caller only', async () => {
    expect((await api.markGroup(bob.token, { messageType: 2, action: 'read' })).body.errCode).toBe(0);
    expect(groupOf(await api.stats(bob.token), 2)).toMatchObject({ totalNum: 1, readNum: 1 });
    expect((await api.markGroup(bob.token, { messageType: 2, action: 'delete' })).body.errCode).toBe(0);
    expect(groupOf(await api.stats(bob.token), 2)).toMatchObject({ totalNum: 0, readNum: 0 });
    expect((await api.group(bob.token, { messageType: 2 })).body.data.total).toBe(0);
    expect((await api.group(alice.token, { messageType: 2 })).body.data.list.map((m) => m.id)).toEqual([announcement]);
  });

  it('cuts private texts in the list, answers the whole one in the detail and marks it read', async () => {
    const list = await api.privates(alice.token);
    expect(list.body.data.list).toHaveLength(1);
    expect(list.body.data.list[0]).toMatchObject({ id: privateId, isRead: 0, messageType: 3, sendRange: 2, plantUid: 'P1' });
    expect(list.body.data.list[0]!.messageDepiction).toHaveLength(200);
    const detail = await api.detail(alice.token, privateId);
    expect(detail.body.data).toMatchObject({ id: privateId, isRead: 1, deviceSn: 'SN1' });
    expect(detail.body.data.messageDepiction).toHaveLength(300);
    expect(groupOf(await api.stats(alice.token), 3)).toMatchObject({ totalNum: 1, readNum: 1 });
  });

  it('keeps private messages to their recipient: 10005 to anyone else, and nothing changes', async () => {
    expect((await api.detail(bob.token, privateId)).body.errCode).toBe(10005);
    expect((await api.markPrivate(bob.token, { ids: String(privateId), action: 'delete' })).body.errCode).toBe(10005);
    // A broadcast id is not a private message, nor a private one a broadcast.
    expect((await api.markPrivate(alice.token, { ids: String(notice), action: 'read' })).body.errCode).toBe(10005);
    expect((await api.markGroup(alice.token, { ids: `${announcement},${privateId}`, action: 'delete' })).body.errCode).toBe(10005);
    expect((await api.group(alice.token, { messageType: 2 })).body.data.total).toBe(1);
    expect((await api.privates(alice.token)).body.data.total).toBe(1);
  });

  it('deletes private messages, and a repeat is harmless', async () => {
    expect((await api.markPrivate(alice.token, { ids: String(privateId), action: 'delete' })).body.errCode).toBe(0);
    expect((await api.markPrivate(alice.token, { ids: String(privateId), action: 'delete' })).body.errCode).toBe(0);
    expect((await api.privates(alice.token)).body.data.total).toBe(0);
    expect((await api.detail(alice.token, privateId)).body.errCode).toBe(10005);
  });

  it('filters private messages by a keyword of the title or text', async () => {
    const id = await t.database.db.transaction((tx) => sendPrivateMessage(tx, { userId: bob.userId, title: 'Share accepted', body: 'Plant Sunny Roof' }));
    expect((await api.privates(bob.token, { keyword: 'sunny' })).body.data.list.map((m) => m.id)).toEqual([id]);
    expect((await api.privates(bob.token, { keyword: 'nothing like it' })).body.data.total).toBe(0);
  });
});
