// The alarm rules of the samples a batch stores, evaluated in its transaction by one statement over
// the whole batch (never a query per record): a device's non-zero faultCode, and the plant's limits
// on temperature, battery SOC and grid voltage and frequency (rules.ts, plant_alarm_thresholds).
//
// Each rule sees, per device, how often the batch reports its condition (and when first and last)
// and when it last reports it cleared. A condition reported raises the device's one open alarm of
// that code, or adds to it ("reported again", alarmUpdateTime moves); a clearing reported after the
// last report recovers it (state 2, which a user still closes). Any sample recovers an open
// offline alarm, and any PV output an open alarm of no production (both raised by schedule.ts). A condition that comes and goes within one batch is one alarm, raised and recovered.
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { ALARM_EVENT, ALARM_STATE, DEFAULT_THRESHOLDS as D, FIRST_RULE_CODE, RULE, UNKNOWN_FAULT_LEVEL } from './rules.ts';

/** An alarm that a batch or a scheduled rule raised or changed, for the live events and the notices. */
export interface AlarmChange {
  id: number;
  plantUid: string;
  level: number;
  /** Raised now (a new alarm), rather than reported again or recovered. */
  raised: boolean;
}

/** A constant of the rules written into the statement: a bound one would reach `case` as text. */
const n = (value: number) => sql.raw(String(value));
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Each threshold rule: its code, its figures' prefix, its condition on a sample, and the column it
 * reads. A plant's own limit set alone is paired with the default of its own grid (a voltage under
 * lowGridBelow is a 100/120 V grid's, a frequency above sixtyHertzAbove a 60 Hz grid's), as the
 * thresholds' edit checks it (server/domain/alarms/thresholds.ts); without either, the reading's
 * own grid decides.
 */
const THRESHOLD_RULES: [code: number, prefix: string, condition: string, measured: string][] = [
  [RULE.overTemperature, 't', `temperature > coalesce(max_temperature, ${D.maxTemperature})`, 'temperature'],
  [RULE.lowBatterySoc, 's', `battery_soc < coalesce(min_battery_soc, ${D.minBatterySoc})`, 'battery_soc'],
  [RULE.gridOverVoltage, 'ov', `grid_voltage > coalesce(max_grid_voltage, case when coalesce(min_grid_voltage, grid_voltage) < ${D.lowGridBelow} then ${D.maxLowGridVoltage} else ${D.maxGridVoltage} end)`, 'grid_voltage'],
  [RULE.gridUnderVoltage, 'uv', `grid_voltage < coalesce(min_grid_voltage, case when coalesce(max_grid_voltage, grid_voltage) < ${D.lowGridBelow} then ${D.minLowGridVoltage} else ${D.minGridVoltage} end)`, 'grid_voltage'],
  [RULE.gridFrequency, 'f', `case when min_grid_frequency is null and max_grid_frequency is null
      then grid_frequency not between ${D.minGridFrequency} and ${D.maxGridFrequency} and grid_frequency not between ${D.minGridFrequency60} and ${D.maxGridFrequency60}
      else grid_frequency not between coalesce(min_grid_frequency, case when max_grid_frequency > ${D.sixtyHertzAbove} then ${D.minGridFrequency60} else ${D.minGridFrequency} end)
        and coalesce(max_grid_frequency, case when min_grid_frequency > ${D.sixtyHertzAbove} then ${D.maxGridFrequency60} else ${D.maxGridFrequency} end) end`, 'grid_frequency'],
];

/** A sample that reports any condition: a fault code or a limit crossed. */
const ANY_CONDITION = ['fault_code > 0', ...THRESHOLD_RULES.map(([, , condition]) => `(${condition})`)].join(' or ');

/** A rule's four figures per device: reports of the condition (count, first, last) and its last clearing. */
const RULE_FIGURES = THRESHOLD_RULES.map(([, prefix, condition, measured]) =>
  `count(*) filter (where ${condition})::int as ${prefix}_n, min(ts) filter (where ${condition}) as ${prefix}_first,
    max(ts) filter (where ${condition}) as ${prefix}_last, max(ts) filter (where ${measured} is not null and not (${condition})) as ${prefix}_clear`).join(',\n    ');

const RULE_ROWS = THRESHOLD_RULES.map(([code, p]) => `(${code}, ${p}_n, ${p}_first, ${p}_last, ${p}_clear)`).join(', ');

/**
 * Evaluates the rules over `source` (a relation of stored samples: device_id, plant_uid, ts and the
 * measured columns; ingest's staged batch) and answers the alarms raised or changed. Keeps the
 * plants' untreated_alarm_num when any changed.
 */
export async function evaluateSamples(tx: Tx, source: SQL): Promise<AlarmChange[]> {
  const changes = rows<AlarmChange>(await tx.execute(rulesStatement(source)));
  if (changes.length) await refreshUntreated(tx, [...new Set(changes.map((c) => c.plantUid))]);
  return changes;
}

