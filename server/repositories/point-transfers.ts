// Moving points between two accounts (pointTransfer, staff-side): both users in the caller's
// organisations, never the same one, at most what the sender has. One transaction locks both
// balance rows in a fixed order (so that two opposite transfers cannot deadlock), takes the
// sender's points that expire first, and gives them to the receiver with the same expiry dates.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { fieldError } from '../errors.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { creditLots, debitLots, lockBalances, rowsOf } from '../services/points-ledger.ts';
import { recordsByIds } from './point-records.ts';
import { assertUserInScope } from './scope.ts';

export interface TransferInput {
  fromUserId: string;
  toUserId: string;
  points: number;
  remark?: string | undefined;
}

export async function transferPoints(db: Db, caller: AuthContext, input: TransferInput) {
  // Scope first: another tree's account is 10005 whatever else the request says.
  await assertUserInScope(db, caller, input.fromUserId);
  await assertUserInScope(db, caller, input.toUserId);
  if (input.fromUserId === input.toUserId) throw fieldError('toUserId', 'transferSelf');
  const entries = await db.transaction(async (tx) => {
    await lockBalances(tx, [input.fromUserId, input.toUserId]);
    const [transfer] = await rowsOf<{ id: number }>(tx.execute(sql`insert into point_transfers (from_user_id, to_user_id, points, operator_id, remark)
      values (${input.fromUserId}, ${input.toUserId}, ${input.points}, ${caller.userId}, ${input.remark?.trim() || null}) returning id`));
    const base = { points: input.points, reason: 'Transfer', source: 'transfer', sourceId: transfer!.id, field: 'points' };
    const out = await debitLots(tx, { ...base, userId: input.fromUserId });
    const into = await creditLots(tx, { ...base, userId: input.toUserId }, out.lots);
    return [out.entryId, into.entryId];
  });
  const [outRecord, inRecord] = await recordsByIds(db, entries);
  return { outRecord: outRecord!, inRecord: inRecord! };
}
