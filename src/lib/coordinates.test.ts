import { describe, expect, it } from 'vitest';
import { isLatitude, isLongitude, mapPoint, wrapLongitude } from './coordinates';

describe('coordinates', () => {
  it('accepts both hemispheres up to the poles and the antimeridian', () => {
    for (const value of [-90, -33.87, 0, 90]) expect(isLatitude(value)).toBe(true);
    for (const value of [-90.000001, 90.5, Number.NaN, Infinity, '10', null]) expect(isLatitude(value)).toBe(false);
    for (const value of [-180, -58.38, 151.21, 180]) expect(isLongitude(value)).toBe(true);
    for (const value of [-180.1, 180.000001, Number.NaN, undefined]) expect(isLongitude(value)).toBe(false);
  });

  it('folds longitudes of a map panned across the antimeridian', () => {
    expect(wrapLongitude(151.21)).toBe(151.21);
    expect(wrapLongitude(180)).toBe(180);
    expect(wrapLongitude(190)).toBe(-170);
    expect(wrapLongitude(-200)).toBe(160);
    expect(wrapLongitude(151.21 + 720)).toBeCloseTo(151.21, 9);
  });

  it('stores a map point with six decimals, latitude within the poles', () => {
    expect(mapPoint(-33.868820123, 151.209295789)).toEqual({ latitude: -33.86882, longitude: 151.209296 });
    expect(mapPoint(-91, 531.21)).toEqual({ latitude: -90, longitude: 171.21 });
  });
});
