// The demo simulator: every plant with bound devices reports through the real ingest pipeline, as
// its devices would. It first backfills the history (SIM_BACKFILL_DAYS, from where each plant's
// data stops) in the background, logging its progress, then steps every plant live each minute.
//
// The backfill runs the model forward in memory, keeping each plant's state at the start of every
// day back from now, and then stores the days newest first (the latest day of every plant, then
// the day before, and so on), so that today's and yesterday's dashboards fill within seconds and
// what is shown while it runs is the recent history, complete back to where it has got. A plant
// that had no data (the demo's first start) goes in a day of its rollups' clock at a time, in one
// transaction: the day's samples with their rollups, computed in memory (storeHistory), since its
// whole history is at hand. Any other plant's day goes in as transactions of about
// BATCH_TARGET_MS: its samples, then one pass of rollups for the day (ingest's deferRollups), which
// take samples in any order exactly (rollups.ts). Between two transactions the requests being
// answered finish first, since PGlite has one connection.
//
// A plant whose own computation or storage fails (a time zone the runtime or PostgreSQL refuses,
// say) is left out with its reason logged once, and the others carry on; a live step retries it
// on its own every minute, and logs when it reports again.
//
// A plant's first inverter (else its energy manager, else any device) reports the plant-level
// sample: PV, AC and battery, and their lifetime counters. The plant's meter, when it has one,
// reports the grid and the load (else the reporting device does), and its EV charger what it
// draws, which the load reported beside it then leaves out: each quantity comes from one device
// only, so that the plant's sums hold. Its other devices (energy managers beside an inverter,
// modules) send a heartbeat with their temperature in each live step, so that they show online as
// they would in the field; the backfill leaves them out, as only the latest sample decides a
// device's state.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client.ts';
import { replayAlarms } from '../alarms/replay.ts';
import { ingest, refreshReadings, rollUp, storeHistory, type History } from './ingest.ts';
import { monthsOf } from './partitions.ts';
import { bucketOf, hoursInMemory, plantHoursInMemory, sumInMemory, type EnergyRow, type RollupSample, type TouchedSpan } from './rollups.ts';
import { Grain } from '../db/schema/telemetry.ts';
import { localClock, zoneOffsetMs } from './model/local-time.ts';
import { linkDown } from './model/link.ts';
import { WS_PER_KWH } from './model/battery.ts';
import { initialPlantState, plantStep, type PlantConfig, type PlantState } from './model/plant-step.ts';

export interface SimulatorOptions {
  backfillDays: number;
  /** Seconds between live samples, and between backfilled ones. */
  liveStepS: number;
  backfillStepS: number;
}

export const DEFAULT_SIMULATOR: SimulatorOptions = { backfillDays: 90, liveStepS: 60, backfillStepS: 300 };

/**
 * Database time a backfill batch aims at: about the longest a request waits for the backfill
 * (20 ms had made the backfill a sixth quicker, and a request's wait for it half as long again).
 * Its size in records follows from the last batches' durations (the machine and the history's
 * size decide).
 */
const BATCH_TARGET_MS = 12;
const MIN_BATCH_RECORDS = 100;
const MAX_BATCH_RECORDS = 3000;
/**
 * Days of a plant rolled up in one pass of the backfill. A pass costs some 7 ms however little it
 * rolls up, and about 6 ms a day of a plant with a meter: one day keeps it near BATCH_TARGET_MS.
 */
const DAYS_PER_PASS = 1;
/** The model's computation between two looks at the requests waiting (ms). */
const MODEL_SLICE_MS = 10;

/**
 * Lets timers and I/O run. PGlite answers within microtasks, so a loop of awaited batches would
 * otherwise never give the event loop back: no request would be served until the backfill ended.
 */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The HTTP requests this process is answering (event streams aside: they stay open while watched),
 * as Node announces them: the backfill waits for them between its batches. PGlite serves one
 * statement at a time, in order, and a request's statements come one after another, each queued
 * behind whatever the backfill sent meanwhile.
 */
const answering = new Set<ServerResponse>();
const whenIdle = new Set<() => void>();
let watchers = 0;
function onRequestStart(message: unknown) {
  const { request, response } = message as { request: IncomingMessage; response: ServerResponse };
  if ((request.headers.accept ?? '').includes('text/event-stream')) return;
  answering.add(response);
  // 'close' comes whether the answer was sent or the client left.
  response.once('close', () => {
    answering.delete(response);
    if (answering.size) return;
    for (const resolve of whenIdle) resolve();
    whenIdle.clear();
  });
}

