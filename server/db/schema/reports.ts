// Report download records (getReportDownloadList): the parameters of every report file a user was
// answered, so that the report pages can list and repeat them. The files themselves are not
// kept: repeating a download recomputes the figures from the rollups, which are kept forever.
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

export const reportDownloads = pgTable('report_downloads', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** The plant of a one-plant report (no foreign key: the record outlives a deleted plant); null for the statistics by plant. */
  plantUid: text('plant_uid'),
  plantName: text('plant_name'),
  reportType: text('report_type').notNull(),
  period: text('period').notNull(),
  endDate: text('end_date'),
  format: text('format').notNull(),
  fileName: text('file_name').notNull(),
  rowCount: integer('row_count').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  // The user's list, newest first; NULLS FIRST to match a plain DESC (as plants_created_idx).
  index('report_downloads_user_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
]);
