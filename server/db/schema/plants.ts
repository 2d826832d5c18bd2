// Plants (stations). Only what the session layer needs so far: who owns a plant and which
// office it belongs to; the plant area adds its details in later migrations.
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { offices, users } from './identity.ts';

export const plants = pgTable('plants', {
  plantUid: text('plant_uid').primaryKey(),
  plantName: text('plant_name').notNull(),
  officeId: text('office_id').notNull().references(() => offices.id),
  ownerUserId: text('owner_user_id').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('plants_office_idx').on(t.officeId), index('plants_owner_idx').on(t.ownerUserId)]);
