// Plants (stations) with every field of the plant form (001 section 5), the per-user marks of the
// plant lists (favourites, pins), the shares that let other users see a plant, and the AU
// utility-server upgrade tasks. Devices and the inventory live in devices.ts.
import { sql } from 'drizzle-orm';
import {
  check, doublePrecision, index, integer, numeric, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';
import { offices, users } from './identity.ts';

// The form's required fields are nullable here only because plants made before this area (and
// the session tests' bare plants) lack them; addPlant and editPlant always set them.
export const plants = pgTable('plants', {
  plantUid: text('plant_uid').primaryKey(),
  plantName: text('plant_name').notNull(),
  officeId: text('office_id').notNull().references(() => offices.id),
  ownerUserId: text('owner_user_id').references(() => users.id),
  /** The installer whose invite code the plant was added with (pointInviteCode), or the adding staff member. */
  installerUserId: text('installer_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  /** 0 residential PV, 1 PV with storage, 3 commercial storage (type 2 is stored as 3). */
  type: smallint('type').notNull().default(0),
  countryCode: text('country_code'),
  timeZone: text('time_zone'),
  address: text('address'),
  longitude: doublePrecision('longitude'),
  latitude: doublePrecision('latitude'),
  provinceCode: text('province_code'),
  cityCode: text('city_code'),
  countyCode: text('county_code'),
  province: text('province'),
  city: text('city'),
  county: text('county'),
  systemPower: numeric('system_power', { mode: 'number' }),
  gridPrice: numeric('grid_price', { mode: 'number' }),
  currencyName: text('currency_name'),
  /** '1' or '0', as the spec stores them. */
  isInstallMeter: text('is_install_meter').notNull().default('0'),
  isParallel: text('is_parallel').notNull().default('0'),
  moduleNum: integer('module_num'),
  pvPanelAngle: doublePrecision('pv_panel_angle'),
  pvPanelAzimuth: doublePrecision('pv_panel_azimuth'),
  zipCode: text('zip_code'),
  streetType: text('street_type'),
  street: text('street'),
  meterId: text('meter_id'),
  gridNetType: smallint('grid_net_type'),
  payMode: smallint('pay_mode'),
  useType: smallint('use_type'),
  ifInstallPv: smallint('if_install_pv'),
  auAreaCode: text('au_area_code'),
  auAreaCodeName: text('au_area_code_name'),
  /** Set once the AU utility connection succeeded (checkAntiPlantUpgradeInfo errorType 0). */
  auAreaLocked: smallint('au_area_locked').notNull().default(0),
  lfdi: text('lfdi'),
  projectPic: text('project_pic'),
  plantLogo: text('plant_logo'),
  moduleSn: text('module_sn'),
  pointInviteCode: text('point_invite_code'),
  /** Readings kept current by telemetry (later work); the lists sort and filter on them. */
  status: smallint('status').notNull().default(0),
  currentPower: doublePrecision('current_power').notNull().default(0),
  todayEnergy: doublePrecision('today_energy').notNull().default(0),
  totalEnergy: doublePrecision('total_energy').notNull().default(0),
  untreatedAlarmNum: integer('untreated_alarm_num').notNull().default(0),
  lastDataTime: timestamp('last_data_time', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  // Every day boundary of the plant's statistics converts with its zone (migration 0021).
  check('plants_time_zone_known', sql`${t.timeZone} is null or is_time_zone(${t.timeZone})`),
  index('plants_office_idx').on(t.officeId),
  index('plants_owner_idx').on(t.ownerUserId),
  index('plants_installer_idx').on(t.installerUserId),
  // The plant list's default order (newest first). NULLS FIRST because that is what a plain DESC
  // means to PostgreSQL (drizzle's desc()): an index declared otherwise cannot serve the sort.
  index('plants_created_idx').on(t.createdAt.desc().nullsFirst(), t.plantUid.desc().nullsFirst()),
  index('plants_name_trgm').using('gin', sql`${t.plantName} gin_trgm_ops`),
]);

/** A user's favourite plants (isFavorite). */
export const plantFavorites = pgTable('plant_favorites', {
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  plantUid: text('plant_uid').notNull().references(() => plants.plantUid, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.userId, t.plantUid] }), index('plant_favorites_plant_idx').on(t.plantUid)]);

/** A user's pinned plants (plantTopRecord), listed first in pinning order. */
export const plantTopRecords = pgTable('plant_top_records', {
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  plantUid: text('plant_uid').notNull().references(() => plants.plantUid, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.userId, t.plantUid] }), index('plant_top_records_plant_idx').on(t.plantUid)]);

/** A plant shared with a visitor, with the permission codes the share grants (share-permissions.ts). */
export const plantShares = pgTable('plant_shares', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  plantUid: text('plant_uid').notNull().references(() => plants.plantUid, { onDelete: 'cascade' }),
  visitorUserId: text('visitor_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
  remark: text('remark'),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('plant_shares_plant_visitor_uq').on(t.plantUid, t.visitorUserId),
  // The visitor's shared list (newest first) and the scope's `exists` on the visitor.
  // NULLS FIRST to match the list's plain DESC, as plants_created_idx.
  index('plant_shares_visitor_idx').on(t.visitorUserId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
]);

/** One device's upgrade for the AU utility connection (startAutoUpgrade / retryAutoUpgrade). */
export const plantUpgradeTasks = pgTable('plant_upgrade_tasks', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  plantUid: text('plant_uid').notNull().references(() => plants.plantUid, { onDelete: 'cascade' }),
  deviceSn: text('device_sn').notNull(),
  /** waiting, upgrading, success or failed. */
  status: text('status').notNull().default('waiting'),
  progress: smallint('progress').notNull().default(0),
  attempts: integer('attempts').notNull().default(1),
  errorMsg: text('error_msg'),
  /** The firmware the upgrade installs: the AU firmware control's target when the task started. */
  targetFirmware: text('target_firmware'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('plant_upgrade_tasks_device_uq').on(t.plantUid, t.deviceSn),
  index('plant_upgrade_tasks_active_idx').on(t.status).where(sql`${t.status} in ('waiting', 'upgrading')`),
]);

/**
 * Per-country defaults and caps of the plant wizard (editPlantConfig): the currency and grid price
 * a new plant starts with and the largest system power a plant of the country may have.
 */
export const plantConfigs = pgTable('plant_configs', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** Upper case, one configuration per country. */
  countryCode: text('country_code').notNull(),
  currencyName: text('currency_name').notNull(),
  defaultGridPrice: numeric('default_grid_price', { mode: 'number' }).notNull(),
  maxSystemPower: numeric('max_system_power', { mode: 'number' }).notNull(),
  timeZone: text('time_zone'),
  remark: text('remark'),
  updateBy: text('update_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('plant_configs_country_uq').on(t.countryCode),
  check('plant_configs_time_zone_known', sql`${t.timeZone} is null or is_time_zone(${t.timeZone})`),
]);

/**
 * AU anti-backflow firmware control: devices of a model must run at least minFirmwareVersion to
 * connect to an AU utility server; an upgrade installs targetFirmwareVersion. One rule per server and model.
 */
export const auFwVersionControls = pgTable('au_fw_version_controls', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  auAreaCode: text('au_area_code').notNull(),
  modelCode: text('model_code').notNull(),
  minFirmwareVersion: text('min_firmware_version').notNull(),
  targetFirmwareVersion: text('target_firmware_version').notNull(),
  enable: smallint('enable').notNull().default(1),
  remark: text('remark'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('au_fw_version_controls_uq').on(t.auAreaCode, sql`lower(${t.modelCode})`)]);
