// Power curves. A day's curve reads that one day's raw samples (5-minute averages per device,
// summed over the devices and plants); longer periods read the rollups: a bucket's average power
// is its energy over its length, which needs no raw history however long the period. A fleet's
// day (more than FIVE_MINUTE_CURVE_MAX_PLANTS plants) is hourly, from the rollups too: its
// 5-minute curve would read every raw sample of every device of the fleet for the day.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { clockMidnight, instants, plantSlots, SLOT_SECONDS, type Power } from './plant-day-slots.ts';
import { periodEnergy } from './statistics-energy.ts';
import { FIVE_MINUTE_SLOT, labelOf, periodOf, plantBounds, rowsOf, yearLabels, type Period, type PlantSet } from './statistics-scope.ts';

export const FIVE_MINUTE_CURVE_MAX_PLANTS = 50;

const SLOTS_PER_DAY = 86_400 / SLOT_SECONDS;
const UNIT = sql.raw(`interval '1 day'`);
const watts = (v: Power) => (v === null ? null : Math.round(v * 10) / 10);

interface PowerRow { time: string; pvPower: number | null; loadPower: number | null; gridPower: number | null; batteryPower: number | null }

/**
 * The plants' local day: each plant's own bounds `t0` and `t1` in its zone, and the `shift` that
 * moves its clock onto the day's labels (each plant's own today). A query that reads them twice
 * names them `not materialized`: a materialised CTE hides the bounds from the raw samples' index,
 * which then reads every sample of the month and filters the day out (five times slower).
 */
function plantDays(set: PlantSet, day: Period) {
  return sql`select b.plant_uid, b.tz, b.shift, b.start at time zone b.tz as t0, (b.start + ${UNIT}) at time zone b.tz as t1
    from (${plantBounds(set, day)}) b`;
}

/** A day, as its date (every plant's same local date) or as the home's day period. */
const dayOf = (day: string | Period) => (typeof day === 'string' ? periodOf('day', day) : day);

/**
 * A local day's curve over the plants: 5-minute slots, or hours over a fleet. Over plants that each
 * count their own today, a slot sums each plant's same local clock time.
 */
