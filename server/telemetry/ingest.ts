// The one ingest pipeline of HTTP batches, MQTT messages and the simulator: check each record,
// resolve its device, stage the batch by COPY and store it in one statement, keep the latest
// state, recompute the rollups of the hours it touched and the plants' list readings, and answer
// only after the commit. A writer of many batches of one stretch of history (the simulator's
// backfill) may leave the rollups to one `rollUp` of them all.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { copyInto, copyValue } from '../db/copy.ts';
import { ONLINE_WINDOW_MINUTES } from '../../src/lib/live-flow.ts';
import { ensurePartitions, monthsOf } from './partitions.ts';
import { checkRecord, type MeasuredField, type TelemetrySample } from './records.ts';
import { recomputeRollups, writeRollups, type EnergyRow, type TouchedSpan } from './rollups.ts';
import { evaluateSamples, type AlarmChange } from '../alarms/evaluate.ts';
import { ALARM_STATE, breachesDefaults } from '../alarms/rules.ts';
import { alarmsCommitted } from '../alarms/announce.ts';
import { writeNotices } from '../alarms/notices.ts';

export interface IngestResult {
  accepted: number;
  duplicates: number;
  rejected: { index: number; reason: string }[];
  /** Plants whose devices got new samples (for the live stream). */
  plants: string[];
  /** With `deferRollups`: each device's span of the samples stored, for `rollUp`. */
  deferred?: TouchedSpan[];
  /** Alarms the batch raised or changed (server/alarms/evaluate.ts), to announce after the commit. */
  alarms: AlarmChange[];
}

export interface IngestOptions {
  /**
   * Stores the samples and the latest state only, leaving the rollups and the plants' list
   * readings to a later `rollUp` of the spans returned: a writer of many batches of one stretch of
   * history (the simulator's backfill) rolls a day up once, rather than with each of its batches.
   */
  deferRollups?: boolean;
  /** false leaves the alarm rules out: only bench:ingest does, to print what they cost. */
  alarmRules?: boolean;
}

export interface IngestSource {
  /** The office subtree whose plants' devices may report (an API client's); undefined: any (the simulator). */
  officePath?: string | undefined;
  /** Samples older than this are refused: their raw month may be gone already. */
  oldest?: Date | undefined;
}

/** `watched`: the device has an open alarm, or its plant limits of its own (the alarm rules must see its samples). */
interface DeviceRow { id: number; sn: string; plant_uid: string | null; path: string | null; watched: boolean }

async function devicesOf(db: Db, serials: string[]): Promise<Map<string, DeviceRow>> {
  const result = await db.execute(sql`
    select d.id, d.sn, d.plant_uid, o.path,
      exists (select 1 from alarms a where a.device_id = d.id and a.state = ${ALARM_STATE.untreated})
        or exists (select 1 from plant_alarm_thresholds t where t.plant_uid = d.plant_uid) as watched
    from devices d
    left join plants p on p.plant_uid = d.plant_uid left join offices o on o.id = p.office_id
    where lower(d.sn) in (select lower(value) from jsonb_array_elements_text(${JSON.stringify(serials)}::jsonb))`);
  const rows = (result as unknown as { rows: DeviceRow[] }).rows;
  return new Map(rows.map((r) => [r.sn.toLowerCase(), r]));
}

const COLUMNS: [MeasuredField, string, string][] = [
  ['pvPower', 'pv_power', 'real'], ['acPower', 'ac_power', 'real'], ['gridPower', 'grid_power', 'real'],
  ['loadPower', 'load_power', 'real'], ['batteryPower', 'battery_power', 'real'], ['batterySoc', 'battery_soc', 'real'],
  ['pvEnergyTotal', 'pv_energy_total', 'float8'], ['gridImportTotal', 'grid_import_total', 'float8'],
  ['gridExportTotal', 'grid_export_total', 'float8'], ['loadEnergyTotal', 'load_energy_total', 'float8'],
  ['batteryChargeTotal', 'battery_charge_total', 'float8'], ['batteryDischargeTotal', 'battery_discharge_total', 'float8'],
  ['temperature', 'temperature', 'real'], ['faultCode', 'fault_code', 'int'],
  ['gridVoltage', 'grid_voltage', 'real'], ['gridFrequency', 'grid_frequency', 'real'],
];
/** The staged batch (storeSamples), as the alarm rules read it. */
const BATCH = sql.raw('ingest_batch');
const NAMES = COLUMNS.map(([, column]) => column).join(', ');
const TYPED = COLUMNS.map(([, column, type]) => `${column} ${type}`).join(', ');

