// Plant reports from the device rollups. Each device's energy of each breakdown bucket is rounded
// to the watt-hour first (in SQL, the same expression everywhere), and every figure is a sum of
// those integers: a report's items and its devices then add up to its totals exactly, and the
// statistics by plant (the list) equal the one-plant report's totals. Income is valued bucket by
// bucket (to the cent) and summed the same way. Buckets are the plant's local time already.
import { and, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { plants } from '../db/schema/index.ts';
import { grainSql } from '../db/schema/telemetry.ts';
import { CO2_KG_PER_KWH } from '../domain/plants/site-params.ts';
import { itemLabel, type ReportPeriod } from '../domain/reports/report-period.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { pageWindow, type PageRequest } from './paging.ts';
import { escapeLike, plantScope, resolveScope } from './scope.ts';
import { plantsPermitting } from './shares.ts';
import { ENERGY_FIELDS, kwh, withRates, type Energies } from './statistics-energy.ts';
import { rowsOf } from './statistics-scope.ts';

type Field = (typeof ENERGY_FIELDS)[number];
const column = (f: Field) => f.replace(/[A-Z]/g, (l) => `_${l.toLowerCase()}`);
/** Watt-hours of one device-bucket row, rounded half up as kwh() rounds. */
const wh = (f: Field) => `round((e.${column(f)} * 1000)::numeric)`;
const WH_SUMS = sql.raw(ENERGY_FIELDS.map((f) => `coalesce(sum(${wh(f)}), 0)::float8 as "${f}"`).join(', '));

/**
 * The rollup rows of the plants' period. The rollups are keyed by device, so the devices that may
 * hold the plants' energy (bound now, or once: device_bindings) are named first, which lets the
 * primary key find the rows instead of a scan of every device's buckets.
 */
const rowsOfPlants = (uids: SQL, p: ReportPeriod) => sql`e.device_id in (select id from devices where plant_uid in ${uids}
    union select d.id from device_bindings b join devices d on d.sn = b.device_sn where b.plant_uid in ${uids})
  and e.plant_uid in ${uids} and e.grain = ${grainSql(p.itemGrain)} and e.bucket >= ${p.start}::timestamp and e.bucket < ${p.end}::timestamp`;
const toKwh = (row: Energies) => Object.fromEntries(ENERGY_FIELDS.map((f) => [f, row[f] / 1000])) as Energies;

interface PlantRow { plantUid: string; plantName: string; systemPower: number | null; currencyName: string | null }

/** A report's figures from its totals in Wh, its income in cents and its PV peak in W. */
function figures(p: ReportPeriod, plant: PlantRow, totalWh: Energies, cents: number, peak: number | null, defaultCurrency: string) {
  const { selfConsumptionRate, selfSufficiencyRate, ...energies } = withRates(toKwh(totalWh));
  const capacity = plant.systemPower ?? 0;
  return {
    plantUid: plant.plantUid, plantName: plant.plantName, reportType: p.reportType, period: p.period, ...(p.endDate ? { endDate: p.endDate } : {}),
    ...(plant.systemPower !== null ? { systemPower: plant.systemPower } : {}),
    ...energies, selfConsumptionRate, selfSufficiencyRate,
    ...(capacity > 0 ? { equivalentHours: Math.round((100 * energies.pvEnergy) / capacity) / 100 } : {}),
    ...(peak !== null ? { peakPower: kwh(peak / 1000) } : {}),
    income: cents / 100, currencyName: plant.currencyName ?? defaultCurrency,
    co2Reduction: kwh(energies.pvEnergy * CO2_KG_PER_KWH),
  };
}

const SORT: Record<string, string> = {
  plantName: 'p.plant_name', pvEnergy: 'coalesce(s."pvEnergy", 0)', loadEnergy: 'coalesce(s."loadEnergy", 0)',
  equivalentHours: 'coalesce(s."pvEnergy", 0) / nullif(p.system_power, 0)', income: 'coalesce(s.income, 0)',
};

export interface ReportFilter extends PageRequest {
  searchOfficeIdArr?: string | undefined;
  plantUid?: string | undefined;
  plantName?: string | undefined;
  sortField?: string | undefined;
  sortOrder?: string | undefined;
}

/** The statistics by plant: every plant the caller may see reports of, one page in the asked order. */
export async function plantReports(db: Db, user: AuthContext, p: ReportPeriod, filter: ReportFilter, defaultCurrency: string, window = pageWindow(filter)) {
  const scope = await resolveScope(db, user, filter.searchOfficeIdArr);
  const where: SQL = and(plantScope(scope), plantsPermitting(user, 'viewReports'),
    filter.plantUid ? eq(plants.plantUid, filter.plantUid) : undefined,
    filter.plantName ? ilike(plants.plantName, `%${escapeLike(filter.plantName)}%`) : undefined)!;
  const order = sql.raw(`${SORT[filter.sortField ?? 'pvEnergy'] ?? SORT.pvEnergy} ${filter.sortOrder === 'asc' ? 'asc' : 'desc'} nulls last, p.plant_uid`);
  const sums = sql.raw(ENERGY_FIELDS.map((f) => `sum(${wh(f)}) as "${f}"`).join(', '));
  const totals = sql.raw(ENERGY_FIELDS.map((f) => `sum(b."${f}") as "${f}"`).join(', '));
  const [rows, [count]] = await Promise.all([
    rowsOf<PlantRow & Energies & { income: number; peak: number | null }>(db, sql`
      with p as (select plant_uid, plant_name, system_power::float8 as system_power, grid_price, currency_name from plants where ${where}),
      b as (select e.plant_uid, e.bucket, ${sums}, max(e.pv_peak) as peak
        from device_energy e where ${rowsOfPlants(sql`(select plant_uid from p)`, p)} group by 1, 2),
      s as (select b.plant_uid, ${totals}, max(b.peak) as peak, sum(round(b."pvEnergy" * coalesce(p.grid_price, 0) / 1000, 2)) as income
        from b join p using (plant_uid) group by 1)
      select p.plant_uid as "plantUid", p.plant_name as "plantName", p.system_power as "systemPower", p.currency_name as "currencyName",
        ${sql.raw(ENERGY_FIELDS.map((f) => `coalesce(s."${f}", 0)::float8 as "${f}"`).join(', '))},
        coalesce(s.income, 0)::float8 as income, s.peak::float8 as peak
      from p left join s using (plant_uid) order by ${order} limit ${window.pageSize} offset ${window.offset}`),
    db.select({ n: sql<number>`count(*)::int` }).from(plants).where(where),
  ]);
  return {
    list: rows.map((r) => figures(p, r, r, Math.round(r.income * 100), r.peak, defaultCurrency)),
    total: count?.n ?? 0, pageNo: window.pageNo, pageSize: window.pageSize,
  };
}

type Plant = typeof plants.$inferSelect;

/** One plant's report with its breakdown and its devices. */
export async function plantReport(db: Db, plant: Plant, p: ReportPeriod, defaultCurrency: string) {
  const price = plant.gridPrice ?? 0;
  const rows = rowsOfPlants(sql`(${plant.plantUid})`, p);
  const [buckets, devices] = await Promise.all([
    rowsOf<Energies & { bucket: string; income: number; peak: number | null }>(db, sql`
      select to_char(e.bucket, 'YYYY-MM-DD"T"HH24:MI') as bucket, ${WH_SUMS}, max(e.pv_peak)::float8 as peak,
        round(sum(${sql.raw(wh('pvEnergy'))}) * ${price}::numeric / 1000, 2)::float8 as income
      from device_energy e where ${rows} group by e.bucket`),
    // The plant's devices, and any device that produced energy for it in the period and has moved since.
    rowsOf<Energies & { deviceSn: string; deviceType: 1 | 2 | 3 | 4 | 5 | 6 | 7; alias: string | null }>(db, sql`
      select d.sn as "deviceSn", d.sn_type as "deviceType", d.alias, ${WH_SUMS}
      from devices d left join device_energy e on e.device_id = d.id and ${rows}
      where d.plant_uid = ${plant.plantUid} or d.id in (select e.device_id from device_energy e where ${rows})
      group by d.id order by d.sn`),
  ]);
  const byLabel = new Map(buckets.map((b) => [itemLabel(p, b.bucket), b]));
  const total = Object.fromEntries(ENERGY_FIELDS.map((f) => [f, buckets.reduce((s, b) => s + b[f], 0)])) as Energies;
  const cents = buckets.reduce((s, b) => s + Math.round(b.income * 100), 0);
  const peaks = buckets.map((b) => b.peak).filter((v): v is number => v !== null);
  const zero = Object.fromEntries(ENERGY_FIELDS.map((f) => [f, 0])) as Energies;
  const plantRow = { plantUid: plant.plantUid, plantName: plant.plantName, systemPower: plant.systemPower, currencyName: plant.currencyName };
  return {
    ...figures(p, plantRow, total, cents, peaks.length ? Math.max(...peaks) : null, defaultCurrency),
    items: p.labels.map((time) => {
      const b = byLabel.get(time);
      return { time, ...toKwh(b ?? zero), income: b ? b.income : 0 };
    }),
    devices: devices.map(({ deviceSn, deviceType, alias, ...energies }) => ({ deviceSn, deviceType, alias, ...toKwh(energies) })),
  };
}