/** Starts following the process's requests; the function returned stops. */
function watchRequests(): () => void {
  if (watchers++ === 0) subscribe('http.server.request.start', onRequestStart);
  let watching = true;
  return () => {
    if (!watching) return;
    watching = false;
    if (--watchers === 0) unsubscribe('http.server.request.start', onRequestStart);
  };
}

/** Resolves once no request is being answered, or after `maxMs`. */
function requestsAnswered(maxMs: number): Promise<void> {
  if (!answering.size) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      whenIdle.delete(done);
      resolve();
    };
    const timer = setTimeout(done, maxMs);
    whenIdle.add(done);
  });
}

const DAY_MS = 24 * 3600 * 1000;

/** What a plant's model carries from one step to the next, to go back to. */
interface Snapshot {
  state: PlantState;
  chargerEnergy: number;
  last: number;
}

const snapshot = (plant: SimulatedPlant): Snapshot => ({ state: structuredClone(plant.state), chargerEnergy: plant.chargerEnergy, last: plant.last });
const restore = (plant: SimulatedPlant, from: Snapshot) => Object.assign(plant, { ...from, state: structuredClone(from.state) });

/** One day back from now of a plant's backfill: its steps, the plant's model before the first, and the records of the last. */
interface BackfillDay {
  steps: { at: number; dtSeconds: number }[];
  start: Snapshot;
  last?: ReturnType<typeof deviceRecords>;
}

/** Why a plant was left out, as logged: a database error by its SQLSTATE, else the error itself. */
export function failureReason(error: unknown): string {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return `database error ${code}`;
  }
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

export interface SimulatedPlant {
  config: PlantConfig;
  sn: string;
  /** The reporting device's snType: an energy manager's (3 or 7) connection drops now and then (link.ts). */
  snType?: number;
  /** The plant's meter, which reports the grid and the load. */
  meter: string | null;
  /** The plant's EV charger, which reports its own draw, and its lifetime energy (kWh). */
  charger: string | null;
  chargerEnergy: number;
  /** Its devices that report a heartbeat only. */
  others: string[];
  state: PlantState;
  /** Epoch ms of the last sample stored. */
  last: number;
  /**
   * Its reporting devices' ids by serial, when none of them had any data: its history is then
   * rolled up in memory as it is stored (storeHistoryDay).
   */
  historyless?: Map<string, number>;
}

interface PlantRow {
  plant_uid: string; type: number; latitude: number | null; longitude: number | null; time_zone: string | null;
  system_power: string | number | null; pv_panel_angle: number | null; pv_panel_azimuth: number | null;
  sn: string; sn_type: number; chargers: number; meter: string | null; charger: string | null; others: string[] | null;
  ts: Date | string | null; battery_soc: number | null; sn_id: number; meter_id: number | null; charger_id: number | null;
  pv_energy_total: number | null; grid_import_total: number | null; grid_export_total: number | null;
  load_energy_total: number | null; battery_charge_total: number | null; battery_discharge_total: number | null;
  /** The meter's own counters, once it has reported. */
  meter_ts: Date | string | null; meter_import: number | null; meter_export: number | null; meter_load: number | null;
  /** The charger's own counter, once it has reported. */
  charger_ts: Date | string | null; charger_energy: number | null;
}

/** What the simulator assumes of a plant from its form: its type decides storage and load. */
export function plantConfig(row: Pick<PlantRow, 'plant_uid' | 'type' | 'latitude' | 'longitude' | 'time_zone' | 'system_power' | 'pv_panel_angle' | 'pv_panel_azimuth' | 'chargers'>): PlantConfig {
  const kWp = Number(row.system_power ?? 0) || 5;
  const commercial = row.type === 3;
  return {
    id: row.plant_uid,
    latitude: row.latitude ?? 0,
    longitude: row.longitude ?? 0,
    ...(row.time_zone ? { timeZone: row.time_zone } : {}),
    systemPowerKw: kWp,
    panel: { tiltDeg: row.pv_panel_angle ?? 25, azimuthDeg: row.pv_panel_azimuth ?? 0 },
    // A home of about 4,000 kWh a year per 5 kWp; a business sized to its array.
    load: commercial ? { kind: 'commercial', scale: kWp / 20 } : { kind: 'household', scale: Math.max(0.5, kWp / 5) },
    ...(row.type === 1 || commercial ? {
      battery: {
        capacityKwh: commercial ? kWp * 2 : 10, maxChargeKw: commercial ? kWp / 2 : 5, maxDischargeKw: commercial ? kWp / 2 : 5,
        roundTripEfficiency: 0.92, socMinPct: 10, socMaxPct: 100,
        // On a time-of-use tariff: a business fills up overnight for its day, a home tops up
        // before dawn for the morning peak; the sun does the rest.
        gridCharge: commercial ? { fromHour: 0, toHour: 6, targetSocPct: 90 } : { fromHour: 2, toHour: 5, targetSocPct: 40 },
      },
    } : {}),
    ...(row.chargers > 0 ? { charger: { maxKw: commercial ? 22 : 7.4, pattern: commercial ? 'workplace' : 'home' } } : {}),
  };
}

