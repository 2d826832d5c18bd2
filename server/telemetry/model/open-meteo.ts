// Open-Meteo (https://open-meteo.com/en/docs) as a weather provider. fetch and the base URL are
// injected so that tests run on a recorded response, offline, and a deployment can point at a
// self-hosted instance. Wind is asked for in m/s and times in the place's zone.
import { skyCode, weatherTextKey, type CurrentWeather, type DailyWeather, type Place, type WeatherProvider } from './weather.ts';

export const OPEN_METEO_DEFAULT_URL = 'https://api.open-meteo.com/v1/forecast';
const DEFAULT_TIMEOUT_MS = 5000;
/** Open-Meteo forecasts at most 16 days ahead. */
const MAX_FORECAST_DAYS = 16;

const CURRENT_FIELDS = ['temperature_2m', 'relative_humidity_2m', 'cloud_cover', 'weather_code', 'wind_speed_10m', 'wind_direction_10m'];
const DAILY_FIELDS = ['weather_code', 'temperature_2m_max', 'temperature_2m_min', 'cloud_cover_mean', 'relative_humidity_2m_mean', 'wind_speed_10m_max', 'precipitation_probability_max'];

/** The part of fetch this provider uses; global fetch fits it. */
export type FetchLike = (url: string, init?: { signal?: AbortSignal }) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

export interface OpenMeteoOptions {
  fetch: FetchLike;
  baseUrl?: string;
  timeoutMs?: number;
}

export class WeatherProviderError extends Error {}

export function openMeteoUrl(baseUrl: string, place: Place, days: number): string {
  const q = new URLSearchParams({
    latitude: String(place.latitude),
    longitude: String(place.longitude),
    current: CURRENT_FIELDS.join(','),
    daily: DAILY_FIELDS.join(','),
    wind_speed_unit: 'ms',
    timezone: place.timeZone ?? 'auto',
    forecast_days: String(Math.min(MAX_FORECAST_DAYS, Math.max(1, Math.round(days)))),
  });
  return `${baseUrl}?${q.toString()}`;
}

type Obj = Record<string, unknown>;

function isObj(x: unknown): x is Obj {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function num(o: Obj, field: string): number {
  const v = o[field];
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new WeatherProviderError(`open-meteo: ${field} is not a number`);
  return v;
}

/** A daily series entry; null (a model gap) becomes undefined so the caller picks a fallback. */
function at(daily: Obj, field: string, i: number): number | undefined {
  const series = daily[field];
  if (!Array.isArray(series)) return undefined;
  const v: unknown = series[i];
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** A cloud cover for a day whose mean is missing, read off its weather code. */
function cloudFromCode(code: number): number {
  return code === 0 ? 5 : code === 1 ? 30 : code === 2 ? 60 : 90;
}

export interface OpenMeteoWeather {
  current: CurrentWeather;
  daily: DailyWeather[];
}

/** Parses a /v1/forecast JSON answer (iso8601 times, local to the requested zone). */
export function parseOpenMeteo(json: unknown): OpenMeteoWeather {
  if (!isObj(json)) throw new WeatherProviderError('open-meteo: answer is not an object');
  if (json.error === true) throw new WeatherProviderError(`open-meteo: ${String(json.reason ?? 'error')}`);
  const current = json.current;
  const daily = json.daily;
  if (!isObj(current) || !isObj(daily)) throw new WeatherProviderError('open-meteo: current or daily missing');
  const offsetS = typeof json.utc_offset_seconds === 'number' ? json.utc_offset_seconds : 0;
  const localTime = current.time;
  const utcMs = typeof localTime === 'string' ? Date.parse(`${localTime}Z`) - offsetS * 1000 : NaN;
  if (!Number.isFinite(utcMs)) throw new WeatherProviderError('open-meteo: current.time is not a time');
  const code = num(current, 'weather_code');
  const dates = daily.time;
  if (!Array.isArray(dates) || !dates.every((d) => typeof d === 'string')) throw new WeatherProviderError('open-meteo: daily.time missing');
  return {
    current: {
      time: new Date(utcMs).toISOString(),
      temperature: num(current, 'temperature_2m'),
      humidity: num(current, 'relative_humidity_2m'),
      cloudCover: num(current, 'cloud_cover'),
      windSpeed: num(current, 'wind_speed_10m'),
      windDirection: num(current, 'wind_direction_10m'),
      conditionCode: code,
      textKey: weatherTextKey(code),
    },
    daily: (dates as string[]).map((date, i) => {
      const max = at(daily, 'temperature_2m_max', i);
      const min = at(daily, 'temperature_2m_min', i);
      if (max === undefined || min === undefined) throw new WeatherProviderError(`open-meteo: temperatures missing on ${date}`);
      const cloudCover = at(daily, 'cloud_cover_mean', i);
      const dayCode = at(daily, 'weather_code', i) ?? skyCode(cloudCover ?? 50);
      return {
        date,
        temperatureMin: min,
        temperatureMax: max,
        cloudCover: Math.round(cloudCover ?? cloudFromCode(dayCode)),
        humidity: Math.round(at(daily, 'relative_humidity_2m_mean', i) ?? 0),
        windSpeed: at(daily, 'wind_speed_10m_max', i) ?? 0,
        precipitationProbability: at(daily, 'precipitation_probability_max', i) ?? 0,
        conditionCode: dayCode,
        textKey: weatherTextKey(dayCode),
      };
    }),
  };
}

export class OpenMeteoProvider implements WeatherProvider {
  readonly name = 'open-meteo';
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: OpenMeteoOptions) {
    this.baseUrl = options.baseUrl ?? OPEN_METEO_DEFAULT_URL;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  private async load(place: Place, days: number): Promise<OpenMeteoWeather> {
    const res = await this.options.fetch(openMeteoUrl(this.baseUrl, place, days), { signal: AbortSignal.timeout(this.timeoutMs) });
    const body = await res.json().catch(() => undefined);
    if (!res.ok) {
      const reason = isObj(body) && typeof body.reason === 'string' ? body.reason : `HTTP ${res.status}`;
      throw new WeatherProviderError(`open-meteo: ${reason}`);
    }
    return parseOpenMeteo(body);
  }

  async current(place: Place): Promise<CurrentWeather> {
    return (await this.load(place, 1)).current;
  }

  async forecast(place: Place, days: number): Promise<DailyWeather[]> {
    return (await this.load(place, days)).daily.slice(0, days);
  }
}
