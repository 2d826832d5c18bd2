// Energy of a period from the plant rollups (never the raw history): the breakdown's buckets are
// summed over the plants for the same local label, the period's total is the sum of its breakdown
// (so that it adds up exactly), and the comparisons read the period's own rollup bucket.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { Grain, grainSql } from '../db/schema/telemetry.ts';
import { CO2_KG_PER_KWH } from '../domain/plants/site-params.ts';
import { comparedPeriods, labelOf, ownWindow, periodLength, plantBounds, rowsOf, yearLabels, type Period, type PlantSet } from './statistics-scope.ts';

export const ENERGY_FIELDS = ['pvEnergy', 'loadEnergy', 'gridImportEnergy', 'gridExportEnergy', 'batteryChargeEnergy', 'batteryDischargeEnergy'] as const;
export type Energies = Record<(typeof ENERGY_FIELDS)[number], number>;
const SUMS = sql.raw(`sum(e.pv_energy)::float8 as "pvEnergy", sum(e.load_energy)::float8 as "loadEnergy",
  sum(e.grid_import_energy)::float8 as "gridImportEnergy", sum(e.grid_export_energy)::float8 as "gridExportEnergy",
  sum(e.battery_charge_energy)::float8 as "batteryChargeEnergy", sum(e.battery_discharge_energy)::float8 as "batteryDischargeEnergy"`);
const UNIT: Record<Grain, string> = { [Grain.hour]: 'hour', [Grain.day]: 'day', [Grain.month]: 'month', [Grain.year]: 'year' };
/** The grain of a period's own bucket, one step coarser than its breakdown. */
const PARENT: Record<Grain, Grain> = { [Grain.hour]: Grain.day, [Grain.day]: Grain.month, [Grain.month]: Grain.year, [Grain.year]: Grain.year };

/** kWh rounded to the watt-hour, the precision of the counters. */
export const kwh = (v: number) => Math.round(v * 1000) / 1000;
const percent = (part: number, whole: number) => (whole > 0 ? Math.round(Math.min(100, Math.max(0, (100 * part) / whole)) * 100) / 100 : 0);
export const ZERO: Energies = { pvEnergy: 0, loadEnergy: 0, gridImportEnergy: 0, gridExportEnergy: 0, batteryChargeEnergy: 0, batteryDischargeEnergy: 0 };

/**
 * The statistics of some energies: rounded, with the rates the contract defines. Written out
 * field by field: a dashboard answer makes dozens, and objects built from entries and spreads had
 * cost a tenth of a plant's energy call (and serialise slower).
 */
export function withRates(e: Energies, time?: string) {
  const pvEnergy = kwh(e.pvEnergy);
  const loadEnergy = kwh(e.loadEnergy);
  const gridImportEnergy = kwh(e.gridImportEnergy);
  const gridExportEnergy = kwh(e.gridExportEnergy);
  const rates = {
    pvEnergy, loadEnergy, gridImportEnergy, gridExportEnergy,
    batteryChargeEnergy: kwh(e.batteryChargeEnergy), batteryDischargeEnergy: kwh(e.batteryDischargeEnergy),
    selfConsumptionRate: percent(pvEnergy - gridExportEnergy, pvEnergy),
    selfSufficiencyRate: percent(loadEnergy - gridImportEnergy, loadEnergy),
  };
  return time === undefined ? rates : { time, ...rates };
}

export function addUp(rows: Energies[]): Energies {
  const total = { ...ZERO };
  for (const row of rows) for (const f of ENERGY_FIELDS) total[f] += row[f];
  return total;
}

/** The rows' condition on a period's breakdown buckets (a total: every year bucket). */
export function range(period: Period) {
  if (!period.start) return sql`e.grain = ${grainSql(Grain.year)}`;
  const unit = sql.raw(`interval '1 ${UNIT[PARENT[period.itemGrain]]}'`);
  return sql`e.grain = ${grainSql(period.itemGrain)} and e.bucket >= ${period.start}::timestamp and e.bucket < ${period.start}::timestamp + ${unit}`;
}

/**
 * The plants' rollup rows of a period's breakdown as `e`, with `e.at`, the start of the bucket
 * they add to, and `e.tz`, their plant's zone. When each plant counts its own period, each reads
 * its own bounds through the primary key (one range per plant) and its buckets move onto the
 * period's labels.
 */
