// Points: every change of a user's points is a ledger entry; the balance row per user is the sum
// of them, kept beside the entries so that a debit can lock it (SELECT ... FOR UPDATE) and check it.
// Credited points sit in lots, each with its expiry and what of it is still unspent: spending,
// transferring and expiry take from the lots that expire first, and the lots' remainders always
// add up to the balance.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

export const pointBalances = pgTable('point_balances', {
  userId: text('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  balance: integer('balance').notNull().default(0),
  /** Points earned by rules and received by transfers, over the user's lifetime: the member level's measure. */
  lifetimeEarned: integer('lifetime_earned').notNull().default(0),
  /** Points spent on orders and transferred out, net of refunds. */
  usedPoints: integer('used_points').notNull().default(0),
  expiredPoints: integer('expired_points').notNull().default(0),
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
  /** The contract's changeType: 1 rule, 2 order, 3 refund, 4 transfer in, 5 transfer out, 6 expiry. */
  changeType: smallint('change_type').notNull(),
  reason: text('reason').notNull(),
  /** What caused the entry (rule, order, orderRefund, transfer, expiry) and which of them. */
  source: text('source').notNull(),
  sourceId: text('source_id'),
  balanceAfter: integer('balance_after').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  check('point_ledger_nonzero', sql`points <> 0`),
  check('point_ledger_balance_not_negative', sql`balance_after >= 0`),
  index('point_ledger_user_time_idx').on(t.userId, t.createdAt, t.id),
  index('point_ledger_time_idx').on(t.createdAt, t.id),
]);

/** Credited points not yet spent, transferred or expired, by the credit that brought them. */
export const pointLots = pgTable('point_lots', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  entryId: integer('entry_id').notNull().references(() => pointLedger.id, { onDelete: 'cascade' }),
  remaining: integer('remaining').notNull(),
  /** When what remains expires; null: never. */
  expiresAt: timestamp('expires_at', { withTimezone: true }),
}, (t) => [
  check('point_lots_remaining', sql`remaining >= 0`),
  index('point_lots_entry_idx').on(t.entryId),
  index('point_lots_open_idx').on(t.userId, t.expiresAt, t.id).where(sql`remaining > 0`),
  index('point_lots_expiring_idx').on(t.expiresAt).where(sql`remaining > 0`),
]);

export const pointRules = pgTable('point_rules', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  ruleName: text('rule_name').notNull(),
  /** 1 plant created, 2 device bound, 3 installed capacity, 4 invited user, 5 daily sign-in, 6 questionnaire. */
  eventType: smallint('event_type').notNull(),
  /** 0 end users, 1 professional users, 2 everyone. */
  targetUserType: smallint('target_user_type').notNull(),
  points: integer('points').notNull(),
  dailyLimit: integer('daily_limit').notNull().default(0),
  validMonths: integer('valid_months').notNull().default(0),
  startDate: date('start_date'),
  endDate: date('end_date'),
  status: smallint('status').notNull().default(1),
  remark: text('remark'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('point_rules_event_idx').on(t.eventType, t.status), index('point_rules_created_idx').on(t.createdAt, t.id)]);

/**
 * One award per user, rule and event (a plant's uid, a device's serial, a day...): the unique key
 * makes an award idempotent under retries and concurrent events. The rule's name and event stay
 * here when the rule is deleted.
 */
export const pointAwards = pgTable('point_awards', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  ruleId: integer('rule_id').notNull(),
  ruleName: text('rule_name').notNull(),
  eventType: smallint('event_type').notNull(),
  eventKey: text('event_key').notNull(),
  plantUid: text('plant_uid'),
  deviceSn: text('device_sn'),
  /** What was credited (after the member multiplier and the daily limit); 0 when the limit was reached. */
  points: integer('points').notNull(),
  entryId: integer('entry_id').references(() => pointLedger.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('point_awards_once_uq').on(t.userId, t.ruleId, t.eventKey),
  uniqueIndex('point_awards_entry_uq').on(t.entryId),
  index('point_awards_rule_day_idx').on(t.userId, t.ruleId, t.createdAt),
  index('point_awards_device_idx').on(t.eventType, t.createdAt).where(sql`device_sn is not null or plant_uid is not null`),
]);

export const pointTransfers = pgTable('point_transfers', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  fromUserId: text('from_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  toUserId: text('to_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  points: integer('points').notNull(),
  operatorId: text('operator_id').references(() => users.id, { onDelete: 'set null' }),
  remark: text('remark'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const memberEquityRules = pgTable('member_equity_rules', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  levelName: text('level_name').notNull(),
  level: integer('level').notNull(),
  minPoints: integer('min_points').notNull(),
  pointsMultiplier: numeric('points_multiplier', { precision: 3, scale: 1 }).notNull().default('1'),
  discountPercent: integer('discount_percent').notNull().default(0),
  extendedWarrantyMonths: integer('extended_warranty_months').notNull().default(0),
  equityContent: text('equity_content'),
  icon: text('icon'),
  status: smallint('status').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('member_equity_rules_level_uq').on(t.level)]);
