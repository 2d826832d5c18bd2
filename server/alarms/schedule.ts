// The time-based alarm rule: a device bound to a plant that has reported before and then sent
// nothing for the plant's offline limit (15 minutes by default) gets its offline alarm, dated
// when the limit passed; its next sample recovers it (evaluate.ts). Runs every minute in every
// server process: the open-alarm index makes a second run at once raise nothing twice.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { alarmsCommitted } from './announce.ts';
import { refreshUntreated, type AlarmChange } from './evaluate.ts';
import { writeNotices } from './notices.ts';
import { ALARM_EVENT, ALARM_STATE, DEFAULT_THRESHOLDS, RULE } from './rules.ts';

const MINUTE_MS = 60_000;
/** A constant of the rules written into the statement, as evaluate.ts does. */
const n = (value: number) => sql.raw(String(value));

/** Raises the offline alarms due at `now`; answers them (also announced after the commit). */
export async function raiseOfflineAlarms(db: Db, now = new Date()): Promise<AlarmChange[]> {
  const { changes, notices } = await db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      with due as (
        select d.id, d.sn, d.sn_type, d.plant_uid,
          l.ts + make_interval(mins => coalesce(th.offline_minutes, ${n(DEFAULT_THRESHOLDS.offlineMinutes)})) as since
        from device_latest l join devices d on d.id = l.device_id
        left join plant_alarm_thresholds th on th.plant_uid = d.plant_uid
        where d.plant_uid is not null
          and l.ts < ${now.toISOString()}::timestamptz - make_interval(mins => coalesce(th.offline_minutes, ${n(DEFAULT_THRESHOLDS.offlineMinutes)}))
          and not exists (select 1 from alarms a where a.device_id = d.id and a.alarm_code = ${n(RULE.offline)} and a.state = ${n(ALARM_STATE.untreated)})),
      ins as (
        insert into alarms (device_id, device_sn, device_type, plant_uid, alarm_code, alarm_name, level, start_time, update_time)
        select due.id, due.sn, due.sn_type, due.plant_uid, ${n(RULE.offline)}, coalesce(c.name->>'en', 'Device offline'), coalesce(c.level, 1), due.since, due.since
        from due left join lateral (select name, level from alarm_codes c where c.alarm_code = ${n(RULE.offline)}
          order by c.device_type = due.sn_type desc limit 1) c on true
        on conflict do nothing
        returning id, plant_uid, level, start_time),
      events as (insert into alarm_events (alarm_id, event_type, event_time) select id, ${n(ALARM_EVENT.raised)}, start_time from ins)
      select id, plant_uid as "plantUid", level, true as raised from ins`);
    const raised = (result as unknown as { rows: AlarmChange[] }).rows;
    if (!raised.length) return { changes: raised, notices: [] };
    await refreshUntreated(tx, [...new Set(raised.map((c) => c.plantUid))]);
    return { changes: raised, notices: await writeNotices(tx, raised) };
  });
  alarmsCommitted(db, changes, notices);
  return changes;
}

export function startAlarmSchedule(db: Db, log: FastifyBaseLogger): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = raiseOfflineAlarms(db).then((raised) => {
      if (raised.length) log.info({ alarms: raised.length }, 'alarms: offline devices raised');
    }, (error: Error) => log.warn({ err: error }, 'alarms: offline rule failed'));
  };
  run();
  const timer = setInterval(run, MINUTE_MS).unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