/**
 * The reporting device of every plant with bound devices, and where its data stops. A plant whose
 * row the simulator cannot take is left to `onFailure`.
 */
async function loadPlants(db: Db, onFailure: (plantUid: string, error: unknown) => void): Promise<SimulatedPlant[]> {
  const result = await db.execute(sql`
    select p.plant_uid, p.type, p.latitude, p.longitude, p.time_zone, p.system_power, p.pv_panel_angle, p.pv_panel_azimuth,
      d.sn, d.sn_type, d.id as sn_id, m.id as meter_id, c.id as charger_id, (select count(*)::int from devices c where c.plant_uid = p.plant_uid and c.sn_type = 6) as chargers,
      m.sn as meter, c.sn as charger, (select array_agg(o.sn order by o.id) from devices o where o.plant_uid = p.plant_uid and o.id <> d.id
        and o.id is distinct from m.id and o.id is distinct from c.id) as others,
      l.ts, l.battery_soc, l.pv_energy_total, l.grid_import_total, l.grid_export_total, l.load_energy_total,
      l.battery_charge_total, l.battery_discharge_total,
      ml.ts as meter_ts, ml.grid_import_total as meter_import, ml.grid_export_total as meter_export, ml.load_energy_total as meter_load,
      cl.ts as charger_ts, cl.load_energy_total as charger_energy
    from plants p
    join lateral (select id, sn, sn_type from devices where plant_uid = p.plant_uid
      order by case sn_type when 1 then 0 when 3 then 1 when 7 then 1 else 2 end, id limit 1) d on true
    left join lateral (select id, sn from devices where plant_uid = p.plant_uid and sn_type = 2 and id <> d.id order by id limit 1) m on true
    left join device_latest l on l.device_id = d.id
    left join lateral (select id, sn from devices where plant_uid = p.plant_uid and sn_type = 6 and id <> d.id order by id limit 1) c on true
    left join device_latest ml on ml.device_id = m.id
    left join device_latest cl on cl.device_id = c.id
    order by p.plant_uid`);
  const plants: SimulatedPlant[] = [];
  for (const row of (result as unknown as { rows: PlantRow[] }).rows) {
    try {
      plants.push(simulatedPlant(row));
    } catch (error) {
      onFailure(row.plant_uid, error);
    }
  }
  return plants;
}

function simulatedPlant(row: PlantRow): SimulatedPlant {
  const config = plantConfig(row);
  const state = initialPlantState(config, row.battery_soc ?? 50);
  if (row.ts) {
    state.counters = {
      pvEnergyTotal: row.pv_energy_total ?? 0, gridImportTotal: row.grid_import_total ?? 0, gridExportTotal: row.grid_export_total ?? 0,
      loadEnergyTotal: row.load_energy_total ?? 0, batteryChargeTotal: row.battery_charge_total ?? 0, batteryDischargeTotal: row.battery_discharge_total ?? 0,
    };
  }
  // The grid and load counters go on from the meter's, once it has taken them over.
  if (row.meter_ts) {
    Object.assign(state.counters, { gridImportTotal: row.meter_import ?? 0, gridExportTotal: row.meter_export ?? 0, loadEnergyTotal: row.meter_load ?? 0 });
  }
  // The load reported beside the charger leaves its energy out: the plant's total adds it back.
  const chargerEnergy = row.charger_energy ?? 0;
  state.counters.loadEnergyTotal += chargerEnergy;
  const historyless = !row.ts && !row.meter_ts && !row.charger_ts;
  return {
    config, sn: row.sn, snType: row.sn_type, meter: row.meter, charger: row.charger, chargerEnergy, others: row.others ?? [], state,
    last: row.ts ? new Date(row.ts).getTime() : 0,
    ...(historyless ? {
      historyless: new Map([[row.sn, row.sn_id], ...(row.meter ? [[row.meter, row.meter_id!] as const] : []), ...(row.charger ? [[row.charger, row.charger_id!] as const] : [])]),
    } : {}),
  };
}

