// Files stored by uploadFile (their bytes under the data directory, server/handlers/files.ts):
// who uploaded each and from which office, so that ossDownload answers a file only to its
// uploader and to the staff whose organisations hold that office.
import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { offices, users } from './identity.ts';

export const storedFiles = pgTable('stored_files', {
  /** The random id uploadFile answered, also the stored file's name without its extension. */
  id: text('id').primaryKey(),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  officeId: text('office_id').notNull().references(() => offices.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('stored_files_office_idx').on(t.officeId), index('stored_files_uploader_idx').on(t.uploadedBy)]);
