// pointTransfer: atomic, both sides or neither; refused to the same account, to a user outside the
// caller's organisations (10005), for a non-positive amount or beyond the balance (10003 naming
// the field); the points that expire first go first and keep their expiry; 16 concurrent
// transfers between the same two accounts keep both balances and the ledger in line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { brokenBalances, grant, makeUser, rowsOf } from '../fixtures/points.ts';
import { pointBalance } from '../../server/services/points-ledger.ts';

let t: TestApp;
let admin: string;

interface PointRecord { id: number; userId: string; changeType: number; points: number; balance: number; counterpartUserId?: string; operatorName?: string; remark?: string; expireDate?: string }
interface FieldErrors { errors: { field: string; rule: string }[] }

const transfer = (form: Record<string, string | number>, token = admin) =>
  t.api.post<{ outRecord: PointRecord; inRecord: PointRecord } & FieldErrors>('/api/v1/point/pointTransfer', { token, form });
const balanceOf = (userId: string) => pointBalance(t.database.db, userId);

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.api.login('admin')).token;
});
afterAll(async () => t.close());

describe('point transfers', () => {
  it('moves points in one transaction, with a record on each side and the sender\'s expiry dates', async () => {
    const [from, to] = [await makeUser(t), await makeUser(t)];
    await grant(t, from.id, 30, 1);
    await grant(t, from.id, 100, 12);
    const { body } = await transfer({ fromUserId: from.id, toUserId: to.id, points: 50, remark: 'Thanks' });
    expect(body.errCode, body.errMsg).toBe(0);
    expect(body.data.outRecord).toMatchObject({ userId: from.id, changeType: 5, points: -50, balance: 80, counterpartUserId: to.id, remark: 'Thanks', operatorName: 'Ada Admin' });
    expect(body.data.inRecord).toMatchObject({ userId: to.id, changeType: 4, points: 50, balance: 50, counterpartUserId: from.id });
    // The 30 points valid for a month went first, then 20 of the year's: the receiver's lots keep both dates.
    const lots = await rowsOf<{ remaining: number; months: number }>(t, sql`select remaining,
      round(extract(epoch from expires_at - now()) / 86400 / 30)::int as months from point_lots where user_id = ${to.id} order by expires_at`);
    expect(lots).toEqual([{ remaining: 30, months: 1 }, { remaining: 20, months: 12 }]);
    expect(await brokenBalances(t)).toEqual([]);
  });

  it('refuses the same account, non-positive amounts and more than the balance, naming the field and changing nothing', async () => {
    const [from, to] = [await makeUser(t), await makeUser(t)];
    await grant(t, from.id, 40);
    const self = await transfer({ fromUserId: from.id, toUserId: from.id, points: 5 });
    expect(self.body.errCode).toBe(10003);
    expect(self.body.data.errors.map((e) => e.field)).toEqual(['toUserId']);
    for (const points of [0, -3]) {
      const { body } = await transfer({ fromUserId: from.id, toUserId: to.id, points });
      expect(body.errCode).toBe(10003);
      expect(body.data.errors.map((e) => e.field)).toEqual(['points']);
    }
    const beyond = await transfer({ fromUserId: from.id, toUserId: to.id, points: 41 });
    expect(beyond.body.errCode).toBe(10003);
    expect(beyond.body.data.errors).toMatchObject([{ field: 'points', rule: 'insufficientPoints' }]);
    expect([await balanceOf(from.id), await balanceOf(to.id)]).toEqual([40, 0]);
    expect(await rowsOf(t, sql`select id from point_transfers where from_user_id = ${from.id}`)).toEqual([]);
  });

  it('refuses users outside the caller\'s organisations, or unknown, as 10005', async () => {
    const inside = await makeUser(t);
    const outside = await makeUser(t, { officeId: '21' });
    await grant(t, inside.id, 10);
    await grant(t, outside.id, 10);
    for (const form of [
      { fromUserId: inside.id, toUserId: outside.id, points: 1 },
      { fromUserId: outside.id, toUserId: inside.id, points: 1 },
      { fromUserId: inside.id, toUserId: 'no-such-user', points: 1 },
    ]) expect((await transfer(form)).body.errCode).toBe(10005);
    // Another tree's administrator cannot move this tree's points either.
    const otherAdmin = await makeUser(t, { roleKey: 'Administrator', officeId: '2' });
    const token = (await t.api.login(otherAdmin.loginName)).token;
    const other = await makeUser(t, { officeId: '21' });
    expect((await transfer({ fromUserId: inside.id, toUserId: other.id, points: 1 }, token)).body.errCode).toBe(10005);
    expect([await balanceOf(inside.id), await balanceOf(outside.id)]).toEqual([10, 10]);
  });

  it('keeps both balances under 16 concurrent transfers between the same two accounts', async () => {
    const [a, b] = [await makeUser(t), await makeUser(t)];
    await grant(t, a.id, 50);
    await grant(t, b.id, 20);
    // Opposite directions at once (a lock order by id keeps them from deadlocking); some run dry.
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) =>
      transfer(i % 2 ? { fromUserId: b.id, toUserId: a.id, points: 7 } : { fromUserId: a.id, toUserId: b.id, points: 9 })));
    for (const { body } of answers) {
      if (body.errCode !== 0) expect(body.data.errors).toMatchObject([{ field: 'points', rule: 'insufficientPoints' }]);
    }
    const [ba, bb] = [await balanceOf(a.id), await balanceOf(b.id)];
    expect(ba + bb).toBe(70);
    expect(ba).toBeGreaterThanOrEqual(0);
    expect(bb).toBeGreaterThanOrEqual(0);
    const done = answers.filter(({ body }) => body.errCode === 0).length;
    expect(await rowsOf(t, sql`select id from point_transfers where from_user_id in (${a.id}, ${b.id})`)).toHaveLength(done);
    expect(await brokenBalances(t)).toEqual([]);
  });
});
