// The alarm rules over history stored without the ingest pipeline (the simulator's backfill of a
// plant that had no data, which copies its days straight into device_data, newest first): the
// stored samples are evaluated a day at a time, oldest first, as ingest would have seen them, so
// that the demo's history holds the alarms its devices' reports raise, recovered where they
// cleared. No one is notified of the past: the owners' message boxes would fill with history.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { alarmsCommitted } from './announce.ts';
import { evaluateSamples, type AlarmChange } from './evaluate.ts';

const DAY_MS = 24 * 3600 * 1000;

/** Evaluates the plants' samples in [from, to) day by day; answers the alarms raised or changed. */
export async function replayAlarms(db: Db, plantUids: string[], from: number, to: number): Promise<AlarmChange[]> {
  if (!plantUids.length) return [];
  const plants = JSON.stringify(plantUids);
  const changes: AlarmChange[] = [];
  for (let start = from; start < to; start += DAY_MS) {
    const end = Math.min(to, start + DAY_MS);
    const day = await db.transaction((tx) => evaluateSamples(tx, sql`(
      select d.device_id, v.plant_uid, d.ts, d.fault_code, d.temperature, d.battery_soc, d.grid_voltage, d.grid_frequency, d.pv_power
      from devices v join device_data d on d.device_id = v.id
      where v.plant_uid in (select value from jsonb_array_elements_text(${plants}::jsonb))
        and d.ts >= ${new Date(start).toISOString()}::timestamptz and d.ts < ${new Date(end).toISOString()}::timestamptz)`));
    changes.push(...day);
  }
  alarmsCommitted(db, changes);
  return changes;
}