export async function ingest(db: Db, records: unknown[], source: IngestSource = {}, now = Date.now(), options: IngestOptions = {}): Promise<IngestResult> {
  const rejected: IngestResult['rejected'] = [];
  const checked: { index: number; sample: TelemetrySample }[] = [];
  records.forEach((record, index) => {
    const result = checkRecord(record, now);
    if ('reason' in result) rejected.push({ index, reason: result.reason });
    else if (source.oldest && result.ts < source.oldest) rejected.push({ index, reason: 'ts: older than the raw-data retention' });
    else checked.push({ index, sample: result });
  });
  const devices = await devicesOf(db, [...new Set(checked.map((c) => c.sample.sn))]);
  /** The accepted samples, as lines of COPY text in the columns of ingest_batch. */
  const rows: string[] = [];
  const seen = new Set<string>();
  const touched = new Map<number, TouchedSpan>();
  const plants = new Set<string>();
  let duplicates = 0;
  // Whether the alarm rules have anything to look at (see breachesDefaults).
  let alarming = false;
  for (const { index, sample } of checked) {
    const device = devices.get(sample.sn.toLowerCase());
    if (!device) rejected.push({ index, reason: 'sn: not in the device inventory' });
    else if (!device.plant_uid) rejected.push({ index, reason: 'sn: not bound to a plant' });
    else if (source.officePath !== undefined && !(device.path ?? '').startsWith(source.officePath)) rejected.push({ index, reason: 'sn: not a device of this client\'s organisation' });
    else {
      const key = `${device.id}@${sample.ts.getTime()}`;
      if (seen.has(key)) {
        duplicates++;
        continue;
      }
      seen.add(key);
      rows.push(sampleLine(device.id, device.plant_uid, sample));
      alarming ||= device.watched || breachesDefaults(sample);
      const span = touched.get(device.id);
      if (!span) touched.set(device.id, { deviceId: device.id, from: sample.ts, to: sample.ts });
      else if (sample.ts < span.from) span.from = sample.ts;
      else if (sample.ts > span.to) span.to = sample.ts;
      plants.add(device.plant_uid);
    }
  }
  rejected.sort((a, b) => a.index - b.index);
  if (!rows.length) return { accepted: 0, duplicates, rejected, plants: [], alarms: [] };

  await ensurePartitions(db, [...touched.values()].flatMap((span) => monthsOf(span.from, span.to)));
  const plantList = JSON.stringify([...plants]);
  const { accepted, alarms, notices } = await db.transaction(async (tx) => {
    if (!options.deferRollups) await lockPlants(tx, plantList);
    const count = await storeSamples(tx, rows.join(''));
    if (count && !options.deferRollups) await rollUpIn(tx, [...touched.values()], plantList);
    // The alarm rules see the batch while it is staged, in the transaction that stores it, and so
    // do the private messages of the alarms they raise.
    // A device whose alarm opened after devicesOf read it is seen by its next batch.
    const changes = count && alarming && options.alarmRules !== false ? await evaluateSamples(tx, BATCH) : [];
    return { accepted: count, alarms: changes, notices: await writeNotices(tx, changes) };
  });
  alarmsCommitted(db, alarms, notices);
  return {
    accepted, alarms, duplicates: duplicates + rows.length - accepted, rejected, plants: [...plants],
    ...(options.deferRollups ? { deferred: [...touched.values()] } : {}),
  };
}

type Measured = { ts: Date } & Partial<Record<MeasuredField, number>>;

/** A sample as a line of COPY text in the columns of ingest_batch, or without a plant in those of device_data. */
function sampleLine(deviceId: number, plantUid: string | undefined, sample: Measured): string {
  let line = plantUid === undefined ? `${deviceId}\t${sample.ts.toISOString()}` : `${deviceId}\t${copyValue(plantUid)}\t${sample.ts.toISOString()}`;
  for (const [field] of COLUMNS) line += `\t${copyValue(sample[field])}`;
  return `${line}\n`;
}

/**
 * Stores samples (lines of sampleLine) and the latest state of their devices; answers how many
 * were new. The batch is staged by COPY into a scratch table of the connection (made by its first
 * batch, emptied by each commit): as a JSON parameter, parsing it had cost PostgreSQL three times
 * the COPY. Its rows are stored, and the newest sample of each device becomes its latest state
 * unless a newer one is stored.
 */
