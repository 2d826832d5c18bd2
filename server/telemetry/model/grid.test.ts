import { describe, expect, it } from 'vitest';
import { drainsLow, gridAt } from './grid.ts';
import { localClock } from './local-time.ts';

const at = (iso: string, longitude: number, timeZone: string) => {
  const time = new Date(iso);
  return { time, clock: localClock(time, longitude, timeZone) };
};

describe('the grid at a plant', () => {
  it('stays near its nominal voltage and frequency, 230 V 50 Hz or 120 V 60 Hz', () => {
    const berlin = at('2025-06-10T06:00:00Z', 13.4, 'Europe/Berlin');
    const eu = gridAt('calm-plant', 52.5, 13.4, berlin.clock, berlin.time);
    expect(eu.voltage).toBeGreaterThan(225);
    expect(eu.voltage).toBeLessThan(240);
    expect(Math.abs(eu.frequency - 50)).toBeLessThan(0.05);
    const denver = at('2025-06-10T14:00:00Z', -105, 'America/Denver');
    const us = gridAt('calm-plant', 39.7, -105, denver.clock, denver.time);
    expect(us.voltage).toBeLessThan(130);
    expect(Math.abs(us.frequency - 60)).toBeLessThan(0.05);
  });

  it('trips some plants most afternoons, over the inverter\'s limit, and never at night', () => {
    const ids = Array.from({ length: 40 }, (_, i) => `plant-${i}`);
    const days = Array.from({ length: 30 }, (_, d) => Date.parse('2025-03-01T00:00:00Z') + d * 86_400_000);
    const tripDays = new Map<string, number>();
    for (const id of ids) {
      for (const day of days) {
        let tripped = false;
        for (let minute = 0; minute < 24 * 60; minute += 5) {
          const time = new Date(day + minute * 60_000);
          const reading = gridAt(id, 52.5, 0, localClock(time, 0, 'UTC'), time);
          if (reading.overVoltage) {
            tripped = true;
            expect(reading.voltage).toBeGreaterThan(253);
            expect(minute / 60).toBeGreaterThanOrEqual(12.5);
            expect(minute / 60).toBeLessThan(16);
          } else expect(reading.voltage).toBeLessThan(253);
        }
        if (tripped) tripDays.set(id, (tripDays.get(id) ?? 0) + 1);
      }
    }
    expect(tripDays.size).toBeGreaterThan(0);
    expect(tripDays.size).toBeLessThan(ids.length / 2);
    for (const count of tripDays.values()) expect(count).toBeGreaterThan(days.length / 2);
  });

  it('lets a small battery run low on winter evenings only', () => {
    const ids = Array.from({ length: 20 }, (_, i) => `battery-${i}`);
    const evening = (iso: string) => localClock(new Date(iso), 0, 'UTC');
    const small = ids.filter((id) => drainsLow(id, 50, evening('2025-01-15T19:00:00Z')));
    expect(small.length).toBeGreaterThan(0);
    for (const id of small) {
      expect(drainsLow(id, 50, evening('2025-07-15T19:00:00Z'))).toBe(false);
      expect(drainsLow(id, 50, evening('2025-01-15T10:00:00Z'))).toBe(false);
      expect(drainsLow(id, -33, evening('2025-07-15T19:00:00Z'))).toBe(true);
    }
  });
});
