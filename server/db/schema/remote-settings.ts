// Remote device settings (issue 23): what each device last confirmed or reported, and the log of
// every change asked for from the portal with the device's answer. A change the device did not
// answer leaves both untouched (server/handlers/remote-settings.ts).
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

/**
 * One row per device that has answered a command: its grid-protection settings as a SafetyData
 * object (without deviceSn, settingStatus and updateTime), its clock sync and its reporting
 * switch. Keyed by serial, not by the device's row, so that the settings outlive an unbinding.
 */
export const deviceRemoteSettings = pgTable('device_remote_settings', {
  deviceSn: text('device_sn').primaryKey(),
  safety: jsonb('safety').$type<Record<string, string | number>>(),
  /** 0 no change asked here, 2 the last change was confirmed, 3 it was refused. */
  settingStatus: smallint('setting_status').notNull().default(0),
  autoTimeSync: smallint('auto_time_sync'),
  reportEnable: smallint('report_enable'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const remoteSettingLogs = pgTable('remote_setting_logs', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  deviceSn: text('device_sn').notNull(),
  setting: text('setting').notNull(),
  oldValue: text('old_value'),
  newValue: text('new_value'),
  /** 2 confirmed by the device, 3 refused. */
  result: smallint('result').notNull(),
  reason: text('reason'),
  operatorId: text('operator_id').references(() => users.id, { onDelete: 'set null' }),
  /** The operator's login name, kept when the account is gone. */
  operatorName: text('operator_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  // The device's log, newest first.
  index('remote_setting_logs_sn_idx').on(sql`lower(${t.deviceSn})`, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
]);
