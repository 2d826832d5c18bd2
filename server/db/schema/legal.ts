// Published versions of the user agreement and the privacy policy, per language. Registration
// records which versions the new user accepted.
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const legalDocuments = pgTable('legal_documents', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  kind: text('kind', { enum: ['protocol', 'policy'] }).notNull(),
  version: text('version').notNull(),
  lang: text('lang').notNull(),
  title: text('title').notNull(),
  /** HTML built from trusted text (paragraphs only); the browser sanitises it again. */
  content: text('content').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
}, (t) => [uniqueIndex('legal_documents_version_uq').on(t.kind, t.version, t.lang), index('legal_documents_latest_idx').on(t.kind, t.lang, t.publishedAt)]);