/** Moves a plant's model on by one step; answers the step's sample. */
function advance(plant: SimulatedPlant, at: number, dtSeconds: number) {
  const { sample, state } = plantStep(plant.config, plant.state, new Date(at), dtSeconds);
  plant.state = state;
  plant.last = at;
  if (plant.charger) plant.chargerEnergy += (Math.max(0, sample.chargerPower) * dtSeconds) / WS_PER_KWH;
  return sample;
}

/** One step of a plant as the telemetry records its devices send (heartbeats only when `live`). */
export function deviceRecords(plant: SimulatedPlant, at: number, dtSeconds: number, live: boolean) {
  const sample = advance(plant, at, dtSeconds);
  const { charger } = plant;
  const drawn = charger ? { power: sample.chargerPower, energy: plant.chargerEnergy } : { power: 0, energy: 0 };
  const { gridImportTotal, gridExportTotal, loadEnergyTotal, ...own } = plant.state.counters;
  const grid = {
    gridPower: sample.gridPower, loadPower: sample.loadPower - drawn.power, gridImportTotal, gridExportTotal, loadEnergyTotal: loadEnergyTotal - drawn.energy,
  };
  const { longitude, timeZone, id } = plant.config;
  const unreachable = (plant.snType === 3 || plant.snType === 7) && linkDown(id, localClock(new Date(at), longitude, timeZone));
  return [
    ...(unreachable ? [] : [{
      sn: plant.sn, ts: at, pvPower: sample.pvPower, acPower: sample.acPower,
      ...(sample.batterySoc !== null ? { batteryPower: sample.batteryPower, batterySoc: sample.batterySoc } : {}),
      ...own, ...(plant.meter ? {} : grid),
      temperature: sample.temperature, faultCode: sample.faultCode, gridVoltage: sample.gridVoltage, gridFrequency: sample.gridFrequency,
    }]),
    ...(plant.meter ? [{ sn: plant.meter, ts: at, ...grid }] : []),
    ...(charger ? [{ sn: charger, ts: at, loadPower: drawn.power, loadEnergyTotal: drawn.energy }] : []),
    ...(live ? plant.others.map((sn) => ({ sn, ts: at, temperature: sample.temperature, faultCode: 0 })) : []),
  ];
}

export class Simulator {
  private plants: SimulatedPlant[] = [];
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private running: Promise<void> = Promise.resolve();
  /** The live steps, one after the other (the scheduler's and stepLive's). */
  private stepping: Promise<void> = Promise.resolve();
  /** Plants left out, with the reason last logged for each. */
  private readonly failing = new Map<string, string>();
  /** Records per backfill batch, adapted to BATCH_TARGET_MS. */
  private batchRecords = 300;
  /** How long the transactions of the work under way held the database (ms). */
  private held = 0;
  /**
   * The database, timing each transaction from its BEGIN (once it has the connection) to its
   * COMMIT's answer. One object throughout: what is known of a database (its partitions) is
   * kept per object.
   */
  private readonly timed: Db;

  /** `committed` hears the plants of each stored batch, after its commit (the live streams). */
  constructor(private readonly db: Db, private readonly log: FastifyBaseLogger, private readonly options = DEFAULT_SIMULATOR,
    private readonly committed: (plants: string[]) => void = () => undefined) {
    this.timed = Object.create(db, {
      transaction: {
        value: async (inner: (tx: Tx) => Promise<unknown>) => {
          let began = performance.now();
          try {
            return await this.db.transaction((tx) => {
              began = performance.now();
              return inner(tx);
            });
          } finally {
            this.held += performance.now() - began;
          }
        },
      },
    }) as Db;
  }

  /** Starts the backfill in the background; the live run follows it. Resolves when the backfill is done. */
  start(): Promise<void> {
    const unwatch = watchRequests();
    const backfill = this.backfill().finally(unwatch);
    this.running = backfill.then(() => this.scheduleLive(), (error: Error) => {
      if (!this.stopped) this.log.error({ err: error }, 'simulator stopped');
    });
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    await this.stepping;
  }

  /** One live step now, after any step under way (the scheduler takes one each `liveStepS`). */
  stepLive(): Promise<void> {
    const step = this.stepping.then(() => (this.stopped ? undefined : this.live()));
    this.stepping = step.catch(() => undefined);
    return step;
  }

  /** Plants left out so far, by uid, with their reasons. */
  get leftOut(): ReadonlyMap<string, string> {
    return this.failing;
  }

  /** Logs a plant's failure once per reason (then at debug level), and keeps it apart from the others. */
  private leaveOut(plantUid: string, error: unknown) {
    if (this.stopped) return;
    const reason = failureReason(error);
    if (this.failing.get(plantUid) === reason) {
      this.log.debug({ plantUid, reason }, 'simulator: plant still left out');
      return;
    }
    this.failing.set(plantUid, reason);
    this.log.warn({ plantUid, reason, err: error }, 'simulator: plant left out; the others carry on');
  }

