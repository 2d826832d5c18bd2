// The points ledger: every change of a user's points is one entry, written in the caller's
// transaction together with the user's balance row. The balance row is locked (SELECT ... FOR
// UPDATE) before it is read, so concurrent debits of one user queue up and none of them can take
// the balance below zero (a check constraint would refuse it anyway). Credited points sit in lots
// with their expiry: a spend takes from the lots that expire first (the oldest points), so that
// what the user keeps is what stays valid longest.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { fieldError } from '../errors.ts';

export interface LedgerEntryInput {
  userId: string;
  /** How many points, > 0: the entry's sign comes from credit or debit. */
  points: number;
  reason: string;
  /** What caused the entry: one of SOURCES. */
  source: string;
  sourceId?: string | number;
  /** The request field that a 10003 names (default `points`). */
  field?: string;
  /** Credits only: months until the points expire (default PLATFORM_VALIDITY_MONTHS). */
  validityMonths?: number;
}

/** How long credited points stay valid when neither the rule nor the caller says otherwise. */
export const PLATFORM_VALIDITY_MONTHS = 24;

/** The contract's changeType of each source, as a credit and as a debit (point-record.schema.json). */
export const SOURCES: Record<string, { credit?: number; debit?: number }> = {
  rule: { credit: 1 },
  order: { debit: 2 },
  orderRefund: { credit: 3 },
  transfer: { credit: 4, debit: 5 },
  expiry: { debit: 6 },
};

/** Change types that count towards the member level (earned by rules, received by transfer). */
const EARNED = new Set([1, 4]);
/** Change types that count as used: spent and transferred out (refunds give back). */
const USED = new Set([2, 5]);
const REFUND = 3;
const EXPIRY = 6;

type Rows<Row> = { rows: Row[] };
export const rowsOf = async <Row>(result: Promise<unknown>) => ((await result) as Rows<Row>).rows;

function changeTypeOf(source: string, direction: 'credit' | 'debit'): number {
  const type = SOURCES[source]?.[direction];
  if (type === undefined) throw new Error(`points ledger: no ${direction} from source "${source}"`);
  return type;
}

function checkAmount(entry: LedgerEntryInput) {
  const field = entry.field ?? 'points';
  if (!Number.isSafeInteger(entry.points)) throw fieldError(field, 'type', { type: 'integer' });
  if (entry.points <= 0) throw fieldError(field, 'exclusiveMinimum', { limit: 0 });
}

