// Feedback users send from the floating panel (000 sections 3 and 5) and support's answers. The
// sender's office is kept with the feedback, so that it stays with the organisation it was sent in
// even if the account moves; the answer is also delivered as a private message (messageId).
import { index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { offices, users } from './identity.ts';
import { messages } from './messages.ts';

/** Reference data (server/db/seed/feedback.ts), names in both languages of the portal. */
export const feedbackTypes = pgTable('feedback_types', {
  id: integer('id').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameZh: text('name_zh').notNull(),
  sort: smallint('sort').notNull(),
});

export const feedback = pgTable('feedback', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  officeId: text('office_id').notNull().references(() => offices.id),
  userName: text('user_name').notNull(),
  emailOrMobile: text('email_or_mobile').notNull(),
  advice: text('advice').notNull(),
  answer: text('answer'),
  answeredBy: text('answered_by').references(() => users.id, { onDelete: 'set null' }),
  answeredAt: timestamp('answered_at', { withTimezone: true }),
  messageId: integer('message_id').references(() => messages.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('feedback_created_idx').on(t.createdAt.desc(), t.id.desc()),
  index('feedback_office_idx').on(t.officeId),
]);

export const feedbackTypeLinks = pgTable('feedback_type_links', {
  feedbackId: integer('feedback_id').notNull().references(() => feedback.id, { onDelete: 'cascade' }),
  typeId: integer('type_id').notNull().references(() => feedbackTypes.id),
}, (t) => [primaryKey({ columns: [t.feedbackId, t.typeId] }), index('feedback_type_links_type_idx').on(t.typeId)]);
