// The built-in weather: a deterministic climate by place and date, so that the demo needs no
// network and the simulator's PV (which reads the same cloud cover) agrees with the weather shown.
// Seasons follow the hemisphere, temperature follows the sun through the day, and clouds come in
// spells of hours to days (smooth noise), not minute-by-minute flicker.
import { clamp, smoothNoise, unitHash } from './hash.ts';
import { localClock, localToUtc } from './local-time.ts';
import { skyCode, weatherTextKey, WMO, type CurrentWeather, type DailyWeather, type Place, type WeatherProvider } from './weather.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const YEAR_DAYS = 365.25;
/** Annual mean air temperature falls off with latitude: about 27 °C at the equator, 12 °C at 50°. */
const EQUATOR_MEAN_C = 27;
const MEAN_DROP_PER_LAT2 = 0.0058;
/** Half the summer-winter swing grows with latitude (1 °C in the tropics, 10 °C at 50°). */
const SEASON_HALF_RANGE_BASE_C = 1;
const SEASON_HALF_RANGE_PER_LAT = 0.18;
/** Warmest day of the year in the north (about 19 July); half a year later in the south. */
const WARMEST_DAY_NORTH = 200;
/** Day-to-day departures from the seasonal mean (warm and cold spells of a few days). */
const SPELL_HALF_RANGE_C = 3.5;
const SPELL_PERIOD_MS = 3 * DAY_MS;
/** Half the day-night swing under a clear sky; clouds damp it (blanket at night, shade by day). */
const DIURNAL_HALF_RANGE_C = 5.5;
const CLOUD_DIURNAL_DAMPING = 0.6;
/** Air is warmest about three hours after solar noon. */
const WARMEST_SOLAR_HOUR = 15;
/** Cloud spells: weather systems of about a day and a half, with showers of a few hours on top. */
const CLOUD_SYSTEM_PERIOD_MS = 36 * HOUR_MS;
const CLOUD_LOCAL_PERIOD_MS = 5 * HOUR_MS;
const CLOUD_SYSTEM_WEIGHT = 0.65;
/** The noise maps to cloud cover through a smoothstep between these, giving clear days and
 * overcast days rather than a permanent half-cloudy sky. */
const CLOUD_CLEAR_BELOW = 0.3;
const CLOUD_OVERCAST_ABOVE = 0.7;
/** Mid-latitude winters are cloudier than summers. */
const WINTER_CLOUD_BIAS = 0.07;
/** Rain falls from thick cloud when the rain noise is high; snow when it is freezing. */
const RAIN_CLOUD_MIN_PCT = 80;
const RAIN_NOISE_MIN = 0.55;
const HEAVY_RAIN_NOISE_MIN = 0.85;
const RAIN_PERIOD_MS = 4 * HOUR_MS;
const SNOW_MAX_C = 0.5;
/** Relative humidity: wetter under cloud and at night (the air cools towards its dew point). */
const HUMIDITY_BASE = 45;
const HUMIDITY_PER_CLOUD = 35;
const HUMIDITY_DIURNAL = 10;
const WIND_CALM_MS = 1.5;
const WIND_RANGE_MS = 6;
const WIND_PERIOD_MS = 12 * HOUR_MS;

export interface WeatherSample {
  temperature: number;
  humidity: number;
  cloudCover: number;
  windSpeed: number;
  windDirection: number;
  precipitation: boolean;
  conditionCode: number;
}

/** Places within about 10 km share their weather, as neighbouring plants do. */
/** The last place's key: a backfill asks for one plant's place hundreds of times running. */
let lastPlace = { latitude: Number.NaN, longitude: Number.NaN, key: '' };
function placeKey(latitude: number, longitude: number): string {
  if (latitude !== lastPlace.latitude || longitude !== lastPlace.longitude) {
    lastPlace = { latitude, longitude, key: `${latitude.toFixed(1)},${longitude.toFixed(1)}` };
  }
  return lastPlace.key;
}

/** +1 at the height of local summer, -1 in deep winter. */
function seasonOf(latitude: number, timeMs: number): number {
  const dayOfYear = (timeMs / DAY_MS) % YEAR_DAYS; // days since 1 January 1970 wrap to the year well enough for a climate
  const north = Math.cos((2 * Math.PI * (dayOfYear - WARMEST_DAY_NORTH + YEAR_DAYS)) / YEAR_DAYS);
  return latitude >= 0 ? north : -north;
}

function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = clamp((x - edge0) / (edge1 - edge0), 0, 1);
  return t * t * (3 - 2 * t);
}

/** Cloud cover in % at a place and instant: the one the simulator darkens its PV with. */
export function builtinCloudCover(latitude: number, longitude: number, time: Date): number {
  const key = placeKey(latitude, longitude);
  const ms = time.getTime();
  const noise = CLOUD_SYSTEM_WEIGHT * smoothNoise(`${key}|cloud-system`, ms, CLOUD_SYSTEM_PERIOD_MS)
    + (1 - CLOUD_SYSTEM_WEIGHT) * smoothNoise(`${key}|cloud-local`, ms, CLOUD_LOCAL_PERIOD_MS);
  const bias = -WINTER_CLOUD_BIAS * seasonOf(latitude, ms);
  return 100 * smoothstep(CLOUD_CLEAR_BELOW, CLOUD_OVERCAST_ABOVE, noise + bias);
}