const idList = (ids: string[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);

/**
 * Locks the balance rows of these users, creating any that is missing, in one fixed order (by
 * id) so that two transactions locking the same users cannot deadlock. Answers the balances;
 * a user who does not exist is refused as 10003 `exists` on `field`.
 */
export async function lockBalances(tx: Tx, userIds: string[], field = 'userId'): Promise<Map<string, number>> {
  const ids = [...new Set(userIds)].sort();
  await tx.execute(sql`insert into point_balances (user_id)
    select id from users where id in (${idList(ids)}) order by id
    on conflict (user_id) do nothing`);
  const rows = await rowsOf<{ user_id: string; balance: number }>(tx.execute(sql`select user_id, balance from point_balances
    where user_id in (${idList(ids)}) order by user_id for update`));
  const balances = new Map(rows.map((r) => [r.user_id, Number(r.balance)]));
  for (const id of ids) if (!balances.has(id)) throw fieldError(field, 'exists');
  return balances;
}

/** Writes the entry and moves the balance row's figures; the caller holds the row's lock. */
async function writeEntry(tx: Tx, entry: LedgerEntryInput, changeType: number, signed: number, balanceAfter: number): Promise<number> {
  const amount = Math.abs(signed);
  const earned = EARNED.has(changeType) ? amount : 0;
  const used = USED.has(changeType) ? amount : changeType === REFUND ? -amount : 0;
  const expired = changeType === EXPIRY ? amount : 0;
  await tx.execute(sql`update point_balances set balance = ${balanceAfter}, lifetime_earned = lifetime_earned + ${earned},
      used_points = greatest(0, used_points + ${used}), expired_points = expired_points + ${expired}, updated_at = now()
    where user_id = ${entry.userId}`);
  const sourceId = entry.sourceId === undefined ? null : String(entry.sourceId);
  const [row] = await rowsOf<{ id: number }>(tx.execute(sql`insert into point_ledger
      (user_id, office_id, points, change_type, reason, source, source_id, balance_after)
    select u.id, u.office_id, ${signed}, ${changeType}, ${entry.reason}, ${entry.source}, ${sourceId}, ${balanceAfter}
    from users u where u.id = ${entry.userId}
    returning id`));
  return Number(row!.id);
}

/** A piece of credited points and when it expires (null: never). */
export interface Lot {
  points: number;
  expiresAt: Date | null;
}

/** Credits points in the given lots (a transfer keeps the sender's expiry dates). */
export async function creditLots(tx: Tx, entry: LedgerEntryInput, lots: Lot[]): Promise<{ entryId: number; balance: number }> {
  checkAmount(entry);
  const changeType = changeTypeOf(entry.source, 'credit');
  const before = (await lockBalances(tx, [entry.userId])).get(entry.userId)!;
  const balance = before + entry.points;
  const entryId = await writeEntry(tx, entry, changeType, entry.points, balance);
  const values = lots.filter((lot) => lot.points > 0).map((lot) => sql`(${entry.userId}, ${entryId}, ${lot.points}, ${lot.expiresAt?.toISOString() ?? null}::timestamptz)`);
  await tx.execute(sql`insert into point_lots (user_id, entry_id, remaining, expires_at) values ${sql.join(values, sql`, `)}`);
  return { entryId, balance };
}

export async function creditPoints(tx: Tx, entry: LedgerEntryInput): Promise<{ entryId: number; balance: number }> {
  const months = entry.validityMonths ?? PLATFORM_VALIDITY_MONTHS;
  const [now] = await rowsOf<{ expires: string }>(tx.execute(sql`select (now() + make_interval(months => ${months}::integer))::text as expires`));
  return creditLots(tx, entry, [{ points: entry.points, expiresAt: new Date(now!.expires) }]);
}

/**
 * Takes `points` from the user's open lots, those expiring first first, and answers what was
 * taken from each (with its expiry). The caller holds the balance row's lock and has checked
 * the balance, which the lots' remainders add up to.
 */
async function takeFromLots(tx: Tx, userId: string, points: number): Promise<Lot[]> {
  const taken = await rowsOf<{ taken: number; expires_at: string | null }>(tx.execute(sql`with open as (
      select id, remaining, sum(remaining) over (order by expires_at nulls last, id) as running
      from point_lots where user_id = ${userId} and remaining > 0
    )
    update point_lots p set remaining = least(o.remaining, greatest(0, o.running - ${points}))
    from open o where p.id = o.id and o.running - o.remaining < ${points}
    returning o.remaining - p.remaining as taken, p.expires_at::text as expires_at`));
  return taken.map((t) => ({ points: Number(t.taken), expiresAt: t.expires_at ? new Date(t.expires_at) : null }))
    .sort((a, b) => (a.expiresAt?.getTime() ?? Infinity) - (b.expiresAt?.getTime() ?? Infinity));
}

/** Debits the points and answers the lots they were taken from besides the entry. */
export async function debitLots(tx: Tx, entry: LedgerEntryInput): Promise<{ entryId: number; balance: number; lots: Lot[] }> {
  checkAmount(entry);
  const changeType = changeTypeOf(entry.source, 'debit');
  const before = (await lockBalances(tx, [entry.userId])).get(entry.userId)!;
  if (before < entry.points) throw fieldError(entry.field ?? 'points', 'insufficientPoints', { balance: before });
  const lots = await takeFromLots(tx, entry.userId, entry.points);
  const balance = before - entry.points;
  const entryId = await writeEntry(tx, entry, changeType, -entry.points, balance);
  return { entryId, balance, lots };
}

export async function debitPoints(tx: Tx, entry: LedgerEntryInput): Promise<{ entryId: number; balance: number }> {
  const { entryId, balance } = await debitLots(tx, entry);
  return { entryId, balance };
}

export async function pointBalance(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await rowsOf<{ balance: number }>(db.execute(sql`select balance from point_balances where user_id = ${userId}`));
  return row ? Number(row.balance) : 0;
}

/**
 * Expires what remains of the user's lots whose expiry has passed by `at`, in one expiry entry
 * for their sum. Answers the points expired (0 when none were due). Lots change only under the
 * balance row's lock, which this takes first.
 */
export async function expireDueLots(tx: Tx, userId: string, at: Date): Promise<number> {
  const before = (await lockBalances(tx, [userId])).get(userId)!;
  const due = sql`user_id = ${userId} and remaining > 0 and expires_at <= ${at.toISOString()}::timestamptz`;
  const [sum] = await rowsOf<{ points: number }>(tx.execute(sql`select coalesce(sum(remaining), 0)::int as points from point_lots where ${due}`));
  const points = Number(sum!.points);
  if (points === 0) return 0;
  await tx.execute(sql`update point_lots set remaining = 0 where ${due}`);
  const entry = { userId, points, reason: 'Points expired', source: 'expiry' };
  await writeEntry(tx, entry, changeTypeOf('expiry', 'debit'), -points, before - points);
  return points;
}
