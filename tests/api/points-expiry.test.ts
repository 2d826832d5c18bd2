// Expiry: the scheduled pass expires what remains of each credit once its validity is over,
// oldest first, in one expiry entry per user (change type 6); spends before it took the credits
// that expire first, so what expires is what was left of them. A second pass finds nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { brokenBalances, grant, makeUser, rowsOf } from '../fixtures/points.ts';
import { debitPoints, pointBalance } from '../../server/services/points-ledger.ts';
import { expirePoints } from '../../server/services/points-expiry.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const monthsAhead = (months: number) => new Date(Date.now() + months * 31 * 86_400_000);

describe('points expiry', () => {
  it('expires the oldest points first, after the spends took from them, once', async () => {
    const user = await makeUser(t);
    const db = t.database.db;
    await grant(t, user.id, 100, 1);
    await grant(t, user.id, 200, 3);
    await grant(t, user.id, 300, 6);
    // The spend takes the 100 that expire first and 50 of the next 200.
    await db.transaction((tx) => debitPoints(tx, { userId: user.id, points: 150, reason: 'order', source: 'order' }));

    // Two months on: the second credit's remaining 150 are not due yet, nothing of the first is left.
    expect((await expirePoints(db, monthsAhead(2))).points).toBe(0);
    // Four months on: the 150 left of the 3-month credit expire; the 6-month credit stays whole.
    await expirePoints(db, monthsAhead(4));
    expect(await pointBalance(db, user.id)).toBe(300);
    await expirePoints(db, monthsAhead(4));
    const entries = await rowsOf<{ change_type: number; points: number; balance_after: number }>(t, sql`select change_type, points, balance_after
      from point_ledger where user_id = ${user.id} order by id`);
    expect(entries.slice(3)).toEqual([{ change_type: 2, points: -150, balance_after: 450 }, { change_type: 6, points: -150, balance_after: 300 }]);

    const info = await t.api.get<{ availablePoints: number; expiredPoints: number; usedPoints: number; totalEarnedPoints: number }>(
      '/api/v1/point/getPointInfo', { token: (await t.api.login(user.loginName)).token });
    // The login itself earned the daily sign-in.
    expect(info.body.data).toMatchObject({ availablePoints: 310, expiredPoints: 150, usedPoints: 150, totalEarnedPoints: 610 });
    expect(await brokenBalances(t)).toEqual([]);
  });

  it('reports the points expiring within 30 days and the day they do', async () => {
    const user = await makeUser(t);
    await grant(t, user.id, 70, 1);
    await grant(t, user.id, 30, 12);
    const info = await t.api.get<{ expiringPoints: number; nextExpireDate: string }>('/api/v1/point/getPointInfo', { token: (await t.api.login(user.loginName)).token });
    expect(info.body.data.expiringPoints).toBe(70);
    expect(Date.parse(info.body.data.nextExpireDate) - Date.now()).toBeGreaterThan(25 * 86_400_000);
  });
});
