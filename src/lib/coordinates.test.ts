import { describe, expect, it } from 'vitest';
import { gcj02ToWgs84, hasPosition, isLatitude, isLongitude, mapPoint, wgs84ToGcj02, wrapLongitude } from './coordinates';

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

describe('positions and the China shift', () => {
  it.each([
    [39.9, 116.4, true],
    [-33.87, 151.21, true],
    [0, 116.4, false],
    [39.9, 0, false],
    [0, 0, false],
    [Number.NaN, 116.4, false],
    ['39.9', 116.4, false],
    [undefined, undefined, false],
  ])('%s, %s has a position: %s', (latitude, longitude, valid) => expect(hasPosition(latitude, longitude)).toBe(valid));

  it.each([
    ['Beijing', { latitude: 39.908, longitude: 116.397 }, true],
    ['Shenzhen', { latitude: 22.543, longitude: 114.058 }, true],
    ['Paris', { latitude: 48.85, longitude: 2.35 }, false],
    ['Sydney', { latitude: -33.87, longitude: 151.21 }, false],
  ])('%s is shifted to GCJ-02 and back: %s', (_city, point, inChina) => {
    const shifted = wgs84ToGcj02(point);
    if (inChina) {
      // The standard offset is a few hundred metres, well above 0.001 degrees.
      expect(Math.abs(shifted.longitude - point.longitude) + Math.abs(shifted.latitude - point.latitude)).toBeGreaterThan(0.001);
    } else {
      expect(shifted).toEqual(point);
    }
    const back = gcj02ToWgs84(shifted);
    expect(back.latitude).toBeCloseTo(point.latitude, 5);
    expect(back.longitude).toBeCloseTo(point.longitude, 5);
  });
});
