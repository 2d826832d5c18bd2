// getCurrentWeather and getForecastWeather with the built-in provider: deterministic (the same
// place and quarter hour always give the same weather), and consistent with what the simulator
// makes the plant produce under that weather.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plantConfig } from '../../server/telemetry/simulator.ts';
import { localToUtc } from '../../server/telemetry/model/local-time.ts';
import { initialPlantState, plantStep } from '../../server/telemetry/model/plant-step.ts';
import { builtinDay, builtinWeatherAt } from '../../server/telemetry/model/weather-builtin.ts';
import { OBSERVATION_STEP_MS } from '../../server/telemetry/weather-service.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { ingestSeries, type Series } from '../fixtures/monitoring-series.ts';

let t: TestApp;
let s: Series;
beforeAll(async () => {
  t = await createTestApp();
  s = await ingestSeries(t);
});
afterAll(() => t.close());

const place = { latitude: 40.7128, longitude: -74.006, timeZone: 'America/New_York' };
type Current = { weatherCode: string; temperature: number; humidity: number; cloudCover: number; windSpeed: number; irradiance: number; observationTime: string };
type Day = { date: string; temperatureMin: number; temperatureMax: number; precipitationProbability: number; pvEnergyForecast: number; irradiation: number };

describe('weather', () => {
  it('current weather is the built-in model at the quarter hour, the same on every call', async () => {
    const call = () => t.api.get<Current>('/api/v1/monitor/weather/getCurrentWeather', { token: s.userToken, query: { plantUid: s.plantA } });
    const { body } = await call();
    expect(body.errCode, body.errMsg).toBe(0);
    const at = new Date(body.data.observationTime);
    expect(at.getTime() % OBSERVATION_STEP_MS).toBe(0);
    const model = builtinWeatherAt(place.latitude, place.longitude, at);
    expect(body.data).toMatchObject({ temperature: model.temperature, humidity: model.humidity, cloudCover: model.cloudCover, windSpeed: model.windSpeed });
    const again = (await call()).body.data;
    if (again.observationTime === body.data.observationTime) expect(again).toEqual(body.data);
  });

  it('the forecast starts today in the plant\'s zone and expects what the simulator produces', async () => {
    const { body } = await t.api.get<Day[]>('/api/v1/monitor/weather/getForecastWeather', { token: s.userToken, query: { plantUid: s.plantA, days: 3 } });
    expect(body.errCode, body.errMsg).toBe(0);
    expect(body.data).toHaveLength(3);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: place.timeZone }).format(new Date());
    expect(body.data[0]!.date).toBe(today);
    const first = body.data[0]!;
    const model = builtinDay(place, today);
    expect(first).toMatchObject({ temperatureMin: model.temperatureMin, temperatureMax: model.temperatureMax, precipitationProbability: model.precipitationProbability });

    // The simulator stepping the plant through the day at the forecast's instants: the same energy,
    // unless one of its simulated faults trips the inverter (which only takes energy away).
    const config = plantConfig({ plant_uid: s.plantA, type: 1, latitude: place.latitude, longitude: place.longitude, time_zone: place.timeZone, system_power: 6.5, pv_panel_angle: 30, pv_panel_azimuth: 0, chargers: 0 });
    let state = initialPlantState(config);
    let simulated = 0;
    let faulted = false;
    const start = localToUtc(today, 0, place.longitude, place.timeZone).getTime();
    const end = localToUtc(new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10), 0, place.longitude, place.timeZone).getTime();
    for (let ms = start + 300_000; ms < end; ms += 600_000) {
      const step = plantStep(config, state, new Date(ms), 600);
      state = step.state;
      simulated += (step.sample.acPower * 600) / 3_600_000;
      faulted ||= step.sample.faultCode !== 0;
    }
    if (faulted) expect(simulated).toBeLessThanOrEqual(first.pvEnergyForecast + 0.02);
    else expect(Math.abs(simulated - first.pvEnergyForecast)).toBeLessThan(0.02);
  });
});
