// API clients (API information): third parties that sign their calls with a secret of their own.
// The secret is kept encrypted (AES-256-GCM under the server's key) because verifying an HMAC
// needs it; it is shown once, when issued.
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { offices, users } from './identity.ts';

export const apiClients = pgTable('api_clients', {
  clientId: text('client_id').primaryKey(),
  name: text('name').notNull(),
  officeId: text('office_id').notNull().references(() => offices.id),
  secretEncrypted: text('secret_encrypted').notNull(),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
}, (t) => [index('api_clients_office_idx').on(t.officeId)]);
