// Geographic coordinates of a plant (WGS-84 degrees). Latitude −90..90 and longitude −180..180
// everywhere, so southern-hemisphere and western plants work (issue 8 reading of 001 section 5);
// only the China site's domestic mode narrows latitude, in the plant form's rules.
import gcoord from 'gcoord';

export const LATITUDE_MIN = -90;
export const LATITUDE_MAX = 90;
export const LONGITUDE_MIN = -180;
export const LONGITUDE_MAX = 180;
/** Six decimals are about 0.1 m: finer than any click, coarser than float noise. */
export const COORDINATE_DECIMALS = 6;

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

export const isLatitude = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= LATITUDE_MIN && value <= LATITUDE_MAX;

export const isLongitude = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= LONGITUDE_MIN && value <= LONGITUDE_MAX;

const round = (value: number) => Number(value.toFixed(COORDINATE_DECIMALS));

/** A longitude folded into −180..180: a map panned across the antimeridian reports 190 for −170. */
export function wrapLongitude(longitude: number): number {
  if (longitude >= LONGITUDE_MIN && longitude <= LONGITUDE_MAX) return longitude;
  return ((((longitude + 180) % 360) + 360) % 360) - 180;
}

/** The point a map reports (a click, a dragged marker), as the form stores it. */
export function mapPoint(latitude: number, longitude: number): GeoPoint {
  return {
    latitude: round(Math.min(LATITUDE_MAX, Math.max(LATITUDE_MIN, latitude))),
    longitude: round(wrapLongitude(longitude)),
  };
}

/**
 * A plant has a position when both values are numbers other than 0 (000 section 5): an unset
 * position is stored as 0, 0, and nobody runs a plant on the equator at the prime meridian.
 */
export const hasPosition = (latitude: unknown, longitude: unknown): boolean =>
  isLatitude(latitude) && isLongitude(longitude) && latitude !== 0 && longitude !== 0;

/**
 * Maps of mainland China draw on GCJ-02, a shifted datum that its law requires, while devices and
 * the database hold WGS-84. gcoord shifts points inside China only and leaves others as they are.
 */
export function wgs84ToGcj02({ latitude, longitude }: GeoPoint): GeoPoint {
  const [lng, lat] = gcoord.transform([longitude, latitude], gcoord.WGS84, gcoord.GCJ02);
  return { latitude: round(lat), longitude: round(lng) };
}

/** The inverse shift, for a point picked on a map of China. */
export function gcj02ToWgs84({ latitude, longitude }: GeoPoint): GeoPoint {
  const [lng, lat] = gcoord.transform([longitude, latitude], gcoord.GCJ02, gcoord.WGS84);
  return { latitude: round(lat), longitude: round(lng) };
}