  private reporting(plantUid: string) {
    if (this.failing.delete(plantUid)) this.log.info({ plantUid }, 'simulator: plant reporting again');
  }

  private async backfill() {
    this.plants = await loadPlants(this.db, (uid, error) => this.leaveOut(uid, error));
    const now = alignDown(Date.now(), this.options.backfillStepS);
    const from = now - this.options.backfillDays * DAY_MS;
    const total = this.plants.reduce((n, p) => n + Math.max(0, now - Math.max(p.last, from)), 0);
    if (total <= 0) return;
    // Their days are copied into device_data without the ingest pipeline: its alarm rules run over them after.
    const rolledInMemory = this.plants.filter((p) => p.historyless).map((p) => p.config.id);
    this.log.info({ plants: this.plants.length, days: this.options.backfillDays }, 'simulator: backfilling history');
    const started = Date.now();
    const cpu = process.cpuUsage();
    let done = 0;
    let reported = 0;
    const progress = (ms: number) => {
      // Progress is simulated time (a step makes a record for each reporting device).
      done += ms;
      const percent = Math.floor((100 * done) / total);
      if (percent >= reported + 10) {
        reported = percent - (percent % 10);
        this.log.info({ percent: reported }, `simulator: backfill ${reported} %`);
      }
    };
    // Each plant's days back from now (index 0 the latest), run forward in memory when its latest
    // day is first needed; then the state it ends in, which the live run goes on from. The days go
    // in by DAYS_PER_PASS, the latest of every plant first.
    const runs = new Map<SimulatedPlant, { days: BackfillDay[]; end: Snapshot; failed?: boolean } | null>();
    const sums = new Map<SimulatedPlant, Sums>();
    // A day more for the plants stored by the days of their own clock.
    const days = Math.ceil((now - from) / DAY_MS) + 1;
    for (let first = 0; first < days && !this.stopped; first += DAYS_PER_PASS) {
      // The plants whose older days came in: their lifetime energy, refreshed once per pass.
      const refresh: string[] = [];
      for (const plant of this.plants) {
        if (this.stopped) break;
        if (!runs.has(plant)) runs.set(plant, await this.runForward(plant, from, now));
        const run = runs.get(plant);
        if (!run || run.failed) continue;
        const pass = run.days.slice(first, first + DAYS_PER_PASS).filter((day) => day !== undefined);
        // A plant that fails keeps the days stored so far, and goes on live from its latest state.
        if (plant.historyless) {
          if (!sums.has(plant)) sums.set(plant, new Map());
          for (let day = first; day < first + DAYS_PER_PASS && !run.failed; day++) {
            if (run.days[day] && !(await this.storeHistoryDay(plant, run.days, day, sums.get(plant)!, progress))) run.failed = true;
          }
          if (first > 0 && !run.failed) refresh.push(plant.config.id);
        } else if (pass.length && !(await this.storeDays(plant, pass, progress))) run.failed = true;
        // The day before a stored day keeps the records of its last step: they precede the next day's.
        for (let day = first; day < first + DAYS_PER_PASS; day++) {
          const stored = run.days[day];
          if (stored) stored.steps = [];
        }
      }
      if (refresh.length && !this.stopped) {
        try {
          await refreshReadings(this.timed, refresh);
        } catch (error) {
          // The readings are refreshed again with the next pass or live step.
          this.log.debug({ err: error }, 'simulator: plant readings not refreshed');
        }
        this.committed(refresh);
      }
      if (first === 0 && !this.stopped) {
        this.log.info({ days: DAYS_PER_PASS, seconds: Math.round((Date.now() - started) / 1000) }, 'simulator: backfill has the latest days of every plant');
      }
    }
    for (const [plant, run] of runs) if (run) restore(plant, run.end);
    if (!this.stopped) {
      try {
        const alarms = await replayAlarms(this.timed, rolledInMemory, from, Date.now() + 1, () => this.giveWay(MODEL_SLICE_MS));
        this.log.info({ alarms: alarms.length }, 'simulator: alarm rules run over the backfilled history');
      } catch (error) {
        this.log.warn({ err: error }, 'simulator: alarm rules not run over the backfilled history');
      }
    }
    if (!this.stopped) {
      // The process's CPU meanwhile (requests' included): a figure a busy machine stretches less than the clock.
      const { user, system } = process.cpuUsage(cpu);
      this.log.info({ seconds: Math.round((Date.now() - started) / 1000), cpuSeconds: Math.round((user + system) / 1e5) / 10 }, 'simulator: backfill done, running live');
    }
  }

