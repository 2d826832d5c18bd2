// The alarm rules over history stored without the ingest pipeline (the simulator's backfill of a
// plant that had no data, which copies its days straight into device_data, newest first): the
// stored samples are evaluated a day at a time, oldest first, as ingest would have seen them, so
// that the demo's history holds the alarms its devices' reports raise, recovered where they
// cleared; a silence longer than the offline limit between two samples of a device is the
// offline alarm the scheduled rule would have raised, recovered by the sample that ended it.
// No one is notified of the past: the owners' message boxes would fill with history.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { alarmsCommitted } from './announce.ts';
import { evaluateSamples, type AlarmChange } from './evaluate.ts';
import { ALARM_EVENT, ALARM_STATE, DEFAULT_THRESHOLDS, RULE } from './rules.ts';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Evaluates the plants' samples in [from, to) day by day; answers the alarms raised or changed.
 * `between` runs after each day: the simulator lets the requests that came meanwhile be answered
 * (90 days back to back held the embedded database's one connection for 4 s, every page waiting).
 */
export async function replayAlarms(db: Db, plantUids: string[], from: number, to: number, between?: () => Promise<void>): Promise<AlarmChange[]> {
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
    changes.push(...day, ...await offlineGaps(db, plants, start, end));
    await between?.();
  }
  alarmsCommitted(db, changes);
  return changes;
}

/** The offline alarms of the silences within [from, to), raised and recovered at once. */
async function offlineGaps(db: Db, plants: string, from: number, to: number): Promise<AlarmChange[]> {
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      with s as (
        select d.device_id, v.sn, v.sn_type, v.plant_uid, d.ts, lag(d.ts) over (partition by d.device_id order by d.ts) as prev,
          make_interval(mins => coalesce(th.offline_minutes, ${sql.raw(String(DEFAULT_THRESHOLDS.offlineMinutes))})) as limit_after
        from devices v join device_data d on d.device_id = v.id left join plant_alarm_thresholds th on th.plant_uid = v.plant_uid
        where v.plant_uid in (select value from jsonb_array_elements_text(${plants}::jsonb))
          and d.ts >= ${new Date(from).toISOString()}::timestamptz and d.ts < ${new Date(to).toISOString()}::timestamptz),
      ins as (
        insert into alarms (device_id, device_sn, device_type, plant_uid, alarm_code, alarm_name, level, state, start_time, update_time, end_time)
        select s.device_id, s.sn, s.sn_type, s.plant_uid, ${sql.raw(String(RULE.offline))}, coalesce(c.name->>'en', 'Device offline'), coalesce(c.level, 1),
          ${sql.raw(String(ALARM_STATE.recovered))}, s.prev + s.limit_after, s.ts, s.ts
        from s left join lateral (select name, level from alarm_codes c where c.alarm_code = ${sql.raw(String(RULE.offline))}
          order by c.device_type = s.sn_type desc limit 1) c on true
        where s.prev is not null and s.ts - s.prev > s.limit_after
        returning id, plant_uid, level, start_time, end_time),
      events as (
        insert into alarm_events (alarm_id, event_type, event_time)
        select id, ${sql.raw(String(ALARM_EVENT.raised))}, start_time from ins
        union all select id, ${sql.raw(String(ALARM_EVENT.recovered))}, end_time from ins)
      select id, plant_uid as "plantUid", level, false as raised from ins`);
    return (result as unknown as { rows: AlarmChange[] }).rows;
  });
}
