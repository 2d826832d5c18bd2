// Points: every change of a user's points is a ledger entry; the balance row per user is the sum
// of them, kept beside the entries so that a debit can lock it (SELECT ... FOR UPDATE) and check it.
// Credits keep what of them is still unspent and unexpired (`remaining`): spending and expiry take
// from the oldest credits first, and the remainders of a user's credits always add up to the balance.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

export const pointBalances = pgTable('point_balances', {
  userId: text('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  balance: integer('balance').notNull().default(0),
  /** Points earned over the user's lifetime (credits other than transfers): the member level's measure. */
  lifetimeEarned: integer('lifetime_earned').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, () => [check('point_balances_not_negative', sql`balance >= 0`)]);

export const pointLedger = pgTable('point_ledger', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /**
   * The user's office when the entry was written, as a record (no foreign key: an office may be
   * deleted once its users have moved). Lists are scoped by the user's office now.
   */
  officeId: text('office_id').notNull(),
  /** Signed: positive for a credit, negative for a spend, a transfer out or an expiry. */
  points: integer('points').notNull(),
  reason: text('reason').notNull(),
  /** What caused the entry (rule, transfer, order, expiry, demo, ...) and which of them. */
  source: text('source').notNull(),
  sourceId: text('source_id'),
  balanceAfter: integer('balance_after').notNull(),
  /** Credits only: what of the credit is neither spent nor expired yet. */
  remaining: integer('remaining'),
  /** Credits only: when what remains of the credit expires. */
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  check('point_ledger_nonzero', sql`points <> 0`),
  check('point_ledger_balance_not_negative', sql`balance_after >= 0`),
  check('point_ledger_remaining', sql`(points > 0 and remaining between 0 and points) or (points < 0 and remaining is null)`),
  index('point_ledger_user_time_idx').on(t.userId, t.createdAt, t.id),
  index('point_ledger_time_idx').on(t.createdAt, t.id),
  index('point_ledger_open_credits_idx').on(t.userId, t.expiresAt, t.id).where(sql`remaining > 0`),
  index('point_ledger_expiring_idx').on(t.expiresAt).where(sql`remaining > 0`),
]);
