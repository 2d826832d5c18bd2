// What the simulated devices of a plant send: each quantity from one device only (the meter owns
// the grid and the load when there is one), and heartbeats from the rest in live steps only.
import { describe, expect, it } from 'vitest';
import { initialPlantState } from './model/plant-step.ts';
import { deviceRecords, plantConfig, type SimulatedPlant } from './simulator.ts';

const config = plantConfig({
  plant_uid: 'p1', type: 1, latitude: 30, longitude: 120, time_zone: 'Asia/Shanghai', system_power: 8, pv_panel_angle: 25, pv_panel_azimuth: 0, chargers: 1,
});
const plant = (meter: string | null, others: string[] = []): SimulatedPlant => ({ config, sn: 'INV', meter, others, state: initialPlantState(config, 60), last: 0 });
const NOON = Date.parse('2026-06-01T04:00:00Z');
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

  it('adds the other devices\' heartbeats in live steps only', () => {
    const simulated = plant('MTR', ['EMS', 'CHG']);
    expect(deviceRecords(simulated, NOON, 300, false).map((r) => r.sn)).toEqual(['INV', 'MTR']);
    const live = deviceRecords(simulated, NOON + 60_000, 60, true);
    expect(live.map((r) => r.sn)).toEqual(['INV', 'MTR', 'EMS', 'CHG']);
    expect(Object.keys(live[2]!).sort()).toEqual(['faultCode', 'sn', 'temperature', 'ts']);
  });
});
