// The weather service on Open-Meteo's recorded answer (offline), the WEATHER_PROVIDER setting, and
// the condition mapping from WMO codes to the contract's names.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { OpenMeteoProvider } from './model/open-meteo.ts';
import { currentWeather, forecastWeather, weatherCodeOf, type WeatherPlant } from './weather-service.ts';

const fixture: unknown = JSON.parse(readFileSync(new URL('./model/fixtures/open-meteo-berlin.json', import.meta.url), 'utf8'));
const recorded = new OpenMeteoProvider({ fetch: async () => ({ ok: true, status: 200, json: async () => fixture }) });
const berlin: WeatherPlant = { plantUid: 'p', latitude: 52.52, longitude: 13.41, timeZone: 'Europe/Berlin', systemPower: 10, pvPanelAngle: 35, pvPanelAzimuth: 0 };

describe('weather service', () => {
  it('answers Open-Meteo\'s current weather in the contract\'s terms', async () => {
    const now = await currentWeather(recorded, berlin);
    expect(now).toMatchObject({ plantUid: 'p', weatherCode: 'partlyCloudy', temperature: 24.3, humidity: 48, cloudCover: 37, observationTime: '2025-06-21T12:15:00.000Z' });
    // Midsummer noon in Berlin under a third of cloud: several hundred W/m².
    expect(now!.irradiance).toBeGreaterThan(400);
    expect(now!.sunrise! < now!.observationTime && now!.observationTime < now!.sunset!).toBe(true);
  });

  it('estimates each forecast day\'s irradiation and PV energy, less under cloud', async () => {
    const days = await forecastWeather(recorded, berlin, 3);
    expect(days.map((d) => [d.date, d.weatherCode])).toEqual([['2025-06-21', 'partlyCloudy'], ['2025-06-22', 'rain'], ['2025-06-23', 'clear']]);
    const [partly, rainy, clear] = days;
    expect(clear!.pvEnergyForecast!).toBeGreaterThan(partly!.pvEnergyForecast!);
    expect(partly!.pvEnergyForecast!).toBeGreaterThan(rainy!.pvEnergyForecast!);
    // A clear June day in Berlin gives about 6 to 8 kWh per kWp and 7 to 9 kWh/m².
    expect(clear!.pvEnergyForecast! / 10).toBeGreaterThan(5);
    expect(clear!.pvEnergyForecast! / 10).toBeLessThan(9);
    expect(clear!.irradiation!).toBeGreaterThan(6);
    expect((await forecastWeather(recorded, { ...berlin, systemPower: null }, 1))[0]!.pvEnergyForecast).toBeNull();
  });

  it('has no weather for a plant without coordinates', async () => {
    expect(await currentWeather(recorded, { ...berlin, latitude: null })).toBeNull();
    expect(await forecastWeather(recorded, { ...berlin, longitude: null }, 3)).toEqual([]);
  });

  it('maps WMO codes to the contract\'s conditions', () => {
    expect([0, 1, 2, 3, 45, 51, 56, 61, 66, 71, 80, 95].map(weatherCodeOf))
      .toEqual(['clear', 'clear', 'partlyCloudy', 'cloudy', 'fog', 'drizzle', 'sleet', 'rain', 'sleet', 'snow', 'rain', 'thunderstorm']);
  });

  it('reads WEATHER_PROVIDER', () => {
    expect(loadConfig({}).weatherProvider).toBe('builtin');
    expect(loadConfig({ WEATHER_PROVIDER: 'open-meteo' }).weatherProvider).toBe('open-meteo');
    expect(() => loadConfig({ WEATHER_PROVIDER: 'met-office' })).toThrow(/WEATHER_PROVIDER/);
  });
});
