// The time-based alarm rules, every minute in every server process (the open-alarm index makes a
// second run at once raise nothing twice):
// - offline: a device bound to a plant that has reported before and then sent nothing for the
//   plant's offline limit (15 minutes by default) gets its offline alarm, dated when the limit
//   passed; its next sample recovers it (evaluate.ts);
// - no production in daylight: an inverter or energy manager of a plant with PV that reports, but
//   has reported no PV power for NO_PRODUCTION_MINUTES while the weather at the plant gives its
//   panels sunlight (the weather service's irradiance, under a sky not overcast); its next PV
//   output recovers it.
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { WeatherProvider } from '../telemetry/model/weather.ts';
import { currentWeather } from '../telemetry/weather-service.ts';
import { alarmsCommitted } from './announce.ts';
import { refreshUntreated, type AlarmChange } from './evaluate.ts';
import { writeNotices } from './notices.ts';
import { ALARM_EVENT, ALARM_STATE, DEFAULT_THRESHOLDS, RULE } from './rules.ts';

const MINUTE_MS = 60_000;
/** A constant of the rules written into the statement, as evaluate.ts does. */
const n = (value: number) => sql.raw(String(value));

/**
 * Raises `rule`'s alarm, in one transaction, for each device the `due` statement selects (columns
 * id, sn, sn_type, plant_uid, and since and seen, the alarm's start and update times); the open-alarm
 * index skips a device that has one already. Answers the new alarms (also announced after the commit).
 */
async function raiseDue(db: Db, rule: number, fallbackName: string, due: SQL): Promise<AlarmChange[]> {
  const { changes, notices } = await db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      with due as (${due}),
      ins as (
        insert into alarms (device_id, device_sn, device_type, plant_uid, alarm_code, alarm_name, level, start_time, update_time)
        select due.id, due.sn, due.sn_type, due.plant_uid, ${n(rule)}, coalesce(c.name->>'en', ${fallbackName}), coalesce(c.level, 1), due.since, due.seen
        from due left join lateral (select name, level from alarm_codes c where c.alarm_code = ${n(rule)}
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

/** Raises the offline alarms due at `now`, dated when the plant's limit passed. */
export function raiseOfflineAlarms(db: Db, now = new Date()): Promise<AlarmChange[]> {
  const limit = sql`make_interval(mins => coalesce(th.offline_minutes, ${n(DEFAULT_THRESHOLDS.offlineMinutes)}))`;
  return raiseDue(db, RULE.offline, 'Device offline', sql`
    select d.id, d.sn, d.sn_type, d.plant_uid, l.ts + ${limit} as since, l.ts + ${limit} as seen
    from device_latest l join devices d on d.id = l.device_id
    left join plant_alarm_thresholds th on th.plant_uid = d.plant_uid
    where d.plant_uid is not null
      and l.ts < ${now.toISOString()}::timestamptz - ${limit}
      and not exists (select 1 from alarms a where a.device_id = d.id and a.alarm_code = ${n(RULE.offline)} and a.state = ${n(ALARM_STATE.untreated)})`);
}

/** How long a device in sunlight must have produced nothing. */
export const NO_PRODUCTION_MINUTES = 30;
/** W/m² on the ground below which no production is no fault (dawn, dusk), and the cloud cover (%) at or over which it is none either. */
export const PRODUCTIVE_IRRADIANCE = 200;
export const OVERCAST_PCT = 80;

interface Candidate {
  id: number; sn: string; sn_type: number; plant_uid: string; latitude: number | null; longitude: number | null; time_zone: string | null;
  system_power: number | null; pv_panel_angle: number | null; pv_panel_azimuth: number | null;
}

/** Raises the no-production alarms due at `now` where the weather says the sun is out; answers them. */
export async function raiseNoProductionAlarms(db: Db, weather: WeatherProvider, now = new Date()): Promise<AlarmChange[]> {
  const since = new Date(now.getTime() - NO_PRODUCTION_MINUTES * MINUTE_MS).toISOString();
  const result = await db.execute(sql`
    select d.id, d.sn, d.sn_type, d.plant_uid, p.latitude, p.longitude, p.time_zone, p.system_power::float8 as system_power,
      p.pv_panel_angle, p.pv_panel_azimuth
    from device_latest l join devices d on d.id = l.device_id join plants p on p.plant_uid = d.plant_uid
    where d.sn_type in (1, 3, 7) and p.system_power > 0 and l.ts >= ${now.toISOString()}::timestamptz - make_interval(mins => ${n(DEFAULT_THRESHOLDS.offlineMinutes)})
      and exists (select 1 from device_data x where x.device_id = d.id and x.ts < ${since}::timestamptz)
      and not exists (select 1 from device_data x where x.device_id = d.id and x.ts >= ${since}::timestamptz and x.pv_power > 0)
      and not exists (select 1 from alarms a where a.device_id = d.id and a.alarm_code = ${n(RULE.noProduction)} and a.state = ${n(ALARM_STATE.untreated)})`);
  const candidates = (result as unknown as { rows: Candidate[] }).rows;
  const sunny: Candidate[] = [];
  for (const c of candidates) {
    const plant = { plantUid: c.plant_uid, latitude: c.latitude, longitude: c.longitude, timeZone: c.time_zone, systemPower: c.system_power, pvPanelAngle: c.pv_panel_angle, pvPanelAzimuth: c.pv_panel_azimuth };
    const now = await currentWeather(weather, plant);
    if (now && now.irradiance >= PRODUCTIVE_IRRADIANCE && now.cloudCover < OVERCAST_PCT) sunny.push(c);
  }
  if (!sunny.length) return [];
  const devices = JSON.stringify(sunny.map((c) => ({ id: c.id, sn: c.sn, sn_type: c.sn_type, plant_uid: c.plant_uid })));
  return raiseDue(db, RULE.noProduction, 'No production in daylight', sql`
    select x.*, ${since}::timestamptz as since, ${now.toISOString()}::timestamptz as seen
    from jsonb_to_recordset(${devices}::jsonb) as x(id int, sn text, sn_type smallint, plant_uid text)`);
}

export function startAlarmSchedule(db: Db, log: FastifyBaseLogger, weather: WeatherProvider): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = raiseOfflineAlarms(db).then((raised) => {
      if (raised.length) log.info({ alarms: raised.length }, 'alarms: offline devices raised');
    }, (error: Error) => log.warn({ err: error }, 'alarms: offline rule failed'))
      .then(() => raiseNoProductionAlarms(db, weather)).then((raised) => {
        if (raised?.length) log.info({ alarms: raised.length }, 'alarms: devices without production in daylight raised');
      }, (error: Error) => log.warn({ err: error }, 'alarms: no-production rule failed'));
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
