// One plant's raw samples over its local day, as 5-minute slots: each device's average in a slot,
// summed over the plant's devices (or a data view's sub-group of them). This is the query behind a
// plant dashboard's day curves, the most frequent statistic of all, so it is shaped for cost:
// - the local day's bounds are converted from the plant's zone twice per query, never per sample
//   or per slot (a zone conversion per row had cost more than reading and averaging the samples);
// - the answer is one row of JSON arrays of whole numbers (epoch seconds, tenths of a watt), which
//   the driver parses natively; 288 rows, or arrays of floats in PostgreSQL's text form, had cost
//   the server more than the query cost the database.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { FIVE_MINUTE_SLOT, rowsOf } from './statistics-scope.ts';

export const SLOT_SECONDS = 300;
const COLUMNS = { pv: 'pv_power', load: 'load_power', grid: 'grid_power', battery: 'battery_power', ac: 'ac_power' } as const;
export type SlotField = keyof typeof COLUMNS;
export type Power = number | null;

/** A date's midnight on a clock read as UTC, in epoch seconds: local times compare with it. */
export const clockMidnight = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 1000;

export interface PlantSlots<F extends SlotField> {
  /** The local day's first and next day's first instant, in epoch seconds. */
  t0: number;
  t1: number;
  /** Whether the plant's clocks change that day (a day of 23 or 25 hours, or a shifted offset). */
  clocksChange: boolean;
  /** The slots that have samples, as indexes from t0 (a slot of SLOT_SECONDS)... */
  index: number[];
  /** ...and their sums in watts rounded to a tenth, field by field in the same order. */
  values: Record<F, Power[]>;
}

/** The plant's day in slots, over all its devices or over `deviceIds` (a data view's sub-group). */
export async function plantSlots<F extends SlotField>(db: Db, plant: { plantUid: string; timeZone: string | null }, date: string, fields: readonly F[], deviceIds?: number[]): Promise<PlantSlots<F>> {
  const tz = plant.timeZone ?? 'UTC';
  const t0 = sql`${date}::timestamp at time zone ${tz}`;
  const t1 = sql`(${date}::timestamp + interval '1 day') at time zone ${tz}`;
  const averages = fields.map((f) => `avg(x.${COLUMNS[f]}) as ${f}`).join(', ');
  const sums = fields.map((f) => `sum(${f}) as ${f}`).join(', ');
  // Math.round(v * 10) is floor(v * 10 + 0.5), computed alike in both: the same rounding as elsewhere.
  const arrays = fields.map((f) => `to_json(array_agg(floor(${f} * 10 + 0.5)::int8)) as ${f}`).join(', ');
  const [row] = await rowsOf<{ t0: number; t1: number; slots: number[] | null } & Record<F, Power[] | null>>(db, sql`
    with per_device as (
      select ${FIVE_MINUTE_SLOT} as slot, ${sql.raw(averages)}
      from devices d join device_data x on x.device_id = d.id and x.ts >= ${t0} and x.ts < ${t1}
      where d.plant_uid = ${plant.plantUid} ${deviceIds ? sql`and d.id = any(${`{${deviceIds.join(',')}}`}::int[])` : sql``}
      group by d.id, 1),
    slots as (select slot, ${sql.raw(sums)} from per_device group by slot)
    select date_part('epoch', ${t0}) as t0, date_part('epoch', ${t1}) as t1,
      to_json(array_agg(date_part('epoch', slot)::int8)) as slots, ${sql.raw(arrays)}
    from slots`);
  const { t0: start, t1: end, slots } = row!;
  const midnight = clockMidnight(date);
  const values = {} as Record<F, Power[]>;
  for (const f of fields) values[f] = (row![f] ?? []).map((tenths) => (tenths === null ? null : tenths / 10));
  return {
    t0: start, t1: end,
    // The offsets at the day's start and end differ exactly when the clocks change during it.
    clocksChange: midnight - start !== midnight + 86_400 - end,
    index: (slots ?? []).map((slot) => (slot - start) / SLOT_SECONDS),
    values,
  };
}

/**
 * The day's slots as instants in order (276 or 300 on a day the clocks change), each with `at`,
 * the position of its figures in `own.values`, or undefined when it has no samples.
 */
export function instants<F extends SlotField>(own: PlantSlots<F>): { time: string; at: number | undefined }[] {
  const points = Array.from({ length: (own.t1 - own.t0) / SLOT_SECONDS }, (_, i) => ({
    time: new Date((own.t0 + i * SLOT_SECONDS) * 1000).toISOString(), at: undefined as number | undefined,
  }));
  own.index.forEach((slot, at) => {
    const point = points[slot];
    if (point) point.at = at;
  });
  return points;
}
