import { describe, expect, it } from 'vitest';
import { BuiltinWeatherProvider, builtinCloudCover, builtinDay, builtinWeatherAt } from './weather-builtin.ts';

const berlin = { latitude: 52.52, longitude: 13.4, timeZone: 'Europe/Berlin' };
const capeTown = { latitude: -33.93, longitude: 18.86, timeZone: 'Africa/Johannesburg' };
const HOUR = 3_600_000;

function meanOver(days: number, start: string, f: (t: Date) => number): number {
  let sum = 0;
  for (let h = 0; h < days * 24; h++) sum += f(new Date(Date.parse(start) + h * HOUR));
  return sum / (days * 24);
}

describe('built-in weather', () => {
  it('gives the same answer for the same place and date', async () => {
    const t = new Date('2025-05-04T10:20:00Z');
    expect(builtinWeatherAt(berlin.latitude, berlin.longitude, t)).toEqual(builtinWeatherAt(berlin.latitude, berlin.longitude, new Date(t)));
    const a = new BuiltinWeatherProvider(() => t);
    const b = new BuiltinWeatherProvider(() => new Date(t));
    expect(await a.forecast(berlin, 7)).toEqual(await b.forecast(berlin, 7));
    expect(await a.current(berlin)).toEqual(await b.current(berlin));
  });

  it('has seasons that follow the hemisphere', () => {
    const temp = (p: typeof berlin) => (t: Date) => builtinWeatherAt(p.latitude, p.longitude, t).temperature;
    expect(meanOver(31, '2025-07-01T00:00:00Z', temp(berlin)) - meanOver(31, '2025-01-01T00:00:00Z', temp(berlin))).toBeGreaterThan(12);
    expect(meanOver(31, '2025-01-01T00:00:00Z', temp(capeTown)) - meanOver(31, '2025-07-01T00:00:00Z', temp(capeTown))).toBeGreaterThan(6);
  });

  it('is warmer in the afternoon than before dawn', () => {
    let warmer = 0;
    for (let d = 0; d < 60; d++) {
      const day = Date.parse('2025-04-01T00:00:00Z') + d * 24 * HOUR;
      const dawn = builtinWeatherAt(berlin.latitude, berlin.longitude, new Date(day + 4 * HOUR)).temperature;
      const afternoon = builtinWeatherAt(berlin.latitude, berlin.longitude, new Date(day + 14 * HOUR)).temperature;
      if (afternoon > dawn) warmer++;
    }
    expect(warmer).toBeGreaterThan(55);
  });

  it('keeps clouds for hours and has both clear and overcast days', () => {
    const start = Date.parse('2025-01-01T00:00:00Z');
    const cloud = (ms: number) => builtinCloudCover(berlin.latitude, berlin.longitude, new Date(start + ms));
    for (let m = 5; m < 30 * 24 * 60; m += 5) {
      expect(Math.abs(cloud(m * 60_000) - cloud((m - 5) * 60_000))).toBeLessThan(8); // no jump across the sky in 5 minutes
    }
    const hourly = Array.from({ length: 365 * 24 }, (_, h) => cloud(h * HOUR));
    expect(hourly.filter((c) => c < 20).length / hourly.length).toBeGreaterThan(0.15);
    expect(hourly.filter((c) => c > 75).length / hourly.length).toBeGreaterThan(0.15);
  });

  it('summarises days from their hours', async () => {
    const provider = new BuiltinWeatherProvider(() => new Date('2025-01-31T22:30:00Z'));
    const days = await provider.forecast(berlin, 3);
    expect(days.map((d) => d.date)).toEqual(['2025-01-31', '2025-02-01', '2025-02-02']);
    for (const d of days) {
      expect(d.temperatureMin).toBeLessThanOrEqual(d.temperatureMax);
      expect(d.cloudCover).toBeGreaterThanOrEqual(0);
      expect(d.cloudCover).toBeLessThanOrEqual(100);
      expect(d.textKey).toMatch(/^weather\./);
    }
    expect(days[1]).toEqual(builtinDay(berlin, '2025-02-01'));
    const now = await provider.current(berlin);
    expect(now.time).toBe('2025-01-31T22:30:00.000Z');
    expect(now.cloudCover).toBe(Math.round(builtinCloudCover(berlin.latitude, berlin.longitude, new Date(now.time))));
  });
});
