// Device alarms (issue 23, openapi/paths/alarms.yaml): one row per alarm, open while its condition
// lasts (state 1), ended when the device reports it cleared (2) or a user closes it (3); every change
// is an event. Raised by the rules of server/alarms/ inside the ingest transaction and by the
// scheduled ones. The catalogue names a device type's fault codes and the portal's own rules; the
// thresholds of a plant override the defaults of server/alarms/rules.ts.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, real, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { plants } from './plants.ts';

/** A text in each language of server/i18n: `{ en: '...', 'zh-CN': '...' }`. */
export type Texts = Record<string, string>;

export const alarms = pgTable('alarms', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** The device's id; its serial and type are kept as they were, for a device later removed. */
  deviceId: integer('device_id').notNull(),
  deviceSn: text('device_sn').notNull(),
  deviceType: smallint('device_type').notNull(),
  plantUid: text('plant_uid').notNull().references(() => plants.plantUid, { onDelete: 'cascade' }),
  /** The device's fault code, or a portal rule's code (server/alarms/rules.ts). */
  alarmCode: integer('alarm_code').notNull(),
  /** The English name when raised: the export's and the filter's fallback for codes missing from the catalogue. */
  alarmName: text('alarm_name').notNull(),
  /** 0 minor, 1 major, 2 critical. */
  level: smallint('level').notNull(),
  /** 1 untreated, 2 recovered, 3 closed. */
  state: smallint('state').notNull().default(1),
  startTime: timestamp('start_time', { withTimezone: true }).notNull(),
  updateTime: timestamp('update_time', { withTimezone: true }).notNull(),
  endTime: timestamp('end_time', { withTimezone: true }),
  occurrenceNum: integer('occurrence_num').notNull().default(1),
  closeUserId: text('close_user_id').references(() => users.id, { onDelete: 'set null' }),
  closeUserName: text('close_user_name'),
  closeRemark: text('close_remark'),
}, (t) => [
  // One open alarm per device and alarm: the rules' upsert lands on it, whoever writes at once.
  uniqueIndex('alarms_open_uq').on(t.deviceId, t.alarmCode).where(sql`${t.state} = 1`),
  // The list's orders (start or update time, either way) and a plant's alarms in them. The start
  // time's, the alarm centre's order, also carry the plant, level and state: a page's offset is
  // walked over the index alone (an index-only scan), its level, state and scope checked there.
  index('alarms_start_idx').on(t.startTime.desc().nullsFirst(), t.id.desc().nullsFirst(), t.plantUid, t.level, t.state),
  index('alarms_update_idx').on(t.updateTime.desc().nullsFirst(), t.id.desc().nullsFirst()),
  index('alarms_plant_start_idx').on(t.plantUid, t.startTime.desc().nullsFirst(), t.id.desc().nullsFirst(), t.level, t.state),
  // Counts by state and level (the badge, the level tabs, plants.untreated_alarm_num).
  index('alarms_plant_state_idx').on(t.plantUid, t.state, t.level),
  index('alarms_device_sn_trgm').using('gin', sql`${t.deviceSn} gin_trgm_ops`),
]);

export const alarmEvents = pgTable('alarm_events', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  alarmId: integer('alarm_id').notNull().references(() => alarms.id, { onDelete: 'cascade' }),
  /** 1 raised, 2 reported again, 3 recovered, 4 closed by a user. */
  eventType: smallint('event_type').notNull(),
  eventTime: timestamp('event_time', { withTimezone: true }).notNull(),
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  /** Who closed it, kept when the account is gone. */
  userName: text('user_name'),
  remark: text('remark'),
}, (t) => [
  index('alarm_events_alarm_idx').on(t.alarmId, t.eventTime.desc().nullsFirst(), t.id.desc().nullsFirst()),
  index('alarm_events_time_idx').on(t.eventTime.desc().nullsFirst(), t.id.desc().nullsFirst()),
]);

/**
 * What an alarm code means on a device type: the device's fault codes (a code missing here raises
 * "Device fault <code>") and the portal's rules, with their level, name, description and suggestion.
 */
export const alarmCodes = pgTable('alarm_codes', {
  deviceType: smallint('device_type').notNull(),
  alarmCode: integer('alarm_code').notNull(),
  level: smallint('level').notNull(),
  name: jsonb('name').$type<Texts>().notNull(),
  description: jsonb('description').$type<Texts>().notNull(),
  suggestion: jsonb('suggestion').$type<Texts>().notNull(),
}, (t) => [primaryKey({ name: 'alarm_codes_pk', columns: [t.deviceType, t.alarmCode] })]);

/** A plant's own limits; a null column keeps the default of server/alarms/rules.ts. */
export const plantAlarmThresholds = pgTable('plant_alarm_thresholds', {
  plantUid: text('plant_uid').primaryKey().references(() => plants.plantUid, { onDelete: 'cascade' }),
  maxTemperature: real('max_temperature'),
  minBatterySoc: real('min_battery_soc'),
  minGridVoltage: real('min_grid_voltage'),
  maxGridVoltage: real('max_grid_voltage'),
  minGridFrequency: real('min_grid_frequency'),
  maxGridFrequency: real('max_grid_frequency'),
  offlineMinutes: integer('offline_minutes'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