  /** A plant's backfill steps by day back from now, with its model at the start of each; null if its model fails. */
  private async runForward(plant: SimulatedPlant, from: number, now: number): Promise<{ days: BackfillDay[]; end: Snapshot } | null> {
    const days: BackfillDay[] = [];
    const steps = backfillSteps(plant.last, from, now, this.options.backfillStepS);
    const before = snapshot(plant);
    // The model runs in slices between which requests are served.
    let slice = performance.now();
    try {
      // A plant rolled up in memory goes in by the days of its rollups' clock, so that each of its
      // hours and days is complete in one transaction.
      const dayOf = plant.historyless ? localDays(rollupZone(plant), now) : (at: number) => Math.floor((now - at) / DAY_MS);
      for (let i = 0, next = steps.length ? dayOf(steps[0]!.at) : 0; i < steps.length && !this.stopped; i++) {
        const step = steps[i]!;
        const day = next;
        next = i + 1 < steps.length ? dayOf(steps[i + 1]!.at) : -1;
        days[day] ??= { steps: [], start: snapshot(plant) };
        days[day].steps.push(step);
        // The records of a day's last step precede the next day's (storeHistoryDay); the others are made when stored.
        if (next !== day) days[day].last = deviceRecords(plant, step.at, step.dtSeconds, false);
        else advance(plant, step.at, step.dtSeconds);
        if (performance.now() - slice >= MODEL_SLICE_MS) {
          await this.giveWay(MODEL_SLICE_MS);
          slice = performance.now();
        }
      }
    } catch (error) {
      restore(plant, before);
      this.leaveOut(plant.config.id, error);
      return null;
    }
    return { days, end: snapshot(plant) };
  }

  /**
   * Stores a day of a plant without earlier data (plant.historyless) in one transaction: its
   * samples with their rollups, computed in memory (the hours from the samples and the last records
   * of the day before, the day from them, and its month and year from the days stored so far).
   * False when the plant fails (it is then left out). Should the rollups need the database's
   * reading of the samples, this day and the plant's others go the way of storeDays.
   */
  private async storeHistoryDay(plant: SimulatedPlant, days: BackfillDay[], index: number, sums: Sums, progress: (ms: number) => void): Promise<boolean> {
    const ids = plant.historyless!;
    const day = days[index]!;
    const uid = plant.config.id;
    const zone = rollupZone(plant);
    const wallClock = (ts: number) => ts + zoneOffsetMs(ts, zone);
    const samples = new Map<number, RollupSample[]>();
    const stored: History['samples'] = [];
    let history: History;
    let slice = performance.now();
    try {
      restore(plant, day.start);
      for (const s of day.steps) {
        for (const record of deviceRecords(plant, s.at, s.dtSeconds, false)) {
          const id = ids.get(record.sn)!;
          let own = samples.get(id);
          if (!own) samples.set(id, own = []);
          own.push(record);
          stored.push({ deviceId: id, plantUid: uid, sample: { ...record, ts: new Date(record.ts) } });
        }
        if (performance.now() - slice >= MODEL_SLICE_MS) {
          await this.giveWay(MODEL_SLICE_MS);
          slice = performance.now();
        }
      }
      const before = new Map((days[index + 1]?.last ?? []).map((record) => [ids.get(record.sn)!, record as RollupSample]));
      const devices: History['devices'] = [];
      const hoursOfDevices: EnergyRow[][] = [];
      for (const [deviceId, own] of [...samples].sort(([a], [b]) => a - b)) {
        const hours = hoursInMemory(own, before.get(deviceId), wallClock);
        if (!hours) {
          delete plant.historyless;
          return await this.storeDays(plant, [day], progress);
        }
        hoursOfDevices.push(hours);
        devices.push({ deviceId, plantUid: uid, rows: summedUp(sums, deviceId, hours) });
      }
      const first = day.steps[0]!.at;
      history = {
        samples: stored, latest: index === 0, months: monthsOf(new Date(first), new Date(day.steps.at(-1)!.at)), devices,
        plants: [{ plantUid: uid, rows: summedUp(sums, 0, plantHoursInMemory(hoursOfDevices)) }],
      };
    } catch (error) {
      this.leaveOut(uid, error);
      return false;
    }
    // Copied straight in first; should that fail (a device reporting meanwhile), staged.
    let tries = 0;
    const done = await this.attempt(plant, (db) => storeHistory(db, history, tries++ > 0));
    if (!done) return false;
    this.committed([uid]);
    progress(day.steps.reduce((sum, s) => sum + s.dtSeconds * 1000, 0));
    await this.giveWay(done.held);
    return true;
  }

