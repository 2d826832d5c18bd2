// What the simulated devices of a plant send: each quantity from one device only (the meter owns
// the grid and the load when there is one, the charger its own draw), and heartbeats from the rest
// in live steps only.
import { describe, expect, it } from 'vitest';
import { initialPlantState } from './model/plant-step.ts';
import { backfillSteps, deviceRecords, failureReason, plantConfig, type SimulatedPlant } from './simulator.ts';

const config = plantConfig({
  plant_uid: 'p1', type: 1, latitude: 30, longitude: 120, time_zone: 'Asia/Shanghai', system_power: 8, pv_panel_angle: 25, pv_panel_azimuth: 0, chargers: 1,
});
const plant = (meter: string | null, others: string[] = [], charger: string | null = null): SimulatedPlant =>
  ({ config, sn: 'INV', meter, charger, chargerEnergy: 0, others, state: initialPlantState(config, 60), last: 0 });
const NOON = Date.parse('2026-06-01T04:00:00Z');
/** 19:00 in Shanghai on a weekday: the home charger's evening session. */
const EVENING = Date.parse('2026-06-01T11:00:00Z');
const GRID = ['gridPower', 'loadPower', 'gridImportTotal', 'gridExportTotal', 'loadEnergyTotal'];

describe('deviceRecords', () => {
  it('lets the reporting device send everything when the plant has no meter', () => {
    const [inverter, ...rest] = deviceRecords(plant(null), NOON, 300, false);
    expect(rest).toEqual([]);
    for (const field of [...GRID, 'pvPower', 'batterySoc', 'pvEnergyTotal']) expect(inverter).toHaveProperty(field);
  });

  it('gives the grid and the load to the meter, and nothing twice', () => {
    const [inverter, meter, ...rest] = deviceRecords(plant('MTR'), NOON, 300, false);
    expect(rest).toEqual([]);
    for (const field of GRID) expect(inverter).not.toHaveProperty(field);
    expect(Object.keys(meter!).sort()).toEqual(['sn', 'ts', ...GRID].sort());
    expect(meter).toMatchObject({ sn: 'MTR', ts: NOON });
    expect(inverter).toMatchObject({ sn: 'INV', ts: NOON });
    expect(inverter).toHaveProperty('pvEnergyTotal');
    expect(inverter).toHaveProperty('batteryChargeTotal');
  });

  it('lets the charger report its own draw, which the load beside it leaves out', () => {
    const simulated = plant('MTR', [], 'CHG');
    let meterLoad = 0;
    let chargerLoad = 0;
    let total = 0;
    // A day of five-minute steps: the charger's counter is what it drew, the meter's the rest.
    for (let at = EVENING - 12 * 3_600_000; at < EVENING + 12 * 3_600_000; at += 300_000) {
      const records = deviceRecords(simulated, at, 300, false) as unknown as Record<string, number>[];
      const [, meter, charger] = records;
      expect(charger).toMatchObject({ sn: 'CHG', ts: at });
      expect(meter!.loadPower).toBeGreaterThan(0);
      expect(charger!.loadPower).toBeGreaterThanOrEqual(0);
      meterLoad = meter!.loadEnergyTotal!;
      chargerLoad = charger!.loadEnergyTotal!;
      total = simulated.state.counters.loadEnergyTotal;
    }
    expect(chargerLoad).toBeGreaterThan(0);
    expect(meterLoad + chargerLoad).toBeCloseTo(total, 9);
  });

  it('adds the other devices\' heartbeats in live steps only', () => {
    const simulated = plant('MTR', ['EMS', 'CHG']);
    expect(deviceRecords(simulated, NOON, 300, false).map((r) => r.sn)).toEqual(['INV', 'MTR']);
    const live = deviceRecords(simulated, NOON + 60_000, 60, true);
    expect(live.map((r) => r.sn)).toEqual(['INV', 'MTR', 'EMS', 'CHG']);
    expect(Object.keys(live[2]!).sort()).toEqual(['faultCode', 'sn', 'temperature', 'ts']);
  });
});

describe('backfillSteps', () => {
  const MIN = 60_000;
  const T0 = Date.parse('2026-06-01T00:00:00Z');

  it('steps on the clock\'s whole steps, the first one only as long as the time since the last sample', () => {
    // Data up to 00:59 (a live step), backfilled to 01:10 in five-minute steps.
    const steps = backfillSteps(T0 + 59 * MIN, T0, T0 + 70 * MIN, 300);
    expect(steps.map((s) => (s.at - T0) / MIN)).toEqual([60, 65, 70]);
    expect(steps.map((s) => s.dtSeconds)).toEqual([60, 300, 300]);
  });

  it('covers exactly the time from the last sample (or the window\'s start) to now', () => {
    for (const [last, from] of [[0, T0 + 7 * MIN], [T0 + 23 * MIN, T0], [T0 + 25 * MIN, T0]]) {
      const now = T0 + 24 * 60 * MIN;
      const steps = backfillSteps(last!, from!, now, 300);
      expect(steps.reduce((sum, s) => sum + s.dtSeconds * 1000, 0)).toBe(now - Math.max(last!, from!));
      expect(steps.every((s) => s.dtSeconds > 0 && s.at % (300 * 1000) === 0)).toBe(true);
    }
    expect(backfillSteps(T0 + 61 * MIN, T0, T0 + 60 * MIN, 300)).toEqual([]);
  });
});

describe('failureReason', () => {
  it('names a database error by its SQLSTATE, wherever the driver wrapped it, and any other error by itself', () => {
    const database = Object.assign(new Error('time zone "Mars/Olympus" not recognized'), { code: '22023', severity: 'ERROR' });
    expect(failureReason(database)).toBe('database error 22023');
    expect(failureReason(new Error('Failed query: insert ...', { cause: database }))).toBe('database error 22023');
    expect(failureReason(new RangeError('Invalid time zone specified: Mars/Olympus'))).toBe('RangeError: Invalid time zone specified: Mars/Olympus');
  });

  it('is what a plant whose zone the runtime refuses fails with, in its model', () => {
    const mars = plantConfig({ plant_uid: 'p2', type: 1, latitude: 30, longitude: 120, time_zone: 'Mars/Olympus', system_power: 8, pv_panel_angle: 25, pv_panel_azimuth: 0, chargers: 0 });
    const broken: SimulatedPlant = { ...plant(null), config: mars };
    let caught: unknown;
    try {
      deviceRecords(broken, NOON, 300, false);
    } catch (error) {
      caught = error;
    }
    expect(failureReason(caught)).toMatch(/^RangeError: .*Mars\/Olympus/);
    // Nothing of the failed step is kept.
    expect(broken.last).toBe(0);
  });
});
