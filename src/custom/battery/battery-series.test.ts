// The battery detail's series: a plant's 5-minute power beside its hourly charge, a device's
// records, its latest reading, and its hourly energy from counters with a reset and a gap.
import { describe, expect, it } from 'vitest';
import { hourlyEnergy, latestReading, plantCurveRows, type DevicePoint } from './battery-series';

const point = (time: string, charge: number | null, discharge: number | null, extra: Partial<DevicePoint> = {}): DevicePoint =>
  ({ time, batteryChargeTotal: charge, batteryDischargeTotal: discharge, ...extra });

describe('battery series', () => {
  it('gives each 5-minute slot of a plant its hour\'s mean state of charge', () => {
    const rows = plantCurveRows(
      [
        { time: '2026-05-01T10:00', pvPower: 1, loadPower: 1, gridPower: 0, batteryPower: -600 },
        { time: '2026-05-01T10:55', pvPower: 1, loadPower: 1, gridPower: 0, batteryPower: -500 },
        { time: '2026-05-01T11:00', pvPower: null, loadPower: null, gridPower: null, batteryPower: null },
      ],
      [{ time: '2026-05-01T10:00', batteryChargeEnergy: 1, batteryDischargeEnergy: 0, averageSoc: 55 }],
    );
    expect(rows).toEqual([
      { time: '10:00', power: -600, soc: 55 },
      { time: '10:55', power: -500, soc: 55 },
      { time: '11:00', power: null, soc: null },
    ]);
  });

  it('adds counter steps to the later record\'s hour, skipping resets and missing values', () => {
    const points = [
      point('2026-05-01T09:55:00Z', 100, 50),
      point('2026-05-01T10:05:00Z', 100.4, 50),
      point('2026-05-01T10:30:00Z', null, 50.2),
      point('2026-05-01T10:55:00Z', 101, 50.2),
      // The counter was reset: this step counts nothing, and 2 is the next baseline.
      point('2026-05-01T11:05:00Z', 2, 50.2),
      point('2026-05-01T11:10:00Z', 2.25, 51),
    ];
    expect(hourlyEnergy(points, 'UTC')).toEqual([
      { time: '10:00', batteryChargeEnergy: 1, batteryDischargeEnergy: 0.2 },
      { time: '11:00', batteryChargeEnergy: 0.25, batteryDischargeEnergy: 0.8 },
    ]);
  });

  it('reads the newest record that reports the battery', () => {
    expect(latestReading([
      point('2026-05-01T10:00:00Z', 1, 1, { batterySoc: 40, batteryPower: -300 }),
      point('2026-05-01T10:05:00Z', 1, 1, { batterySoc: null, batteryPower: null }),
    ])).toEqual({ soc: 40, power: -300, time: '2026-05-01T10:00:00Z' });
    expect(latestReading([])).toBeUndefined();
  });
});
