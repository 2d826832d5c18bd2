// The built-in support-chat provider's store: one conversation per user (reopened rather than
// duplicated), kept with the user's office so that the support staff of that office's
// organisations see it. Each side's unread count is kept on the row and moved in the same
// transaction as the message, so the widget's badge is one indexed read.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { offices, users } from './identity.ts';

export const chatConversations = pgTable('chat_conversations', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  officeId: text('office_id').notNull().references(() => offices.id),
  state: text('state', { enum: ['open', 'closed'] }).notNull().default('open'),
  /** Staff messages the user has not read. */
  userUnread: integer('user_unread').notNull().default(0),
  /** User messages no staff member has read. */
  staffUnread: integer('staff_unread').notNull().default(0),
  lastContent: text('last_content'),
  lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('chat_conversations_user_uq').on(t.userId),
  index('chat_conversations_list_idx').on(t.state, t.lastAt.desc(), t.id.desc()),
  check('chat_unread_not_negative', sql`user_unread >= 0 and staff_unread >= 0`),
]);

export const chatMessages = pgTable('chat_messages', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  conversationId: integer('conversation_id').notNull().references(() => chatConversations.id, { onDelete: 'cascade' }),
  senderId: text('sender_id').references(() => users.id, { onDelete: 'set null' }),
  fromStaff: boolean('from_staff').notNull(),
  content: text('content').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('chat_messages_conversation_idx').on(t.conversationId, t.id)]);
