// Telemetry (PROTOCOL.md "Telemetry record"): raw samples in a wide table of typed columns,
// partitioned by month of `ts` (the migration declares the partitioning, which Drizzle cannot; the
// partitions themselves are made by server/telemetry/partitions.ts as data arrives), the latest
// sample per device, and energy rollups per device and per plant for every grain. Dashboards read
// the rollups and the latest state, never the raw history.
import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, primaryKey, real, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** The measured columns, shared by the raw table and the latest state. */
const measured = {
  pvPower: real('pv_power'),
  acPower: real('ac_power'),
  gridPower: real('grid_power'),
  loadPower: real('load_power'),
  batteryPower: real('battery_power'),
  batterySoc: real('battery_soc'),
  // Lifetime counters in kWh: double precision, since a real loses the watt-hours of a large counter.
  pvEnergyTotal: doublePrecision('pv_energy_total'),
  gridImportTotal: doublePrecision('grid_import_total'),
  gridExportTotal: doublePrecision('grid_export_total'),
  loadEnergyTotal: doublePrecision('load_energy_total'),
  batteryChargeTotal: doublePrecision('battery_charge_total'),
  batteryDischargeTotal: doublePrecision('battery_discharge_total'),
  temperature: real('temperature'),
  faultCode: integer('fault_code'),
  /** Grid voltage (V) and frequency (Hz) at the device's grid connection: the alarm rules' range checks. */
  gridVoltage: real('grid_voltage'),
  gridFrequency: real('grid_frequency'),
};

export const deviceData = pgTable('device_data', {
  deviceId: integer('device_id').notNull(),
  ts: timestamp('ts', { withTimezone: true }).notNull(),
  ...measured,
}, (t) => [primaryKey({ name: 'device_data_pk', columns: [t.deviceId, t.ts] })]);

export const deviceLatest = pgTable('device_latest', {
  deviceId: integer('device_id').primaryKey(),
  plantUid: text('plant_uid'),
  ts: timestamp('ts', { withTimezone: true }).notNull(),
  ...measured,
}, (t) => [index('device_latest_plant_idx').on(t.plantUid)]);

/** Rollup grains. Buckets are the plant's local time (a day is the plant's day). */
export const Grain = { hour: 1, day: 2, month: 3, year: 4 } as const;
export type Grain = (typeof Grain)[keyof typeof Grain];

/**
 * A grain written into a statement's text rather than bound: the rollup tables are partitioned by
 * grain (migration 0020), and a constant lets the planner keep the one partition when it plans,
 * where a parameter leaves every partition in the plan to be pruned at each run.
 */
export const grainSql = (grain: Grain) => sql.raw(String(Number(grain)));

/** Energy in kWh over the bucket, from counter differences (server/telemetry/rollups.ts). */
const energy = {
  pvEnergy: doublePrecision('pv_energy').notNull().default(0),
  gridImportEnergy: doublePrecision('grid_import_energy').notNull().default(0),
  gridExportEnergy: doublePrecision('grid_export_energy').notNull().default(0),
  loadEnergy: doublePrecision('load_energy').notNull().default(0),
  batteryChargeEnergy: doublePrecision('battery_charge_energy').notNull().default(0),
  batteryDischargeEnergy: doublePrecision('battery_discharge_energy').notNull().default(0),
  /** Highest PV power sampled in the bucket, W. */
  pvPeak: real('pv_peak'),
  samples: integer('samples').notNull().default(0),
};

export const deviceEnergy = pgTable('device_energy', {
  deviceId: integer('device_id').notNull(),
  grain: smallint('grain').notNull(),
  bucket: timestamp('bucket', { withTimezone: false }).notNull(),
  /** The plant the device was bound to when the bucket was computed. */
  plantUid: text('plant_uid'),
  ...energy,
}, (t) => [
  primaryKey({ name: 'device_energy_pk', columns: [t.deviceId, t.grain, t.bucket] }),
  // The plant rollups sum their devices' hours by plant (rollups.ts), on every ingest batch.
  index('device_energy_plant_idx').on(t.plantUid, t.grain, t.bucket),
]);

export const plantEnergy = pgTable('plant_energy', {
  plantUid: text('plant_uid').notNull(),
  grain: smallint('grain').notNull(),
  bucket: timestamp('bucket', { withTimezone: false }).notNull(),
  ...energy,
}, (t) => [primaryKey({ name: 'plant_energy_pk', columns: [t.plantUid, t.grain, t.bucket] })]);
