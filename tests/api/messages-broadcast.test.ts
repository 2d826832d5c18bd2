// Administrators' broadcasts reach exactly their audience: the users of the sender's
// organisations, of one office's subtree, or holding one role there, who existed when it was
// sent; never another tree. Publishing needs system:message:add, and an office outside the
// sender's organisations answers 10005.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { secondTreeAdmin } from '../fixtures/mall.ts';
import { freshAccount, messageApi, type TestAccount } from '../fixtures/messages.ts';

let t: TestApp;
let api: ReturnType<typeof messageApi>;
let admin: string;
let admin2: string;
let north: TestAccount;
let service: TestAccount;
let installer: TestAccount;
let blue: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  api = messageApi(t);
  admin = (await t.api.login('admin')).token;
  admin2 = (await t.api.login(await secondTreeAdmin(t))).token;
  north = await freshAccount(t, 'EndUser', '11');
  service = await freshAccount(t, 'EndUser', '12');
  installer = await freshAccount(t, 'Installer', '11');
  blue = await freshAccount(t, 'EndUser', '21');
});
afterAll(() => t.close());

const titles = async (account: TestAccount) => (await api.group(account.token, { pageSize: 100 })).body.data.list.map((m) => m.messageTitle);

describe('broadcast audiences', () => {
  it('reaches every user of the sender\'s organisations and no other tree', async () => {
    const sent = await api.publish(admin, { messageTitle: 'To all of Sunrise', audience: 'all' });
    expect(sent.body).toMatchObject({ errCode: 0, data: { audience: 'all', officeName: 'Sunrise Energy', readNum: 0 } });
    for (const account of [north, service, installer]) expect(await titles(account)).toContain('To all of Sunrise');
    expect(await titles(blue)).not.toContain('To all of Sunrise');
  });

  it('reaches one office\'s subtree only', async () => {
    expect((await api.publish(admin, { messageTitle: 'To the service centre', audience: 'office', officeId: '12' })).body.errCode).toBe(0);
    expect(await titles(service)).toContain('To the service centre');
    for (const account of [north, installer, blue]) expect(await titles(account)).not.toContain('To the service centre');
  });

  it('reaches the holders of one role only', async () => {
    expect((await api.publish(admin, { messageTitle: 'To installers', audience: 'role', roleKey: 'Installer' })).body.errCode).toBe(0);
    expect(await titles(installer)).toContain('To installers');
    for (const account of [north, service]) expect(await titles(account)).not.toContain('To installers');
    // Blue Coast's installers are another tree's.
    expect(await titles(await freshAccount(t, 'Installer', '21'))).not.toContain('To installers');
  });

  it('does not reach accounts made after it was sent', async () => {
    expect((await api.publish(admin, { messageTitle: 'Before you came', audience: 'all' })).body.errCode).toBe(0);
    expect(await titles(await freshAccount(t, 'EndUser', '11'))).not.toContain('Before you came');
  });

  it('refuses an office of another tree (10005), a missing office (10003), and callers without the permission', async () => {
    expect((await api.publish(admin2, { messageTitle: 'Into Sunrise', audience: 'office', officeId: '11' })).body.errCode).toBe(10005);
    const missing = await api.publish(admin, { messageTitle: 'No office', audience: 'office' });
    expect(missing.body.errCode).toBe(10003);
    expect(missing.body.errMsg).toContain('officeId');
    expect((await api.publish(installer.token, { messageTitle: 'Mine', audience: 'all' })).body.errCode).toBe(10005);
    expect(await titles(north)).not.toContain('Into Sunrise');
  });

  it('lists the broadcasts of the caller\'s organisations, with how many read them, and withdraws them', async () => {
    const sent = (await api.publish(admin, { messageTitle: 'Withdraw me', audience: 'all' })).body.data;
    await api.markGroup(north.token, { ids: String(sent.id), action: 'read' });
    const page = await t.api.get<{ list: { id: number; readNum: number }[] }>('/api/v1/mgmsg/mgmsgmessage/systemMessagePage', { token: admin, query: { messageTitle: 'withdraw' } });
    expect(page.body.data.list).toEqual([expect.objectContaining({ id: sent.id, readNum: 1 })]);
    const theirs = await t.api.get<{ total: number }>('/api/v1/mgmsg/mgmsgmessage/systemMessagePage', { token: admin2, query: { messageTitle: 'withdraw' } });
    expect(theirs.body.data.total).toBe(0);
    expect((await t.api.post('/api/v1/mgmsg/mgmsgmessage/systemMessageDelete', { token: admin2, form: { id: sent.id } })).body.errCode).toBe(10005);
    expect((await t.api.post('/api/v1/mgmsg/mgmsgmessage/systemMessageDelete', { token: admin, form: { id: sent.id } })).body.errCode).toBe(0);
    expect(await titles(north)).not.toContain('Withdraw me');
  });

  it('tells the recipients\' open pages their new unread count, and no one else\'s', async () => {
    const heard: Record<string, unknown[]> = { north: [], blue: [] };
    const listen = (account: TestAccount, into: unknown[]) => t.app.userEvents.subscribe(account.userId, {
      alarms: () => undefined, event: (name, data) => into.push({ name, data }), close: () => undefined,
    });
    const stops = [listen(north, heard.north!), listen(blue, heard.blue!)];
    try {
      expect((await api.publish(admin, { messageTitle: 'Live notice', audience: 'office', officeId: '11' })).body.errCode).toBe(0);
      const { unreadNum } = await api.stats(north.token);
      await expect.poll(() => heard.north).toContainEqual({ name: 'message', data: { unreadNum } });
      await api.markGroup(north.token, { messageType: 1, action: 'read' });
      const after = (await api.stats(north.token)).unreadNum;
      await expect.poll(() => heard.north!.at(-1)).toEqual({ name: 'message', data: { unreadNum: after } });
      expect(heard.blue).toEqual([]);
    } finally {
      for (const stop of stops) stop();
    }
  });
});
