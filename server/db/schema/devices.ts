// The device inventory: every device exists here before any plant (deviceImportSingle/Batch), and
// is bound to at most one plant (plant_uid). Deleting a plant returns its devices to the inventory;
// device_bindings keeps the history of which plant had which device.
import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, smallint, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { offices, users } from './identity.ts';
import { plants } from './plants.ts';

export const devices = pgTable('devices', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  sn: text('sn').notNull().unique('devices_sn_uq'),
  /** 1 inverter, 2 meter, 3 and 7 energy manager, 4 and 5 modules, 6 charger. */
  snType: smallint('sn_type').notNull(),
  modelCode: text('model_code'),
  ratedPower: numeric('rated_power', { mode: 'number' }),
  /** The device this one is a child module of. */
  parentSn: text('parent_sn').references((): AnyPgColumn => devices.sn, { onDelete: 'set null', onUpdate: 'cascade' }),
  /** The plant the device is bound to; null while it is free in the inventory. */
  plantUid: text('plant_uid').references(() => plants.plantUid, { onDelete: 'set null' }),
  alias: text('alias'),
  ifCmpDevice: smallint('if_cmp_device').notNull().default(0),
  isEmsAddC6: smallint('is_ems_add_c6').notNull().default(0),
  isInstallEms: smallint('is_install_ems').notNull().default(0),
  isEManager: smallint('is_e_manager').notNull().default(0),
  firmwareVersion: text('firmware_version'),
  /** 1 online, 2 faulty, 3 offline. */
  status: smallint('status').notNull().default(3),
  lastReportTime: timestamp('last_report_time', { withTimezone: true }),
  /**
   * The organisation the device was delivered to (first the importing office; transfers move it):
   * the inventory list is scoped by it, and only this office's tree can scan and bind the device.
   */
  officeId: text('office_id').notNull().references(() => offices.id),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('devices_plant_idx').on(t.plantUid),
  index('devices_parent_idx').on(t.parentSn),
  index('devices_office_idx').on(t.officeId),
  // The inventory list's default order (newest first). NULLS FIRST because that is what a plain
  // DESC means to PostgreSQL (drizzle's desc()): an index declared otherwise cannot serve the sort.
  index('devices_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  index('devices_sn_prefix_idx').on(sql`${t.sn} text_pattern_ops`),
  // Serials are matched without regard to case (ingest batches, MQTT publishes, imports): without
  // this index each such lookup read the whole inventory.
  index('devices_sn_lower_idx').on(sql`lower(${t.sn})`),
  // The inventory list's sorts (ties broken by id).
  index('devices_model_code_sort_idx').on(t.modelCode, t.id),
  index('devices_rated_power_sort_idx').on(t.ratedPower, t.id),
  index('devices_sn_type_sort_idx').on(t.snType, t.id),
]);

/** Which plant had which device, kept when a plant is deleted or a device unbound. */
export const deviceBindings = pgTable('device_bindings', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  deviceSn: text('device_sn').notNull(),
  plantUid: text('plant_uid').notNull(),
  plantName: text('plant_name').notNull(),
  boundAt: timestamp('bound_at', { withTimezone: true }).notNull().defaultNow(),
  unboundAt: timestamp('unbound_at', { withTimezone: true }),
}, (t) => [index('device_bindings_sn_idx').on(t.deviceSn), index('device_bindings_plant_idx').on(t.plantUid)]);

/** Who moved which device from which organisation to which, and when (deviceInventoryTransfer). */
export const deviceTransfers = pgTable('device_transfers', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  deviceSn: text('device_sn').notNull(),
  fromOfficeId: text('from_office_id').notNull().references(() => offices.id),
  toOfficeId: text('to_office_id').notNull().references(() => offices.id),
  transferredBy: text('transferred_by').references(() => users.id, { onDelete: 'set null' }),
  /** The mover's login name, kept when the account is gone. */
  transferredByName: text('transferred_by_name').notNull(),
  remark: text('remark'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('device_transfers_sn_idx').on(sql`lower(${t.deviceSn})`),
  index('device_transfers_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
]);
