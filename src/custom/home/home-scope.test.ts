import { describe, expect, it } from 'vitest';
import { dashboardZone, weatherPlantOf } from './home-scope';

describe('dashboardZone', () => {
  const shanghai = { plantUid: 'a', timeZone: 'Asia/Shanghai' };
  const shenzhen = { plantUid: 'b', timeZone: 'Asia/Shanghai' };
  const adelaide = { plantUid: 'c', timeZone: 'Australia/Adelaide' };

  it('is the chosen plant zone', () => {
    expect(dashboardZone(adelaide, [shanghai, adelaide], 2)).toBe('Australia/Adelaide');
  });

  it('is the zone every plant in scope shares', () => {
    expect(dashboardZone(undefined, [shanghai, shenzhen], 2)).toBe('Asia/Shanghai');
  });

  it('is none when the plants span zones, or when not all of them are listed', () => {
    expect(dashboardZone(undefined, [shanghai, adelaide], 2)).toBeUndefined();
    expect(dashboardZone(undefined, [shanghai, shenzhen], 40)).toBeUndefined();
    expect(dashboardZone(undefined, undefined, undefined)).toBeUndefined();
  });
});

describe('weatherPlantOf', () => {
  const shared = { plantUid: 'olivia', endUserId: 'u-owner' };
  const own = { plantUid: 'oscar', endUserId: 'u-owner2' };
  const pinned = { plantUid: 'perth', endUserId: 'u-owner2', isTop: 1 };

  it('prefers the caller own plant to one shared with them that sorts first', () => {
    expect(weatherPlantOf([shared, own], 'u-owner2')).toBe(own);
  });

  it('takes a pinned plant first, and the first plant when the caller owns none', () => {
    expect(weatherPlantOf([pinned, shared, own], 'u-owner2')).toBe(pinned);
    expect(weatherPlantOf([shared, own], 'u-installer')).toBe(shared);
    expect(weatherPlantOf([], 'u-owner2')).toBeUndefined();
  });
});
