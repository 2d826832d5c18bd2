// Device model codes; the serial prefixes that identify them when a device is scanned are a stored resource.
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
}, (t) => [
  uniqueIndex('model_codes_code_uq').on(sql`lower(${t.modelCode})`),
  index('model_codes_type_idx').on(t.deviceType),
  // The list's order (pageModelCodes): a page reads the index instead of sorting the table.
  index('model_codes_updated_idx').on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  // The list's text filter is a substring match (ILIKE '%…%'): trigram indexes serve it.
  index('model_codes_code_trgm').using('gin', sql`${t.modelCode} gin_trgm_ops`),
  index('model_codes_name_trgm').using('gin', sql`${t.modelName} gin_trgm_ops`),
]);

// The serial prefixes' table is generated from schemas/entities/model-code-serial.schema.json (x-storage).
export { modelCodeSerialTable as modelCodeSerials } from './generated/model-code-serial.ts';
