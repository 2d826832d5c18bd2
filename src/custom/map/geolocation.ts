// The browser's position for the map picker (001 section 9: geolocation timeout 5 s).
import type { GeoPoint } from '@/lib/coordinates';
import { mapPoint } from '@/lib/coordinates';

export const GEOLOCATION_TIMEOUT_MS = 5000;

/** Where the browser says it is; rejects when it may not tell, cannot, or takes over 5 s. */
export function currentPosition(): Promise<GeoPoint> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error('geolocation unavailable'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve(mapPoint(coords.latitude, coords.longitude)),
      (error) => reject(new Error(error.message || 'geolocation failed')),
      { timeout: GEOLOCATION_TIMEOUT_MS, enableHighAccuracy: true, maximumAge: 0 },
    );
  });
}
