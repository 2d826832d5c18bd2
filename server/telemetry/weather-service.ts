// The weather of a plant as getCurrentWeather and getForecastWeather answer it, from the configured
// provider (WEATHER_PROVIDER). Irradiance and the expected PV energy come from the same sun and PV
// models the simulator uses, so the built-in forecast and the simulated plant agree; with
// Open-Meteo they are estimated from its cloud cover and temperatures.
import { getTimes } from 'suncalc';
import type { WeatherProviderName } from '../config.ts';
import { localClock, localToUtc } from './model/local-time.ts';
import { OpenMeteoProvider } from './model/open-meteo.ts';
import { pvOutput } from './model/pv.ts';
import { siteIrradiance, type PanelOrientation } from './model/sun.ts';
import { BuiltinWeatherProvider, builtinWeatherAt } from './model/weather-builtin.ts';
import type { CurrentWeather, DailyWeather, Place, WeatherProvider } from './model/weather.ts';

/** Observations are quarter-hourly, as weather services publish them: repeated calls agree. */
export const OBSERVATION_STEP_MS = 15 * 60_000;
/** Integration step of the day's irradiation and PV energy. */
const STEP_MS = 10 * 60_000;
/** How long an Open-Meteo answer is reused for a place (its models update hourly at best). */
const CACHE_MS = 10 * 60_000;
const CACHE_LIMIT = 2000;
/** The simulator's defaults for a plant form without tilt or azimuth (simulator.ts plantConfig). */
const DEFAULT_PANEL: PanelOrientation = { tiltDeg: 25, azimuthDeg: 0 };

export interface WeatherPlant {
  plantUid: string;
  latitude: number | null;
  longitude: number | null;
  timeZone: string | null;
  systemPower: number | null;
  pvPanelAngle: number | null;
  pvPanelAzimuth: number | null;
}

type WeatherCode = 'clear' | 'partlyCloudy' | 'cloudy' | 'fog' | 'drizzle' | 'rain' | 'snow' | 'sleet' | 'thunderstorm';

/** The contract's conditions from WMO 4677 codes; freezing drizzle and rain count as sleet. */
export function weatherCodeOf(wmo: number): WeatherCode {
  if (wmo <= 1) return 'clear';
  if (wmo === 2) return 'partlyCloudy';
  if (wmo === 45 || wmo === 48) return 'fog';
  if (wmo === 56 || wmo === 57 || wmo === 66 || wmo === 67) return 'sleet';
  if (wmo >= 51 && wmo <= 55) return 'drizzle';
  if ((wmo >= 61 && wmo <= 65) || (wmo >= 80 && wmo <= 82)) return 'rain';
  if ((wmo >= 71 && wmo <= 77) || wmo === 85 || wmo === 86) return 'snow';
  if (wmo >= 95 && wmo <= 99) return 'thunderstorm';
  return 'cloudy';
}

/** Remembers answers per place for CACHE_MS, so that a busy dashboard asks the service rarely. */
class CachedProvider implements WeatherProvider {
  private readonly cache = new Map<string, { at: number; value: Promise<unknown> }>();
  constructor(private readonly inner: WeatherProvider) {}
  get name() {
    return this.inner.name;
  }

  private remember<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.cache.get(key);
    if (hit && now - hit.at < CACHE_MS) return hit.value as Promise<T>;
    if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
    const value = load();
    this.cache.set(key, { at: now, value });
    // A failure is not remembered: the next call tries again.
    value.catch(() => this.cache.delete(key));
    return value;
  }

  current(place: Place): Promise<CurrentWeather> {
    return this.remember(`${place.latitude},${place.longitude},${place.timeZone}|now`, () => this.inner.current(place));
  }

  forecast(place: Place, days: number): Promise<DailyWeather[]> {
    return this.remember(`${place.latitude},${place.longitude},${place.timeZone}|${days}`, () => this.inner.forecast(place, days));
  }
}

const providers = new Map<WeatherProviderName, WeatherProvider>();
export function weatherProvider(name: WeatherProviderName): WeatherProvider {
  let provider = providers.get(name);
  if (!provider) {
    provider = name === 'open-meteo'
      ? new CachedProvider(new OpenMeteoProvider({ fetch: (url, init) => fetch(url, init) }))
      : new BuiltinWeatherProvider(() => new Date(Math.floor(Date.now() / OBSERVATION_STEP_MS) * OBSERVATION_STEP_MS));
    providers.set(name, provider);
  }
  return provider;
}