/** The full weather at a place and instant; a pure function of its arguments. */
export function builtinWeatherAt(latitude: number, longitude: number, time: Date): WeatherSample {
  const key = placeKey(latitude, longitude);
  const ms = time.getTime();
  const cloudCover = builtinCloudCover(latitude, longitude, time);
  const cloud = cloudCover / 100;
  const absLat = Math.abs(latitude);
  const solarHour = ((((ms / HOUR_MS) + longitude / 15) % 24) + 24) % 24;
  const diurnal = Math.cos((2 * Math.PI * (solarHour - WARMEST_SOLAR_HOUR)) / 24);
  const temperature = EQUATOR_MEAN_C - MEAN_DROP_PER_LAT2 * absLat * absLat
    + (SEASON_HALF_RANGE_BASE_C + SEASON_HALF_RANGE_PER_LAT * absLat) * seasonOf(latitude, ms)
    + SPELL_HALF_RANGE_C * (2 * smoothNoise(`${key}|spell`, ms, SPELL_PERIOD_MS) - 1)
    + DIURNAL_HALF_RANGE_C * (1 - CLOUD_DIURNAL_DAMPING * cloud) * diurnal;
  const rainNoise = smoothNoise(`${key}|rain`, ms, RAIN_PERIOD_MS);
  const precipitation = cloudCover >= RAIN_CLOUD_MIN_PCT && rainNoise >= RAIN_NOISE_MIN;
  const heavy = rainNoise >= HEAVY_RAIN_NOISE_MIN;
  const conditionCode = !precipitation ? skyCode(cloudCover)
    : temperature <= SNOW_MAX_C ? (heavy ? WMO.snow : WMO.slightSnow)
      : heavy ? WMO.heavyRain : WMO.slightRain;
  return {
    temperature: round1(temperature),
    humidity: Math.round(clamp(HUMIDITY_BASE + HUMIDITY_PER_CLOUD * cloud - HUMIDITY_DIURNAL * diurnal + (precipitation ? 10 : 0), 5, 100)),
    cloudCover: Math.round(cloudCover),
    windSpeed: round1(WIND_CALM_MS + WIND_RANGE_MS * smoothNoise(`${key}|wind`, ms, WIND_PERIOD_MS)),
    windDirection: Math.round(360 * unitHash(key, 'wind-dir', Math.floor(ms / WIND_PERIOD_MS))),
    precipitation,
    conditionCode,
  };
}

function round1(x: number): number {
  return Math.round(x * 10) / 10;
}

/** One local day of built-in weather, from hourly samples (as a forecast summarises its hours). */
export function builtinDay(place: Place, date: string): DailyWeather {
  const start = localToUtc(date, 0, place.longitude, place.timeZone).getTime();
  const hours = Array.from({ length: 24 }, (_, h) => builtinWeatherAt(place.latitude, place.longitude, new Date(start + h * HOUR_MS)));
  const temps = hours.map((h) => h.temperature);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const wet = hours.filter((h) => h.precipitation);
  const cloudCover = Math.round(mean(hours.map((h) => h.cloudCover)));
  // The day's symbol is its worst weather, as forecast services show it.
  const conditionCode = wet.length > 0 ? Math.max(...wet.map((h) => h.conditionCode)) : skyCode(cloudCover);
  return {
    date,
    temperatureMin: Math.min(...temps),
    temperatureMax: Math.max(...temps),
    cloudCover,
    humidity: Math.round(mean(hours.map((h) => h.humidity))),
    windSpeed: Math.max(...hours.map((h) => h.windSpeed)),
    precipitationProbability: Math.round((100 * wet.length) / hours.length),
    conditionCode,
    textKey: weatherTextKey(conditionCode),
  };
}

export class BuiltinWeatherProvider implements WeatherProvider {
  readonly name = 'builtin';
  /** The clock is injected so that tests (and a backfill) can ask about any instant. */
  constructor(private readonly now: () => Date = () => new Date()) {}

  async current(place: Place): Promise<CurrentWeather> {
    const time = this.now();
    const w = builtinWeatherAt(place.latitude, place.longitude, time);
    return {
      time: time.toISOString(), temperature: w.temperature, humidity: w.humidity, cloudCover: w.cloudCover,
      windSpeed: w.windSpeed, windDirection: w.windDirection, conditionCode: w.conditionCode, textKey: weatherTextKey(w.conditionCode),
    };
  }

  async forecast(place: Place, days: number): Promise<DailyWeather[]> {
    const today = localClock(this.now(), place.longitude, place.timeZone).date;
    const first = Date.parse(`${today}T00:00:00Z`);
    return Array.from({ length: days }, (_, i) => builtinDay(place, new Date(first + i * DAY_MS).toISOString().slice(0, 10)));
  }
}