/** The one statement of evaluateSamples. */
export function rulesStatement(source: SQL): SQL {
  return sql`
    with b as (
      select s.device_id, s.plant_uid, s.ts, s.fault_code, s.temperature, s.battery_soc, s.grid_voltage, s.grid_frequency, s.pv_power,
        th.max_temperature, th.min_battery_soc, th.min_grid_voltage, th.max_grid_voltage, th.min_grid_frequency, th.max_grid_frequency
      from ${source} s left join plant_alarm_thresholds th on th.plant_uid = s.plant_uid),
    open as (
      select a.id, a.device_id, a.alarm_code, a.update_time from alarms a
      where a.state = ${n(ALARM_STATE.untreated)} and a.device_id in (select distinct device_id from b)),
    -- Only devices that report a condition or have an open alarm can change one: the rest of the
    -- batch (nearly all of it, nearly always) is looked at once and left.
    hot as (
      select device_id from b where ${sql.raw(ANY_CONDITION)}
      union select device_id from open),
    h as (select * from b where device_id in (select device_id from hot)),
    per_device as (
      select device_id, min(plant_uid) as plant_uid, max(ts) as seen, max(ts) filter (where pv_power > 0) as producing,
      ${sql.raw(RULE_FIGURES)}
      from h group by device_id),
    fault_groups as (
      select device_id, fault_code as code, count(*)::int as n, min(ts) as first, max(ts) as last
      from h where fault_code is not null group by 1, 2),
    obs as (
      select d.device_id, d.plant_uid, r.code, r.n, r.first, r.last, r.clear
      from per_device d cross join lateral (values ${sql.raw(RULE_ROWS)}, (${n(RULE.offline)}, 0, null::timestamptz, null::timestamptz, d.seen),
        (${n(RULE.noProduction)}, 0, null::timestamptz, null::timestamptz, d.producing)) r(code, n, first, last, clear)
      union all
      select g.device_id, d.plant_uid, g.code, g.n, g.first, g.last,
        (select max(o.last) from fault_groups o where o.device_id = g.device_id and o.code <> g.code)
      from fault_groups g join per_device d using (device_id) where g.code > 0
      union all
      -- Open fault alarms that the batch does not report again: cleared by any other fault code or 0.
      select o.device_id, d.plant_uid, o.alarm_code, 0, null, null, (select max(g.last) from fault_groups g where g.device_id = o.device_id)
      from open o join per_device d using (device_id)
      where o.alarm_code < ${n(FIRST_RULE_CODE)} and not exists (select 1 from fault_groups g where g.device_id = o.device_id and g.code = o.alarm_code)),
    act as (
      select obs.*, o.id as open_id, o.update_time as open_update,
        obs.clear is not null and (obs.last is null or obs.clear > obs.last) as clears
      from obs left join open o on o.device_id = obs.device_id and o.alarm_code = obs.code
      where obs.n > 0 or (o.id is not null and obs.clear > o.update_time)),
    upd as (
      update alarms a set occurrence_num = a.occurrence_num + act.n,
        update_time = case when act.clears then act.clear else greatest(a.update_time, coalesce(act.last, a.update_time)) end,
        state = case when act.clears then ${n(ALARM_STATE.recovered)} else a.state end,
        end_time = case when act.clears then act.clear else a.end_time end
      from act where a.id = act.open_id
      returning a.id, a.plant_uid, a.level, a.state, a.end_time, act.n, act.last),
    ins as (
      insert into alarms (device_id, device_sn, device_type, plant_uid, alarm_code, alarm_name, level, state, start_time, update_time, end_time, occurrence_num)
      select act.device_id, dv.sn, dv.sn_type, act.plant_uid, act.code,
        coalesce(c.name->>'en', 'Device fault ' || act.code), coalesce(c.level, ${n(UNKNOWN_FAULT_LEVEL)}),
        case when act.clears then ${n(ALARM_STATE.recovered)} else ${n(ALARM_STATE.untreated)} end,
        act.first, case when act.clears then act.clear else act.last end, case when act.clears then act.clear end, act.n
      from act join devices dv on dv.id = act.device_id
      left join lateral (select level, name from alarm_codes c where c.alarm_code = act.code order by c.device_type = dv.sn_type desc limit 1) c on true
      where act.open_id is null
      on conflict (device_id, alarm_code) where state = ${n(ALARM_STATE.untreated)}
        do update set occurrence_num = alarms.occurrence_num + excluded.occurrence_num, update_time = greatest(alarms.update_time, excluded.update_time)
      returning id, plant_uid, level, state, start_time, end_time, update_time, (xmax = 0) as inserted),
    events as (
      insert into alarm_events (alarm_id, event_type, event_time)
      select id, ${n(ALARM_EVENT.reportedAgain)}, last from upd where n > 0
      union all select id, ${n(ALARM_EVENT.recovered)}, end_time from upd where state = ${n(ALARM_STATE.recovered)}
      union all select id, ${n(ALARM_EVENT.raised)}, start_time from ins where inserted
      union all select id, ${n(ALARM_EVENT.reportedAgain)}, update_time from ins where not inserted
      union all select id, ${n(ALARM_EVENT.recovered)}, end_time from ins where state = ${n(ALARM_STATE.recovered)})
    select id, plant_uid as "plantUid", level, false as raised from upd
    union all select id, plant_uid, level, inserted from ins`;
}

/** Sets plants.untreated_alarm_num of these plants from their alarms. */
export async function refreshUntreated(tx: Tx, plantUids: string[]): Promise<void> {
  if (!plantUids.length) return;
  await tx.execute(sql`
    update plants p set untreated_alarm_num = coalesce(n.num, 0)
    from (select value as plant_uid from jsonb_array_elements_text(${JSON.stringify(plantUids)}::jsonb)) w
    left join lateral (select count(*)::int as num from alarms a where a.plant_uid = w.plant_uid and a.state = ${n(ALARM_STATE.untreated)}) n on true
    where p.plant_uid = w.plant_uid and p.untreated_alarm_num is distinct from coalesce(n.num, 0)`);
}
