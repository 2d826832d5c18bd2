import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OpenMeteoProvider, parseOpenMeteo, WeatherProviderError, type FetchLike } from './open-meteo.ts';

// Hand-written from Open-Meteo's documented /v1/forecast JSON (current + daily blocks), including
// a null in a daily series as the API returns for gaps.
const fixture: unknown = JSON.parse(readFileSync(new URL('./fixtures/open-meteo-berlin.json', import.meta.url), 'utf8'));
const berlin = { latitude: 52.52, longitude: 13.41, timeZone: 'Europe/Berlin' };

describe('Open-Meteo parser', () => {
  it('reads current weather, converting the local time to UTC', () => {
    expect(parseOpenMeteo(fixture).current).toEqual({
      time: '2025-06-21T12:15:00.000Z', temperature: 24.3, humidity: 48, cloudCover: 37,
      windSpeed: 3.4, windDirection: 254, conditionCode: 2, textKey: 'weather.partlyCloudy',
    });
  });

  it('reads the daily forecast, filling a missing cloud cover from the weather code', () => {
    const daily = parseOpenMeteo(fixture).daily;
    expect(daily).toHaveLength(3);
    expect(daily[0]).toEqual({
      date: '2025-06-21', temperatureMin: 14.2, temperatureMax: 26.1, cloudCover: 41, humidity: 58,
      windSpeed: 5.2, precipitationProbability: 10, conditionCode: 2, textKey: 'weather.partlyCloudy',
    });
    expect(daily[1]).toMatchObject({ conditionCode: 61, textKey: 'weather.rain', cloudCover: 88 });
    expect(daily[2]).toMatchObject({ conditionCode: 0, textKey: 'weather.clear', cloudCover: 5 });
  });

  it('rejects error answers and malformed ones', () => {
    expect(() => parseOpenMeteo({ error: true, reason: 'Latitude must be in range of -90 to 90°.' })).toThrow(/Latitude must be/);
    expect(() => parseOpenMeteo({ current: {}, daily: {} })).toThrow(WeatherProviderError);
    expect(() => parseOpenMeteo('nope')).toThrow(WeatherProviderError);
  });
});

describe('Open-Meteo provider', () => {
  it('asks the configured URL for the place and parses the answer', async () => {
    const urls: string[] = [];
    const fetch: FetchLike = async (url) => {
      urls.push(url);
      return { ok: true, status: 200, json: async () => fixture };
    };
    const provider = new OpenMeteoProvider({ fetch, baseUrl: 'http://meteo.test/v1/forecast' });
    expect((await provider.current(berlin)).temperature).toBe(24.3);
    expect((await provider.forecast(berlin, 2)).map((d) => d.date)).toEqual(['2025-06-21', '2025-06-22']);
    const url = new URL(urls[1] ?? '');
    expect(url.origin + url.pathname).toBe('http://meteo.test/v1/forecast');
    expect(url.searchParams.get('latitude')).toBe('52.52');
    expect(url.searchParams.get('timezone')).toBe('Europe/Berlin');
    expect(url.searchParams.get('wind_speed_unit')).toBe('ms');
    expect(url.searchParams.get('forecast_days')).toBe('2');
    expect(url.searchParams.get('daily')).toContain('cloud_cover_mean');
  });

  it('reports the reason of a refused request', async () => {
    const fetch: FetchLike = async () => ({ ok: false, status: 400, json: async () => ({ error: true, reason: 'Invalid timezone' }) });
    await expect(new OpenMeteoProvider({ fetch }).current(berlin)).rejects.toThrow(/Invalid timezone/);
  });
});
