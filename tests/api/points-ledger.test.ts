// The points ledger: credits and debits move the balance row and write one entry each, a debit
// beyond the balance is refused naming the field, spends take from the oldest credits first, and
// the entries of every user add up to that user's balance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { AppError } from '../../server/errors.ts';
import { creditPoints, debitPoints, pointBalance } from '../../server/services/points-ledger.ts';

let t: TestApp;
let userId: string;

const rows = async <Row>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: Row[] }).rows;

beforeAll(async () => {
  t = await createTestApp();
  // A user of its own, so that the demo's points do not enter the sums.
  const [owner] = await rows<{ office_id: string; role_id: number }>(sql`select office_id, role_id from users where login_name = 'owner'`);
  userId = 'points-ledger-user';
  await t.database.db.execute(sql`insert into users (id, login_name, nickname, password_hash, role_id, office_id)
    values (${userId}, 'points-ledger', 'Ledger', 'x', ${owner!.role_id}, ${owner!.office_id})`);
});
afterAll(async () => t.close());

describe('points ledger', () => {
  it('credits and debits, refuses a debit beyond the balance, and spends the oldest credits first', async () => {
    const db = t.database.db;
    await db.transaction((tx) => creditPoints(tx, { userId, points: 100, reason: 'first', source: 'rule', validityMonths: 1 }));
    await db.transaction((tx) => creditPoints(tx, { userId, points: 50, reason: 'second', source: 'rule' }));
    const spent = await db.transaction((tx) => debitPoints(tx, { userId, points: 120, reason: 'spend', source: 'order', sourceId: 7 }));
    expect(spent.balance).toBe(30);
    expect(await pointBalance(db, userId)).toBe(30);

    const refused = await db.transaction((tx) => debitPoints(tx, { userId, points: 31, reason: 'too much', source: 'order', field: 'amount' })).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).fields).toEqual([{ field: 'amount', rule: 'insufficientPoints' }]);
    expect((refused as AppError).params.balance).toBe(30);

    const lots = await rows<{ reason: string; remaining: number }>(sql`select l.reason, p.remaining from point_lots p
      join point_ledger l on l.id = p.entry_id where p.user_id = ${userId} order by p.id`);
    expect(lots).toEqual([{ reason: 'first', remaining: 0 }, { reason: 'second', remaining: 30 }]);
  });

  it('refuses non-positive amounts and unknown users', async () => {
    const db = t.database.db;
    const zero = await db.transaction((tx) => creditPoints(tx, { userId, points: 0, reason: 'none', source: 'rule' })).catch((e: unknown) => e);
    expect((zero as AppError).fields).toEqual([{ field: 'points', rule: 'exclusiveMinimum' }]);
    const nobody = await db.transaction((tx) => creditPoints(tx, { userId: 'nobody', points: 5, reason: 'none', source: 'rule' })).catch((e: unknown) => e);
    expect((nobody as AppError).fields).toEqual([{ field: 'userId', rule: 'exists' }]);
  });

  it('keeps every balance equal to the sum of its entries and to the remainders of its credits', async () => {
    const mismatched = await rows(sql`select b.user_id from point_balances b
      left join (select user_id, sum(points) as total from point_ledger group by user_id) l on l.user_id = b.user_id
      left join (select user_id, sum(remaining) as open from point_lots group by user_id) p on p.user_id = b.user_id
      where b.balance <> coalesce(l.total, 0) or b.balance <> coalesce(p.open, 0) or b.balance < 0`);
    expect(mismatched).toEqual([]);
  });
});
