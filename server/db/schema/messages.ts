// The message centre (000 sections 3 and 7 "Messages"). One row per message: broadcast groups
// (system notices 1/1, announcements 2/1) are stored once with their audience, never copied per
// user, so that a notice to a large organisation is one insert; private messages (3/2) name their
// one recipient. Who has read or deleted which message lives in message_user_states, a row
// appearing only when a user acts on a message.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { offices, roles, users } from './identity.ts';

export const messages = pgTable('messages', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** 1 system notice, 2 announcement, 3 private message (message.schema.json). */
  messageType: smallint('message_type').notNull(),
  /** 1 broadcast to the audience below, 2 one user (userId). */
  sendRange: smallint('send_range').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull().default(''),
  /** Private messages: the recipient. */
  userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
  /** Broadcasts: as the sender chose it (all, office, role), for the administrators' list. */
  audience: text('audience', { enum: ['all', 'office', 'role'] }),
  /** Broadcasts: the office whose subtree receives it (the sender's own office for "all users"). */
  officeId: text('office_id').references(() => offices.id, { onDelete: 'cascade' }),
  /** Broadcasts: only the holders of this role in that subtree, when set. */
  roleId: integer('role_id').references(() => roles.id, { onDelete: 'cascade' }),
  plantUid: text('plant_uid'),
  deviceSn: text('device_sn'),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  sendTime: timestamp('send_time', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  check('messages_group', sql`(message_type in (1, 2) and send_range = 1 and user_id is null and office_id is not null)
    or (message_type = 3 and send_range = 2 and user_id is not null)`),
  index('messages_user_idx').on(t.userId, t.sendTime.desc(), t.id.desc()),
  index('messages_group_idx').on(t.messageType, t.sendRange, t.sendTime.desc(), t.id.desc()),
]);

export const messageUserStates = pgTable('message_user_states', {
  messageId: integer('message_id').notNull().references(() => messages.id, { onDelete: 'cascade' }),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  readAt: timestamp('read_at', { withTimezone: true }),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
}, (t) => [primaryKey({ columns: [t.userId, t.messageId] })]);