export async function dayPowerCurve(db: Db, set: PlantSet, day: string | Period) {
  const period = dayOf(day);
  if (set.single) return fiveMinuteDayCurve(db, set, period);
  const [count] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from plants where plant_uid in ${set.uids}`);
  return count!.n > FIVE_MINUTE_CURVE_MAX_PLANTS ? hourlyDayCurve(db, set, period) : fiveMinuteDayCurve(db, set, period);
}

/** Average powers of the local day's hours over the plants, from their hourly rollups. */
export async function hourlyDayCurve(db: Db, set: PlantSet, day: string | Period) {
  const period = dayOf(day);
  const date = period.date!;
  const rows = await rowsOf<PowerRow>(db, sql`
    select to_char(e.at, 'YYYY-MM-DD"T"HH24:MI') as time, sum(e.pv_energy * 1000)::float8 as "pvPower", sum(e.load_energy * 1000)::float8 as "loadPower",
      sum((e.grid_import_energy - e.grid_export_energy) * 1000)::float8 as "gridPower",
      sum((e.battery_discharge_energy - e.battery_charge_energy) * 1000)::float8 as "batteryPower"
    from ${periodEnergy(set, period)}
    group by e.at`);
  const byHour = new Map(rows.map((r) => [r.time, r]));
  return Array.from({ length: 24 }, (_, h) => {
    const time = `${date}T${String(h).padStart(2, '0')}:00`;
    const r = byHour.get(time);
    return { time, pvPower: watts(r?.pvPower ?? null), loadPower: watts(r?.loadPower ?? null), gridPower: watts(r?.gridPower ?? null), batteryPower: watts(r?.batteryPower ?? null) };
  });
}

/** `HH:MM` of the local day's 5-minute slots, in order. */
const SLOT_CLOCKS = Array.from({ length: SLOTS_PER_DAY }, (_, i) => `${String(Math.floor(i / 12)).padStart(2, '0')}:${String((i % 12) * 5).padStart(2, '0')}`);

/**
 * Each device's 5-minute averages over several plants (or one on a day its clocks change), summed
 * per instant slot, with that slot's local wall-clock time in its plant's zone (epoch seconds of
 * that clock read as UTC), as one JSON array of `[clock, pv, load, grid, battery]` rows. The slots
 * of an hour that a change of clocks repeats share their local times: the caller adds them up.
 */
function slotSums(set: PlantSet, day: Period) {
  const per = 'avg(x.pv_power) as pv, avg(x.load_power) as load, avg(x.grid_power) as grid, avg(x.battery_power) as battery';
  const summed = 'sum(pv) as pv, sum(load) as load, sum(grid) as grid, sum(battery) as battery';
  return sql`
    with days as not materialized (${plantDays(set, day)}),
    per_device as (
      select days.tz, days.shift, ${FIVE_MINUTE_SLOT} as slot, ${sql.raw(per)}
      from days join devices d on d.plant_uid = days.plant_uid
      join device_data x on x.device_id = d.id and x.ts >= days.t0 and x.ts < days.t1
      group by days.tz, days.shift, d.id, 3),
    slots as (select tz, shift, slot, ${sql.raw(summed)} from per_device group by tz, shift, slot)
    select json_agg(json_build_array(extract(epoch from (slot at time zone tz) + shift)::int, pv, load, grid, battery)) as slots from slots`;
}

type SlotSum = [clock: number, pv: Power, load: Power, grid: Power, battery: Power];

/**
 * 5-minute averages of a local day over the plants, slot by slot in each plant's local time. One
 * plant on a day of fixed offset (a dashboard's call, nearly always) maps its instant slots to
 * local slots by that offset; otherwise each slot's local time comes from the database.
 */
async function fiveMinuteDayCurve(db: Db, set: PlantSet, day: Period) {
  const date = day.date!;
  const sums = SLOT_CLOCKS.map(() => ({ pv: null as Power, load: null as Power, grid: null as Power, battery: null as Power }));
  const own = set.single ? await plantSlots(db, set.single, date, ['pv', 'load', 'grid', 'battery'] as const) : undefined;
  if (own && !own.clocksChange) {
    own.index.forEach((slot, i) => {
      if (sums[slot]) sums[slot] = { pv: own.values.pv[i]!, load: own.values.load[i]!, grid: own.values.grid[i]!, battery: own.values.battery[i]! };
    });
  } else {
    const [row] = await rowsOf<{ slots: SlotSum[] | null }>(db, slotSums(set, day));
    const midnight = clockMidnight(date);
    const add = (a: Power, b: Power) => (b === null ? a : (a ?? 0) + b);
    for (const [clock, pv, load, grid, battery] of row?.slots ?? []) {
      const slot = sums[(clock - midnight) / SLOT_SECONDS];
      if (!slot) continue;
      slot.pv = add(slot.pv, pv);
      slot.load = add(slot.load, load);
      slot.grid = add(slot.grid, grid);
      slot.battery = add(slot.battery, battery);
    }
  }
  return sums.map((s, i) => ({ time: `${date}T${SLOT_CLOCKS[i]}`, pvPower: watts(s.pv), loadPower: watts(s.load), gridPower: watts(s.grid), batteryPower: watts(s.battery) }));
}

/**
 * Average powers of the period's buckets from the plant rollups: energy over the bucket's length
 * (up to now for the bucket under way), with the highest PV power sampled in it.
 */
export async function periodPowerCurve(db: Db, set: PlantSet, period: Period) {
  const rows = await rowsOf<PowerRow & { bucket: string; pvPeak: number | null }>(db, sql`
    select to_char(e.at, 'YYYY-MM-DD"T"HH24:MI') as bucket,
      sum(e.pv_energy * 1000 / h.hours)::float8 as "pvPower", sum(e.load_energy * 1000 / h.hours)::float8 as "loadPower",
      sum((e.grid_import_energy - e.grid_export_energy) * 1000 / h.hours)::float8 as "gridPower",
      sum((e.battery_discharge_energy - e.battery_charge_energy) * 1000 / h.hours)::float8 as "batteryPower",
      sum(e.pv_peak)::float8 as "pvPeak"
    from ${periodEnergy(set, period)} join plants p on p.plant_uid = e.plant_uid
    cross join lateral (select coalesce(p.time_zone, 'UTC') as tz) z
    cross join lateral (select greatest(extract(epoch from least(${period.now.toISOString()}::timestamptz,
        (e.bucket + case e.grain when 2 then interval '1 day' when 3 then interval '1 month' else interval '1 year' end) at time zone z.tz)
        - (e.bucket at time zone z.tz)) / 3600.0, 1 / 60.0) as hours) h
    group by e.at`);
  const byLabel = new Map(rows.map((r) => [labelOf(period.itemGrain, r.bucket), r]));
  const labels = period.grain === null ? yearLabels([...byLabel.keys()]) : period.labels;
  return labels.map((time) => {
    const r = byLabel.get(time);
    return {
      time, pvPower: watts(r ? Math.max(0, r.pvPower ?? 0) : null), loadPower: watts(r ? Math.max(0, r.loadPower ?? 0) : null),
      gridPower: watts(r?.gridPower ?? null), batteryPower: watts(r?.batteryPower ?? null), pvPeak: watts(r?.pvPeak ?? null),
    };
  });
}

/** A plant's AC output and PV input over its local day, every 5-minute slot as an instant. */
export async function plantDayCurve(db: Db, set: PlantSet, date: string) {
  const own = await plantSlots(db, set.single!, date, ['ac', 'pv'] as const);
  return instants(own).map(({ time, at }) => {
    const pv = at === undefined ? null : own.values.pv[at]!;
    return { time, power: at === undefined ? null : own.values.ac[at]!, pvPower: pv === null ? null : Math.max(0, pv) };
  });
}