  /**
   * Stores consecutive days of a plant (the latest first): their samples newest first, in batches
   * of about BATCH_TARGET_MS, then their rollups in one pass (a batch's own would cost more than
   * its samples), letting requests go first between them. False when the plant fails (it is then
   * left out).
   */
  private async storeDays(plant: SimulatedPlant, days: BackfillDay[], progress: (ms: number) => void): Promise<boolean> {
    // Each day's records from the plant's model at its start, the oldest first, in slices.
    const records: ReturnType<typeof deviceRecords>[] = [];
    let slice = performance.now();
    try {
      for (const day of [...days].reverse()) {
        restore(plant, day.start);
        for (const s of day.steps) {
          records.push(deviceRecords(plant, s.at, s.dtSeconds, false));
          if (performance.now() - slice >= MODEL_SLICE_MS) {
            await this.giveWay(MODEL_SLICE_MS);
            slice = performance.now();
          }
        }
      }
    } catch (error) {
      this.leaveOut(plant.config.id, error);
      return false;
    }
    await this.giveWay(MODEL_SLICE_MS);
    const spans = new Map<number, TouchedSpan>();
    const plants = new Set<string>();
    for (let end = records.length; end > 0 && !this.stopped;) {
      let begin = end - 1;
      let count = records[begin]!.length;
      while (begin > 0 && count + records[begin - 1]!.length <= this.batchRecords) count += records[--begin]!.length;
      const batch = records.slice(begin, end).flat();
      const stored = await this.attempt(plant, (db) => ingest(db, batch, {}, Date.now(), { deferRollups: true }));
      if (!stored) return false;
      for (const span of stored.result.deferred ?? []) {
        const known = spans.get(span.deviceId);
        if (!known) spans.set(span.deviceId, { ...span });
        else {
          if (span.from < known.from) known.from = span.from;
          if (span.to > known.to) known.to = span.to;
        }
      }
      for (const uid of stored.result.plants) plants.add(uid);
      // The batch size that takes about BATCH_TARGET_MS, approached by at most a factor of two.
      const ratio = Math.min(2, Math.max(0.5, BATCH_TARGET_MS / Math.max(stored.held, 1)));
      this.batchRecords = Math.round(Math.min(MAX_BATCH_RECORDS, Math.max(MIN_BATCH_RECORDS, this.batchRecords * ratio)));
      end = begin;
      await this.giveWay(stored.held);
    }
    if (this.stopped) return false;
    const rolled = await this.attempt(plant, (db) => rollUp(db, [...spans.values()], [...plants]));
    if (!rolled) return false;
    this.committed([...plants]);
    progress(days.flatMap((day) => day.steps).reduce((sum, s) => sum + s.dtSeconds * 1000, 0));
    await this.giveWay(rolled.held);
    return true;
  }

  /**
   * Runs `work` (a transaction, once more after a failure: a failure of the moment passes), with
   * how long its transaction held the database (ms): what a request may wait for. Its whole time
   * would also count its statements' waits behind requests', and shrink the batches for the load
   * rather than their cost. Undefined when it failed again: the plant is then left out.
   */
  private async attempt<T>(plant: SimulatedPlant, work: (db: Db) => Promise<T>): Promise<{ result: T; held: number } | undefined> {
    for (let attempt = 1; ; attempt++) {
      this.held = 0;
      try {
        const result = await work(this.timed);
        return { result, held: this.held };
      } catch (error) {
        if (this.stopped) return undefined;
        if (attempt > 1) {
          this.leaveOut(plant.config.id, error);
          return undefined;
        }
        await this.giveWay(BATCH_TARGET_MS * 4);
      }
    }
  }

  /**
   * Lets requests go first: lets the event loop run, then waits, for at most `maxMs`, until no
   * request is being answered: after a batch, for as long as it held the database, so that under a
   * steady load the backfill still gets half of the time.
   * Statements other work queued meanwhile (MQTT, a test's injected requests) go first anyway:
   * PGlite runs them in order.
   */
  private async giveWay(maxMs: number) {
    // First the requests that came meanwhile are read (their arrival is announced then).
    await yieldToEventLoop();
    await requestsAnswered(maxMs);
  }

  private scheduleLive() {
    if (this.stopped) return;
    const stepMs = this.options.liveStepS * 1000;
    this.timer = setTimeout(() => {
      this.running = this.stepLive().catch((error: Error) => {
        if (!this.stopped) this.log.warn({ err: error }, 'simulator: a live step failed');
      }).then(() => this.scheduleLive());
    }, alignDown(Date.now(), this.options.liveStepS) + stepMs - Date.now());
    this.timer.unref();
  }

