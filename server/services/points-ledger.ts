// The points ledger: every change of a user's points is one entry, written in the caller's
// transaction together with the user's balance row. The balance row is locked (SELECT ... FOR
// UPDATE) before it is read, so concurrent debits of one user queue up and none of them can take
// the balance below zero (a check constraint would refuse it anyway). Credits keep their unspent,
// unexpired remainder: a spend takes from the credits that expire first (oldest first), so that
// what expires later is what the user had longest and did not spend.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { fieldError } from '../errors.ts';

export interface LedgerEntryInput {
  userId: string;
  /** How many points, > 0: the entry's sign comes from credit or debit. */
  points: number;
  reason: string;
  /** What caused the entry: a rule, transfer, order, expiry, ... */
  source: string;
  sourceId?: string | number;
  /** The request field that a 10003 names (default `points`). */
  field?: string;
  /** Credits only: months until the credit expires (default PLATFORM_VALIDITY_MONTHS). */
  validityMonths?: number;
}

/** How long credited points stay valid when neither the rule nor the caller says otherwise. */
export const PLATFORM_VALIDITY_MONTHS = 24;

/** Credits that do not count towards the member level: points passed on are not earned. */
const NOT_EARNED = new Set(['transfer']);

type Rows<Row> = { rows: Row[] };
const rowsOf = async <Row>(result: Promise<unknown>) => ((await result) as Rows<Row>).rows;

function checkAmount(entry: LedgerEntryInput) {
  const field = entry.field ?? 'points';
  if (!Number.isSafeInteger(entry.points)) throw fieldError(field, 'type', { type: 'integer' });
  if (entry.points <= 0) throw fieldError(field, 'exclusiveMinimum', { limit: 0 });
}

/**
 * Locks the balance rows of these users, creating any that is missing, in one fixed order (by
 * id) so that two transactions locking the same users cannot deadlock. Answers the balances;
 * a user who does not exist is refused as 10003 `exists` on `field`.
 */
export async function lockBalances(tx: Tx, userIds: string[], field = 'userId'): Promise<Map<string, number>> {
  const ids = [...new Set(userIds)].sort();
  await tx.execute(sql`insert into point_balances (user_id)
    select id from users where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) order by id
    on conflict (user_id) do nothing`);
  const rows = await rowsOf<{ user_id: string; balance: number }>(tx.execute(sql`select user_id, balance from point_balances
    where user_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) order by user_id for update`));
  const balances = new Map(rows.map((r) => [r.user_id, Number(r.balance)]));
  for (const id of ids) if (!balances.has(id)) throw fieldError(field, 'exists');
  return balances;
}

async function writeEntry(tx: Tx, entry: LedgerEntryInput, signed: number, balanceAfter: number, validityMonths: number | null) {
  const sourceId = entry.sourceId === undefined ? null : String(entry.sourceId);
  const [row] = await rowsOf<{ id: number }>(tx.execute(sql`insert into point_ledger
      (user_id, office_id, points, reason, source, source_id, balance_after, remaining, expires_at)
    select u.id, u.office_id, ${signed}, ${entry.reason}, ${entry.source}, ${sourceId}, ${balanceAfter},
      ${signed > 0 ? signed : null}::integer,
      case when ${validityMonths}::integer is null then null else now() + make_interval(months => ${validityMonths}::integer) end
    from users u where u.id = ${entry.userId}
    returning id`));
  return Number(row!.id);
}

export async function creditPoints(tx: Tx, entry: LedgerEntryInput): Promise<{ entryId: number; balance: number }> {
  checkAmount(entry);
  const before = (await lockBalances(tx, [entry.userId])).get(entry.userId)!;
  const balance = before + entry.points;
  const earned = NOT_EARNED.has(entry.source) ? 0 : entry.points;
  await tx.execute(sql`update point_balances set balance = ${balance}, lifetime_earned = lifetime_earned + ${earned}, updated_at = now()
    where user_id = ${entry.userId}`);
  const entryId = await writeEntry(tx, entry, entry.points, balance, entry.validityMonths ?? PLATFORM_VALIDITY_MONTHS);
  return { entryId, balance };
}

/**
 * Takes `points` from what remains of the user's credits, those that expire first first. The
 * caller holds the user's balance row lock, and the remainders add up to the balance.
 */
export async function consumeCredits(tx: Tx, userId: string, points: number) {
  await tx.execute(sql`with open as (
      select id, remaining, sum(remaining) over (order by expires_at nulls last, id) as running
      from point_ledger where user_id = ${userId} and remaining > 0
    )
    update point_ledger p set remaining = least(o.remaining, greatest(0, o.running - ${points}))
    from open o where p.id = o.id and o.running - o.remaining < ${points}`);
}

export async function debitPoints(tx: Tx, entry: LedgerEntryInput): Promise<{ entryId: number; balance: number }> {
  checkAmount(entry);
  const before = (await lockBalances(tx, [entry.userId])).get(entry.userId)!;
  if (before < entry.points) throw fieldError(entry.field ?? 'points', 'insufficientPoints', { balance: before });
  const balance = before - entry.points;
  await consumeCredits(tx, entry.userId, entry.points);
  await tx.execute(sql`update point_balances set balance = ${balance}, updated_at = now() where user_id = ${entry.userId}`);
  const entryId = await writeEntry(tx, entry, -entry.points, balance, null);
  return { entryId, balance };
}

export async function pointBalance(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await rowsOf<{ balance: number }>(db.execute(sql`select balance from point_balances where user_id = ${userId}`));
  return row ? Number(row.balance) : 0;
}
