// The weather provider interface, shared by the built-in deterministic provider and Open-Meteo.
// Condition codes are WMO 4677 "weather interpretation codes" (the ones Open-Meteo returns), so
// both providers speak the same vocabulary; each maps to an i18n text key.

export interface Place {
  latitude: number;
  longitude: number;
  /** IANA zone; days of a forecast are local days there (solar days by longitude without it). */
  timeZone?: string;
}

export interface CurrentWeather {
  /** ISO 8601 UTC instant of the observation. */
  time: string;
  /** °C */
  temperature: number;
  /** Relative humidity, % */
  humidity: number;
  /** % of the sky */
  cloudCover: number;
  /** m/s at 10 m */
  windSpeed: number;
  /** Degrees the wind comes from, 0 north, clockwise. */
  windDirection: number;
  conditionCode: number;
  textKey: WeatherTextKey;
}

export interface DailyWeather {
  /** Local date, YYYY-MM-DD. */
  date: string;
  temperatureMin: number;
  temperatureMax: number;
  /** Mean over the day, % */
  cloudCover: number;
  /** Mean relative humidity, % */
  humidity: number;
  /** Maximum wind speed, m/s */
  windSpeed: number;
  /** % */
  precipitationProbability: number;
  conditionCode: number;
  textKey: WeatherTextKey;
}

export interface WeatherProvider {
  readonly name: string;
  current(place: Place): Promise<CurrentWeather>;
  /** `days` days starting with today (local), today included. */
  forecast(place: Place, days: number): Promise<DailyWeather[]>;
}

export type WeatherTextKey =
  | 'weather.clear' | 'weather.mainlyClear' | 'weather.partlyCloudy' | 'weather.overcast' | 'weather.fog'
  | 'weather.drizzle' | 'weather.rain' | 'weather.heavyRain' | 'weather.snow' | 'weather.showers'
  | 'weather.thunderstorm' | 'weather.unknown';

export const WMO = {
  clear: 0, mainlyClear: 1, partlyCloudy: 2, overcast: 3, fog: 45, drizzle: 51,
  slightRain: 61, rain: 63, heavyRain: 65, slightSnow: 71, snow: 73, showers: 80, thunderstorm: 95,
} as const;

export function weatherTextKey(code: number): WeatherTextKey {
  if (code === 0) return 'weather.clear';
  if (code === 1) return 'weather.mainlyClear';
  if (code === 2) return 'weather.partlyCloudy';
  if (code === 3) return 'weather.overcast';
  if (code === 45 || code === 48) return 'weather.fog';
  if (code >= 51 && code <= 57) return 'weather.drizzle';
  if (code === 65 || code === 67) return 'weather.heavyRain';
  if (code >= 61 && code <= 67) return 'weather.rain';
  if ((code >= 71 && code <= 77) || code === 85 || code === 86) return 'weather.snow';
  if (code >= 80 && code <= 82) return 'weather.showers';
  if (code >= 95 && code <= 99) return 'weather.thunderstorm';
  return 'weather.unknown';
}

/** Sky code for a dry sky by cloud cover, with WMO's "clear / mainly clear / partly / overcast"
 * split at roughly 1, 3 and 6 oktas. */
export function skyCode(cloudCoverPct: number): number {
  if (cloudCoverPct < 20) return WMO.clear;
  if (cloudCoverPct < 45) return WMO.mainlyClear;
  if (cloudCoverPct < 75) return WMO.partlyCloudy;
  return WMO.overcast;
}