const placeOf = (plant: WeatherPlant): Place | undefined => plant.latitude === null || plant.longitude === null ? undefined
  : { latitude: plant.latitude, longitude: plant.longitude, ...(plant.timeZone ? { timeZone: plant.timeZone } : {}) };
const panelOf = (plant: WeatherPlant): PanelOrientation =>
  ({ tiltDeg: plant.pvPanelAngle ?? DEFAULT_PANEL.tiltDeg, azimuthDeg: plant.pvPanelAzimuth ?? DEFAULT_PANEL.azimuthDeg });
const iso = (d: Date | null | undefined) => (d && Number.isFinite(d.getTime()) ? d.toISOString() : null);
const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/** Sunrise and sunset of a local date (null in polar day or night). */
function sunTimes(place: Place, date: string) {
  const times = getTimes(localToUtc(date, 12, place.longitude, place.timeZone), place.latitude, place.longitude);
  return { sunrise: iso(times.sunrise), sunset: iso(times.sunset) };
}

export async function currentWeather(provider: WeatherProvider, plant: WeatherPlant) {
  const place = placeOf(plant);
  if (!place) return null;
  const now = await provider.current(place);
  const time = new Date(now.time);
  const { irradiance } = siteIrradiance(time, place.latitude, place.longitude, panelOf(plant), now.cloudCover);
  const localDate = localClock(time, place.longitude, place.timeZone).date;
  return {
    plantUid: plant.plantUid,
    weatherCode: weatherCodeOf(now.conditionCode),
    temperature: now.temperature,
    humidity: now.humidity,
    windSpeed: now.windSpeed,
    windDirection: now.windDirection,
    cloudCover: now.cloudCover,
    irradiance: round(irradiance.ghi, 1),
    ...sunTimes(place, localDate),
    observationTime: now.time,
  };
}

/**
 * The day's horizontal irradiation (kWh/m²) and the plant's expected AC energy (kWh, what its PV
 * counter would count), integrated over the local day under the given cloud and temperature.
 */
export function dayYield(plant: WeatherPlant, place: Place, date: string, weatherAt: (time: Date) => { cloudCover: number; temperature: number }) {
  const start = localToUtc(date, 0, place.longitude, place.timeZone).getTime();
  const end = localToUtc(new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10), 0, place.longitude, place.timeZone).getTime();
  const kWp = plant.systemPower ?? 0;
  const panel = panelOf(plant);
  let irradiation = 0;
  let energy = 0;
  for (let t = start + STEP_MS / 2; t < end; t += STEP_MS) {
    const time = new Date(t);
    const { cloudCover, temperature } = weatherAt(time);
    const { irradiance, poa } = siteIrradiance(time, place.latitude, place.longitude, panel, cloudCover);
    irradiation += (irradiance.ghi * STEP_MS) / 3_600_000 / 1000;
    energy += (pvOutput({ kWp }, poa, temperature).acPowerW * STEP_MS) / 3_600_000 / 1000;
  }
  return { irradiation: round(irradiation, 3), pvEnergyForecast: kWp > 0 ? round(energy, 3) : null };
}

export async function forecastWeather(provider: WeatherProvider, plant: WeatherPlant, days: number) {
  const place = placeOf(plant);
  if (!place) return [];
  const daily = await provider.forecast(place, days);
  return daily.map((day) => {
    // The built-in weather is known hour by hour; a service's day is taken as its mean cloud and mid temperature.
    const weatherAt = provider.name === 'builtin'
      ? (time: Date) => builtinWeatherAt(place.latitude, place.longitude, time)
      : () => ({ cloudCover: day.cloudCover, temperature: (day.temperatureMin + day.temperatureMax) / 2 });
    return {
      date: day.date,
      weatherCode: weatherCodeOf(day.conditionCode),
      temperatureMax: day.temperatureMax,
      temperatureMin: day.temperatureMin,
      precipitationProbability: day.precipitationProbability,
      windSpeed: day.windSpeed,
      ...dayYield(plant, place, day.date, weatherAt),
      ...sunTimes(place, day.date),
    };
  });
}