export function periodEnergy(set: PlantSet, period: Period) {
  if (!period.own) return sql`(select e.*, e.bucket as at from plant_energy e where e.plant_uid in ${set.uids} and ${range(period)}) e`;
  const window = ownWindow(period);
  return sql`(select e.*, e.bucket + b.shift as at, b.tz from (${plantBounds(set, period)}) b
    join plant_energy e on e.plant_uid = b.plant_uid and e.grain = ${grainSql(period.itemGrain)}
      and e.bucket >= b.start and e.bucket < b.start + ${periodLength(period)}
      and e.bucket >= ${window.from} and e.bucket < ${window.to}) e`;
}

/** The totals of whole periods, each plant its own one (its own rollup bucket), keyed by the period's start. */
function ownTotals(set: PlantSet, periods: Period[]) {
  const once = [...new Map(periods.map((p) => [`${p.start}@${p.own?.back}`, p])).values()];
  return sql.join(once.map((p) => {
    const window = ownWindow(p);
    return sql`
    union all
    select null, ${p.start}::text, ${SUMS}
    from (${plantBounds(set, p)}) b join plant_energy e on e.plant_uid = b.plant_uid and e.grain = ${grainSql(p.grain!)} and e.bucket = b.start
      and e.bucket >= ${window.from} and e.bucket < ${window.to}`;
  }), sql``);
}

/**
 * The breakdown's bucket sums over the plants, keyed by label, and, in the same statement (a
 * dashboard call makes one round trip), the totals of whole periods of the period's own grain
 * (its previous one, the same one last year) from their own rollup buckets, keyed
 * `grain@YYYY-MM-DD`. A year's previous period is also its same period last year: each bucket
 * once, or it counts twice.
 */
async function sumsAndTotals(db: Db, set: PlantSet, period: Period, periods: Period[]) {
  // The buckets are listed as constants of the statement: joined to a set of rows instead, the
  // planner read every bucket of the plant at that grain (all its days, for a day's comparison).
  const buckets = [...new Set(periods.map((p) => p.start!))];
  const totalsToo = period.own ? ownTotals(set, periods) : period.grain !== null && buckets.length ? sql`
    union all
    select null, to_char(e.bucket, 'YYYY-MM-DD'), ${SUMS}
    from plant_energy e
    where e.plant_uid in ${set.uids} and e.grain = ${grainSql(period.grain)} and e.bucket in (${sql.join(buckets.map((b) => sql`${b}::timestamp`), sql`, `)})
    group by e.bucket` : sql``;
  const rows = await rowsOf<Energies & { bucket: string | null; key: string | null }>(db, sql`
    select to_char(e.at, 'YYYY-MM-DD"T"HH24:MI') as bucket, null::text as key, ${SUMS}
    from ${periodEnergy(set, period)}
    group by e.at${totalsToo}`);
  const sums = new Map<string, Energies>();
  const totals = new Map<string, Energies>();
  for (const { bucket, key, ...energies } of rows) {
    if (bucket !== null) sums.set(labelOf(period.itemGrain, bucket), energies);
    else totals.set(`${period.grain}@${key}`, energies);
  }
  return { sums, totals };
}

/** Every bucket of a period listed with its sums, and the labels a total found. */
function listed(period: Period, sums: Map<string, Energies>) {
  const labels = period.grain === null ? yearLabels([...sums.keys()]) : period.labels;
  return labels.map((time) => ({ time, energies: sums.get(time) ?? ZERO }));
}

/** The breakdown of a period, every bucket of it listed, and the labels a total found. */
export async function breakdown(db: Db, set: PlantSet, period: Period) {
  return listed(period, (await sumsAndTotals(db, set, period, [])).sums);
}

const money = (amount: number) => Math.round(Math.max(0, amount) * 100) / 100;

/** The PV energy of the plants' breakdown valued at each plant's grid price, per currency. */
async function fleetSavings(db: Db, set: PlantSet, period: Period, defaultCurrency: string) {
  const rows = await rowsOf<{ currency: string; amount: number }>(db, sql`
    select coalesce(p.currency_name, ${defaultCurrency}) as currency,
      coalesce(sum(e.pv_energy * coalesce(p.grid_price, 0)), 0)::float8 as amount
    from plants p left join ${periodEnergy(set, period)} on e.plant_uid = p.plant_uid
    where p.plant_uid in ${set.uids}
    group by 1 order by 1`);
  return rows.map((r) => ({ currencyName: r.currency, amount: money(r.amount) }));
}