async function storeSamples(tx: Tx, lines: string): Promise<number> {
  await tx.execute(sql.raw(`create temporary table if not exists ingest_batch (device_id int, plant_uid text, ts timestamptz, ${TYPED}) on commit delete rows`));
  await copyInto(tx, 'ingest_batch', lines);
  const inserted = await tx.execute(sql`
    with stored as (
      insert into device_data (device_id, ts, ${sql.raw(NAMES)})
      select device_id, ts, ${sql.raw(NAMES)} from ingest_batch
      on conflict do nothing
      returning 1),
    latest as (
      insert into device_latest (device_id, plant_uid, ts, ${sql.raw(NAMES)})
      select distinct on (device_id) device_id, plant_uid, ts, ${sql.raw(NAMES)} from ingest_batch
      order by device_id, ts desc
      on conflict (device_id) do update set plant_uid = excluded.plant_uid, ts = excluded.ts,
        ${sql.raw(COLUMNS.map(([, c]) => `${c} = excluded.${c}`).join(', '))}
      where device_latest.ts < excluded.ts)
    select count(*)::int as n from stored`);
  return (inserted as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

/**
 * Rollups are rebuilt by delete and insert: two batches of one plant at once (two devices posting,
 * MQTT beside HTTP) would each insert the other's rows. A lock per plant, taken in one global order
 * so that no two batches wait on each other, makes them take turns.
 */
async function lockPlants(tx: Tx, plantList: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(k) from (
    select distinct hashtextextended(u, 9) as k from jsonb_array_elements_text(${plantList}::jsonb) u order by 1) locks`);
}

async function rollUpIn(tx: Tx, spans: TouchedSpan[], plantList: string) {
  await recomputeRollups(tx, spans);
  // The plant lists' readings (migration 0019): status, power, today's and lifetime energy.
  await tx.execute(sql`select portal_refresh_plant_readings(array(select jsonb_array_elements_text(${plantList}::jsonb)),
    make_interval(mins => ${ONLINE_WINDOW_MINUTES}))`);
}

/** Rolls up what batches stored with `deferRollups` (their spans, merged or not) and refreshes their plants' readings. */
export async function rollUp(db: Db, spans: TouchedSpan[], plants: string[]): Promise<void> {
  if (!spans.length) return;
  const plantList = JSON.stringify(plants);
  await db.transaction(async (tx) => {
    await lockPlants(tx, plantList);
    await rollUpIn(tx, spans, plantList);
  });
}

/**
 * A stretch of history computed in memory (the simulator's backfill of a plant that had no data):
 * its samples, the months they fall in, and their rollups, final already.
 */
export interface History {
  samples: { deviceId: number; plantUid: string; sample: Measured }[];
  /** Whether it holds its devices' newest samples: their latest state, and the plant's list readings. */
  latest: boolean;
  months: string[];
  devices: { deviceId: number; plantUid: string; rows: EnergyRow[] }[];
  plants: { plantUid: string; rows: EnergyRow[] }[];
}

/**
 * Stores a stretch of history in one transaction: its samples, and its rollups in one round trip
 * after them, rather than having the database read the samples back to roll them up. The newest
 * stretch goes in as ingest stores a batch, with the latest states and the plants' list readings;
 * an older one is copied straight into device_data (staging it and its commit's emptying of the
 * stage had cost as much again), unless `carefully`: then as a batch, whose samples already stored
 * (a device reporting meanwhile) are left as they are.
 */
export async function storeHistory(db: Db, history: History, carefully = false): Promise<void> {
  await ensurePartitions(db, history.months);
  // Uids and JSON, which never hold the quote's tag.
  const plantList = `$uids$${JSON.stringify(history.plants.map((p) => p.plantUid))}$uids$::jsonb`;
  const staged = history.latest || carefully;
  const lines = history.samples.map(({ deviceId, plantUid, sample }) => sampleLine(deviceId, staged ? plantUid : undefined, sample)).join('');
  await db.transaction(async (tx) => {
    if (staged) await storeSamples(tx, lines);
    else await copyInto(tx, `device_data (device_id, ts, ${NAMES})`, lines);
    await writeRollups(tx, history.devices, history.plants, `
      select pg_advisory_xact_lock(k) from (select distinct hashtextextended(u, 9) as k from jsonb_array_elements_text(${plantList}) u order by 1) locks;`,
    history.latest ? refreshScript(plantList) : '');
  });
}

const refreshScript = (plantList: string) => `
  select portal_refresh_plant_readings(array(select jsonb_array_elements_text(${plantList})), make_interval(mins => ${ONLINE_WINDOW_MINUTES}));`;

/** Refreshes the plants' list readings (their lifetime energy, once older history is stored). */
export async function refreshReadings(db: Db, plants: string[]): Promise<void> {
  if (plants.length) await db.execute(sql.raw(refreshScript(`$uids$${JSON.stringify(plants)}$uids$::jsonb`)));
}