  private async live() {
    // Plants added or given devices since the last step join it, with the state they already have;
    // a plant left out takes its form afresh (its time zone may have been put right).
    const known = new Map(this.plants.map((p) => [p.config.id, p]));
    this.plants = (await loadPlants(this.db, (uid, error) => this.leaveOut(uid, error))).map((p) => {
      const plant = known.get(p.config.id);
      if (plant && this.failing.has(p.config.id)) plant.config = p.config;
      return plant ?? p;
    });
    const at = alignDown(Date.now(), this.options.liveStepS);
    const parts: { plant: SimulatedPlant; before: Snapshot; records: ReturnType<typeof deviceRecords> }[] = [];
    for (const plant of this.plants.filter((p) => p.last < at)) {
      const before = snapshot(plant);
      try {
        parts.push({ plant, before, records: deviceRecords(plant, at, Math.min(this.options.liveStepS * 10, (at - plant.last) / 1000), true) });
      } catch (error) {
        restore(plant, before);
        this.leaveOut(plant.config.id, error);
      }
    }
    // The plants that failed before go on their own, so that they cannot fail the others' batch;
    // when the others' batch fails, each of them goes on its own too.
    const alone = parts.filter((part) => this.failing.has(part.plant.config.id));
    const together = parts.filter((part) => !this.failing.has(part.plant.config.id));
    if (together.length) {
      try {
        this.committed((await ingest(this.db, together.flatMap((part) => part.records))).plants);
      } catch {
        alone.push(...together);
      }
    }
    for (const part of alone) {
      try {
        this.committed((await ingest(this.db, part.records)).plants);
        this.reporting(part.plant.config.id);
      } catch (error) {
        restore(part.plant, part.before);
        this.leaveOut(part.plant.config.id, error);
      }
    }
  }
}

/**
 * The backfill's steps of a plant whose data stops at `last`, from `from` (if later) up to `now`:
 * at whole steps of the clock, each with the time since the one before, so that the first step
 * after a stored sample integrates only the time since it.
 */
export function backfillSteps(last: number, from: number, now: number, stepS: number): { at: number; dtSeconds: number }[] {
  const steps: { at: number; dtSeconds: number }[] = [];
  let previous = Math.max(last, from);
  for (let at = alignDown(previous, stepS) + stepS * 1000; at <= now; at += stepS * 1000) {
    steps.push({ at, dtSeconds: (at - previous) / 1000 });
    previous = at;
  }
  return steps;
}

function alignDown(ms: number, stepS: number): number {
  return ms - (ms % (stepS * 1000));
}

/** The zone of a plant's rollups: its own, else UTC (as rollups.ts reads it). */
const rollupZone = (plant: SimulatedPlant) => plant.config.timeZone ?? 'UTC';

/** An instant's day back from `now`'s day on the wall clock of `zone` (0 today). */
function localDays(zone: string, now: number): (at: number) => number {
  const dayNumber = (at: number) => Math.floor((at + zoneOffsetMs(at, zone)) / DAY_MS);
  const today = dayNumber(now);
  return (at) => today - dayNumber(at);
}

/** A plant's day and month rollups stored so far, by device id (0 for the plant), for the months and years they sum into. */
type Sums = Map<number, { days: Map<number, EnergyRow>; months: Map<number, EnergyRow> }>;

/**
 * The rows to write for a day's hours of a device or plant: the hours, their day, and the month
 * and year holding it, summed from the days and months stored so far (kept in `sums`).
 */
function summedUp(sums: Sums, key: number, hours: EnergyRow[]): EnergyRow[] {
  let own = sums.get(key);
  if (!own) sums.set(key, own = { days: new Map(), months: new Map() });
  const days = sumInMemory(hours, Grain.day);
  for (const day of days) own.days.set(day.bucket, day);
  const months = new Set(days.map((day) => bucketOf(Grain.month, day.bucket)));
  const monthRows = sumInMemory([...own.days.values()].filter((day) => months.has(bucketOf(Grain.month, day.bucket))), Grain.month);
  for (const month of monthRows) own.months.set(month.bucket, month);
  const years = new Set(monthRows.map((month) => bucketOf(Grain.year, month.bucket)));
  const yearRows = sumInMemory([...own.months.values()].filter((month) => years.has(bucketOf(Grain.year, month.bucket))), Grain.year);
  return [...hours, ...days, ...monthRows, ...yearRows];
}
