// Verification codes, the outbox they are delivered through, captchas, and one-time codes for
// the old-web jumps. Codes and answers are stored hashed.
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

export const verificationCodes = pgTable('verification_codes', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** register, login, resetPwd, modifyPhone, modifyEmail, cancel */
  purpose: text('purpose').notNull(),
  /** The phone number or lower-cased e-mail address the code was sent to. */
  target: text('target').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  ip: text('ip'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
}, (t) => [index('verification_codes_target_idx').on(t.target, t.purpose), index('verification_codes_ip_idx').on(t.ip, t.createdAt)]);

/** Everything the portal sends (codes, notices): the embedded sender stops here; SMTP also sends. */
export const outbox = pgTable('outbox', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
  target: text('target').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  purpose: text('purpose'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
}, (t) => [index('outbox_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())]);

export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const oneTimeCodes = pgTable('one_time_codes', {
  codeHash: text('code_hash').primaryKey(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
