// The demo simulator: every plant with bound devices reports through the real ingest pipeline, as
// its devices would. It first backfills the history (SIM_BACKFILL_DAYS, from where each plant's
// data stops) in the background, logging its progress, then steps every plant live each minute.
//
// A plant's first inverter (else its energy manager, else any device) reports the plant-level
// sample: PV, AC and battery, and their lifetime counters. The plant's meter, when it has one,
// reports the grid and the load (else the reporting device does), and its EV charger what it
// draws, which the load reported beside it then leaves out: each quantity comes from one device
// only, so that the plant's sums hold. Its other devices (energy managers beside an inverter,
// modules) send a heartbeat with their temperature in each live step, so that they show online as
// they would in the field; the backfill leaves them out, as only the latest sample decides a
// device's state.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { ingest } from './ingest.ts';
import { WS_PER_KWH } from './model/battery.ts';
import { initialPlantState, plantStep, type PlantConfig, type PlantState } from './model/plant-step.ts';

export interface SimulatorOptions {
  backfillDays: number;
  /** Seconds between live samples, and between backfilled ones. */
  liveStepS: number;
  backfillStepS: number;
}

export const DEFAULT_SIMULATOR: SimulatorOptions = { backfillDays: 90, liveStepS: 60, backfillStepS: 300 };
/** Records per ingest batch of the backfill: large enough to amortise a transaction, small enough to interleave with requests. */
const BACKFILL_BATCH = 500;

/**
 * Lets timers and I/O run. PGlite answers within microtasks, so a loop of awaited batches would
 * otherwise never give the event loop back: no request would be served until the backfill ended.
 */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
const DAY_MS = 24 * 3600 * 1000;

export interface SimulatedPlant {
  config: PlantConfig;
  sn: string;
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
}