/** One plant's savings: its breakdown's PV energy at its price, without a query of its own. */
function plantSavings(plant: NonNullable<PlantSet['single']>, buckets: { energies: Energies }[], defaultCurrency: string) {
  const pvEnergy = buckets.reduce((sum, b) => sum + b.energies.pvEnergy, 0);
  return [{ currencyName: plant.currencyName ?? defaultCurrency, amount: money(pvEnergy * (plant.gridPrice ?? 0)) }];
}

export async function energyStatistics(db: Db, set: PlantSet, period: Period, defaultCurrency: string) {
  const { previous, lastYear } = comparedPeriods(period);
  const [{ sums, totals: compared }, fleetWorth] = await Promise.all([
    sumsAndTotals(db, set, period, previous && lastYear ? [previous, lastYear] : []),
    set.single ? undefined : fleetSavings(db, set, period, defaultCurrency),
  ]);
  const items = listed(period, sums);
  const worth = fleetWorth ?? plantSavings(set.single!, items, defaultCurrency);
  const rounded = items.map((b) => withRates(b.energies, b.time));
  const total = withRates(addUp(rounded));
  const compare = (p: Period | null) => (p ? withRates(compared.get(`${p.grain}@${p.start}`) ?? ZERO, labelOf(p.grain!, p.start!)) : null);
  return {
    dateType: period.dateType,
    date: period.date,
    total,
    items: rounded,
    savings: worth,
    co2Avoided: kwh(total.pvEnergy * CO2_KG_PER_KWH),
    previous: compare(previous),
    lastYear: compare(lastYear),
  };
}

type Source = 'pv' | 'gridImport' | 'batteryDischarge';
type Sink = 'load' | 'gridExport' | 'batteryCharge';

/**
 * Who fed whom, for the sankey and the live flow: PV serves the load first, then the battery,
 * then the grid; the battery's discharge serves the rest of the load, then the grid; the grid
 * serves what load is left, then the battery. Counters that do not balance leave the excess
 * unallocated rather than inventing a flow.
 */
export function allocate(e: { pv: number; gridImport: number; batteryDischarge: number; load: number; gridExport: number; batteryCharge: number }) {
  const left = { ...e };
  const links: { source: Source; target: Sink; value: number }[] = [];
  const feed = (source: Source, target: Sink) => {
    const value = Math.min(left[source], left[target]);
    if (value <= 0) return;
    left[source] -= value;
    left[target] -= value;
    links.push({ source, target, value });
  };
  feed('pv', 'load');
  feed('pv', 'batteryCharge');
  feed('pv', 'gridExport');
  feed('batteryDischarge', 'load');
  feed('batteryDischarge', 'gridExport');
  feed('gridImport', 'load');
  feed('gridImport', 'batteryCharge');
  return links;
}

/**
 * The period's flows, allocated bucket by bucket of its breakdown (the hours of a day, the days of
 * a month...) and summed, so that the night's import feeds the night's load rather than being
 * netted against the day's surplus.
 */
export function sankey(period: Period, buckets: Energies[]) {
  const e = withRates(addUp(buckets));
  const nodes = { pv: e.pvEnergy, gridImport: e.gridImportEnergy, batteryDischarge: e.batteryDischargeEnergy, load: e.loadEnergy, gridExport: e.gridExportEnergy, batteryCharge: e.batteryChargeEnergy };
  const links = new Map<string, { source: Source; target: Sink; value: number }>();
  for (const b of buckets) {
    const flows = allocate({ pv: b.pvEnergy, gridImport: b.gridImportEnergy, batteryDischarge: b.batteryDischargeEnergy, load: b.loadEnergy, gridExport: b.gridExportEnergy, batteryCharge: b.batteryChargeEnergy });
    for (const l of flows) {
      const key = `${l.source}>${l.target}`;
      const sum = links.get(key) ?? { ...l, value: 0 };
      sum.value += l.value;
      links.set(key, sum);
    }
  }
  return {
    dateType: period.dateType,
    date: period.date,
    nodes: Object.entries(nodes).map(([id, value]) => ({ id: id as Source | Sink, value })),
    links: [...links.values()].map((l) => ({ ...l, value: kwh(l.value) })).filter((l) => l.value > 0),
  };
}
