// A plant's data views (getPlantDataViews, editPlantDataViews): its devices arranged in named
// sub-groups (roof faces, buildings...). The sub-groups are the plant's, shared by everyone who
// sees it, as the contract describes them; a device sits in at most one sub-group of a plant,
// which the members' primary key holds even against two edits at once.
import { index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { devices } from './devices.ts';
import { users } from './identity.ts';
import { plants } from './plants.ts';

export const dataViewGroups = pgTable('data_view_groups', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  plantUid: text('plant_uid').notNull().references(() => plants.plantUid, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  sort: smallint('sort').notNull().default(0),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('data_view_groups_name_uq').on(t.plantUid, t.name),
  index('data_view_groups_plant_idx').on(t.plantUid, t.sort, t.id),
]);

export const dataViewDevices = pgTable('data_view_devices', {
  plantUid: text('plant_uid').notNull().references(() => plants.plantUid, { onDelete: 'cascade' }),
  deviceSn: text('device_sn').notNull().references(() => devices.sn, { onDelete: 'cascade', onUpdate: 'cascade' }),
  groupId: integer('group_id').notNull().references(() => dataViewGroups.id, { onDelete: 'cascade' }),
}, (t) => [
  primaryKey({ name: 'data_view_devices_pk', columns: [t.plantUid, t.deviceSn] }),
  index('data_view_devices_group_idx').on(t.groupId),
]);