interface PlantRow {
  plant_uid: string; type: number; latitude: number | null; longitude: number | null; time_zone: string | null;
  system_power: string | number | null; pv_panel_angle: number | null; pv_panel_azimuth: number | null;
  sn: string; sn_type: number; chargers: number; meter: string | null; charger: string | null; others: string[] | null;
  ts: Date | string | null; battery_soc: number | null;
  pv_energy_total: number | null; grid_import_total: number | null; grid_export_total: number | null;
  load_energy_total: number | null; battery_charge_total: number | null; battery_discharge_total: number | null;
  /** The meter's own counters, once it has reported. */
  meter_ts: Date | string | null; meter_import: number | null; meter_export: number | null; meter_load: number | null;
  /** The charger's own counter, once it has reported. */
  charger_energy: number | null;
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

/** The reporting device of every plant with bound devices, and where its data stops. */
async function loadPlants(db: Db): Promise<SimulatedPlant[]> {
  const result = await db.execute(sql`
    select p.plant_uid, p.type, p.latitude, p.longitude, p.time_zone, p.system_power, p.pv_panel_angle, p.pv_panel_azimuth,
      d.sn, d.sn_type, (select count(*)::int from devices c where c.plant_uid = p.plant_uid and c.sn_type = 6) as chargers,
      m.sn as meter, c.sn as charger, (select array_agg(o.sn order by o.id) from devices o where o.plant_uid = p.plant_uid and o.id <> d.id
        and o.id is distinct from m.id and o.id is distinct from c.id) as others,
      l.ts, l.battery_soc, l.pv_energy_total, l.grid_import_total, l.grid_export_total, l.load_energy_total,
      l.battery_charge_total, l.battery_discharge_total,
      ml.ts as meter_ts, ml.grid_import_total as meter_import, ml.grid_export_total as meter_export, ml.load_energy_total as meter_load,
      cl.load_energy_total as charger_energy
    from plants p
    join lateral (select id, sn, sn_type from devices where plant_uid = p.plant_uid
      order by case sn_type when 1 then 0 when 3 then 1 when 7 then 1 else 2 end, id limit 1) d on true
    left join lateral (select id, sn from devices where plant_uid = p.plant_uid and sn_type = 2 and id <> d.id order by id limit 1) m on true
    left join device_latest l on l.device_id = d.id
    left join lateral (select id, sn from devices where plant_uid = p.plant_uid and sn_type = 6 and id <> d.id order by id limit 1) c on true
    left join device_latest ml on ml.device_id = m.id
    left join device_latest cl on cl.device_id = c.id
    order by p.plant_uid`);
  return (result as unknown as { rows: PlantRow[] }).rows.map((row) => {
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
    return {
      config, sn: row.sn, meter: row.meter, charger: row.charger, chargerEnergy, others: row.others ?? [], state,
      last: row.ts ? new Date(row.ts).getTime() : 0,
    };
  });
}

/** One step of a plant as the telemetry records its devices send (heartbeats only when `live`). */
export function deviceRecords(plant: SimulatedPlant, at: number, dtSeconds: number, live: boolean) {
  const { sample, state } = plantStep(plant.config, plant.state, new Date(at), dtSeconds);
  plant.state = state;
  plant.last = at;
  const { charger } = plant;
  if (charger) plant.chargerEnergy += (Math.max(0, sample.chargerPower) * dtSeconds) / WS_PER_KWH;
  const drawn = charger ? { power: sample.chargerPower, energy: plant.chargerEnergy } : { power: 0, energy: 0 };
  const { gridImportTotal, gridExportTotal, loadEnergyTotal, ...own } = state.counters;
  const grid = {
    gridPower: sample.gridPower, loadPower: sample.loadPower - drawn.power, gridImportTotal, gridExportTotal, loadEnergyTotal: loadEnergyTotal - drawn.energy,
  };
  return [
    {
      sn: plant.sn, ts: at, pvPower: sample.pvPower, acPower: sample.acPower,
      ...(sample.batterySoc !== null ? { batteryPower: sample.batteryPower, batterySoc: sample.batterySoc } : {}),
      ...own, ...(plant.meter ? {} : grid),
      temperature: sample.temperature, faultCode: sample.faultCode,
    },
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

  /** `committed` hears the plants of each stored batch, after its commit (the live streams). */
  constructor(private readonly db: Db, private readonly log: FastifyBaseLogger, private readonly options = DEFAULT_SIMULATOR,
    private readonly committed: (plants: string[]) => void = () => undefined) {}

  /** Starts the backfill in the background; the live run follows it. Resolves when the backfill is done. */
  start(): Promise<void> {
    const backfill = this.backfill();
    this.running = backfill.then(() => this.scheduleLive(), (error: Error) => {
      if (!this.stopped) this.log.error({ err: error }, 'simulator stopped');
    });
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private async backfill() {
    this.plants = await loadPlants(this.db);
    const now = alignDown(Date.now(), this.options.backfillStepS);
    const from = now - this.options.backfillDays * DAY_MS;
    const total = this.plants.reduce((n, p) => n + Math.max(0, now - Math.max(p.last, from)), 0);
    if (total <= 0) return;
    this.log.info({ plants: this.plants.length, days: this.options.backfillDays }, 'simulator: backfilling history');
    let done = 0;
    let reported = 0;
    const started = Date.now();
    for (const plant of this.plants) {
      const steps = backfillSteps(plant.last, from, now, this.options.backfillStepS);
      for (let i = 0; i < steps.length && !this.stopped; i += BACKFILL_BATCH) {
        const slice = steps.slice(i, i + BACKFILL_BATCH);
        const batch = slice.flatMap((s) => deviceRecords(plant, s.at, s.dtSeconds, false));
        this.committed((await ingest(this.db, batch)).plants);
        await yieldToEventLoop();
        // Progress is simulated time (a step makes a record for each reporting device).
        done += slice.reduce((sum, s) => sum + s.dtSeconds * 1000, 0);
        const percent = Math.floor((100 * done) / total);
        if (percent >= reported + 10) {
          reported = percent - (percent % 10);
          this.log.info({ percent: reported }, `simulator: backfill ${reported} %`);
        }
      }
    }
    if (!this.stopped) this.log.info({ seconds: Math.round((Date.now() - started) / 1000) }, 'simulator: backfill done, running live');
  }

  private scheduleLive() {
    if (this.stopped) return;
    const stepMs = this.options.liveStepS * 1000;
    this.timer = setTimeout(() => {
      this.running = this.live().catch((error: Error) => this.log.warn({ err: error }, 'simulator: a live step failed'))
        .then(() => this.scheduleLive());
    }, alignDown(Date.now(), this.options.liveStepS) + stepMs - Date.now());
    this.timer.unref();
  }

  private async live() {
    // Plants added or given devices since the last step join it, with the state they already have.
    const known = new Map(this.plants.map((p) => [p.config.id, p]));
    this.plants = (await loadPlants(this.db)).map((p) => known.get(p.config.id) ?? p);
    const at = alignDown(Date.now(), this.options.liveStepS);
    const records = this.plants.filter((p) => p.last < at).flatMap((p) => deviceRecords(p, at, Math.min(this.options.liveStepS * 10, (at - p.last) / 1000), true));
    if (records.length) this.committed((await ingest(this.db, records)).plants);
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
