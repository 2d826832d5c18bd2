// What the telemetry benchmarks share: the server's database opened before the server starts
// (migrated and seeded as the server would), and a fleet of plants with bound devices made with SQL.
import { sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { readTemplate } from '../../server/db/pglite-template.ts';
import { seed } from '../../server/db/seed/seed.ts';
import type { Target } from './server.ts';

export const DEMO_PASSWORD = 'Demo@2026';
/** The Sunrise installers' office: the admin (office 1) and the installer see its plants. */
export const FLEET_OFFICE = '11';
/** Zones of the fleet's plants, in turn: the rollups are in each plant's local time. */
export const ZONES = ['Europe/Berlin', 'Asia/Shanghai', 'Australia/Sydney', 'America/Denver'];
/** Per plant: a hybrid inverter (PV and battery), a second PV inverter, a meter (grid and load). */
export const DEVICE_KINDS = [
  { suffix: 'H', snType: 1 },
  { suffix: 'P', snType: 1 },
  { suffix: 'M', snType: 2 },
] as const;

/** The database of `target`, migrated and seeded with the demo as the server would (PGlite: from the build's template). */
export async function openTarget(target: Target): Promise<Database> {
  const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir, loadDataDir: target.databaseUrl ? undefined : readTemplate() });
  await seed(database.db, { demo: true, demoPassword: DEMO_PASSWORD });
  return database;
}

/** PGlite's own client behind Drizzle (for COPY FROM '/dev/blob'). */
export const pgliteOf = (database: Database) => (database.db as unknown as { $client: PGlite }).$client;

export async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

export interface FleetDevice { id: number; sn: string; kind: (typeof DEVICE_KINDS)[number]['suffix'] }
export interface FleetPlant { plantUid: string; timeZone: string; devices: FleetDevice[] }

/** `count` plants named `<prefix>-00001`..., each with the three devices of DEVICE_KINDS bound to it. */
export async function addFleet(database: Database, prefix: string, count: number): Promise<FleetPlant[]> {
  const zones = `array[${ZONES.map((z) => `'${z}'`).join(', ')}]`;
  await database.db.execute(sql.raw(`
    insert into plants (plant_uid, plant_name, office_id, type, country_code, time_zone, system_power, grid_price, currency_name, latitude, longitude)
    select '${prefix}-' || lpad(g::text, 5, '0'), 'Fleet plant ' || g, '${FLEET_OFFICE}', 1, 'DE', (${zones})[1 + g % ${ZONES.length}],
      6 + g % 10, 0.3, 'EUR', 48 + (g % 50) / 10.0, 11 + (g % 70) / 10.0
    from generate_series(1, ${count}) g`));
  await database.db.execute(sql.raw(`
    insert into devices (sn, sn_type, plant_uid, office_id, status)
    select upper('${prefix}') || lpad(g::text, 5, '0') || k.suffix, k.sn_type, '${prefix}-' || lpad(g::text, 5, '0'), '12', 1
    from generate_series(1, ${count}) g
    cross join (values ${DEVICE_KINDS.map((k, i) => `('${k.suffix}', ${k.snType}, ${i})`).join(', ')}) k(suffix, sn_type, n)
    order by g, k.n`));
  const found = await rows<{ id: number; sn: string; plant_uid: string; time_zone: string }>(database, sql`
    select d.id, d.sn, d.plant_uid, p.time_zone from devices d join plants p on p.plant_uid = d.plant_uid
    where p.plant_uid like ${`${prefix}-%`} order by d.plant_uid, d.id`);
  const plants = new Map<string, FleetPlant>();
  for (const r of found) {
    let plant = plants.get(r.plant_uid);
    if (!plant) plants.set(r.plant_uid, plant = { plantUid: r.plant_uid, timeZone: r.time_zone, devices: [] });
    plant.devices.push({ id: r.id, sn: r.sn, kind: r.sn.slice(-1) as FleetDevice['kind'] });
  }
  return [...plants.values()];
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The p-quantile of some samples (nearest rank). */
export function quantile(samples: number[], p: number): number {
  if (!samples.length) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}
