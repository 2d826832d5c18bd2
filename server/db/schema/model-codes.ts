// Device model codes and the serial prefixes that identify them when a device is scanned.
import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const modelCodes = pgTable('model_codes', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  modelCode: text('model_code').notNull(),
  modelName: text('model_name').notNull(),
  deviceType: smallint('device_type').notNull(),
  ratedPower: numeric('rated_power', { mode: 'number' }),
  manufacturer: text('manufacturer'),
  remark: text('remark'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('model_codes_code_uq').on(sql`lower(${t.modelCode})`), index('model_codes_type_idx').on(t.deviceType)]);

export const modelCodeSerials = pgTable('model_code_serials', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  modelCodeId: integer('model_code_id').notNull().references(() => modelCodes.id, { onDelete: 'cascade' }),
  serialPrefix: text('serial_prefix').notNull(),
  remark: text('remark'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('model_code_serials_prefix_uq').on(sql`upper(${t.serialPrefix})`), index('model_code_serials_model_idx').on(t.modelCodeId)]);
