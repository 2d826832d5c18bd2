import { describe, expect, it } from 'vitest';
import { clearSkyIrradiance, cloudyIrradiance, panelBearingDeg, siteIrradiance, sunPosition } from './sun.ts';

const berlin = { lat: 52.52, lon: 13.4 };
const capeTown = { lat: -33.93, lon: 18.86 };
const flat = { tiltDeg: 0, azimuthDeg: 0 };

describe('sun position and clear sky', () => {
  it('puts the noon sun south in the north and north in the south', () => {
    const north = sunPosition(new Date('2025-06-21T11:10:00Z'), berlin.lat, berlin.lon);
    expect(north.azimuthDeg).toBeGreaterThan(170);
    expect(north.azimuthDeg).toBeLessThan(190);
    expect(north.altitudeDeg).toBeCloseTo(90 - 52.52 + 23.44, 0);
    const south = sunPosition(new Date('2025-12-21T10:40:00Z'), capeTown.lat, capeTown.lon);
    expect(Math.min(south.azimuthDeg, 360 - south.azimuthDeg)).toBeLessThan(15);
  });

  it('gives no light at night', () => {
    expect(siteIrradiance(new Date('2025-06-21T23:00:00Z'), berlin.lat, berlin.lon, flat).poa).toBe(0);
    expect(clearSkyIrradiance(95)).toEqual({ ghi: 0, dni: 0, dhi: 0 });
  });

  it('keeps GHI = beam on the horizontal + diffuse, clear and cloudy', () => {
    for (const z of [5, 30, 60, 85]) {
      const cosZ = Math.cos((z * Math.PI) / 180);
      const clear = clearSkyIrradiance(z);
      expect(clear.dni * cosZ + clear.dhi).toBeCloseTo(clear.ghi, 9);
      for (const cloud of [0, 40, 80, 100]) {
        const c = cloudyIrradiance(clear, z, cloud);
        expect(c.dni * cosZ + c.dhi).toBeCloseTo(c.ghi, 9);
        expect(c.ghi).toBeLessThanOrEqual(clear.ghi);
        expect(c.dhi).toBeGreaterThanOrEqual(0);
      }
    }
    expect(clearSkyIrradiance(0).ghi).toBeGreaterThan(950);
    expect(clearSkyIrradiance(0).ghi).toBeLessThan(1100);
    expect(cloudyIrradiance(clearSkyIrradiance(30), 30, 100).dni).toBe(0);
  });
});

describe('plane of array', () => {
  it('maps the plant-form azimuth to a compass bearing per hemisphere', () => {
    expect(panelBearingDeg(0, 45)).toBe(180);
    expect(panelBearingDeg(-90, 45)).toBe(90);
    expect(panelBearingDeg(90, 45)).toBe(270);
    expect(panelBearingDeg(0, -30)).toBe(0);
    expect(panelBearingDeg(-90, -30)).toBe(90);
    expect(panelBearingDeg(90, -30)).toBe(270);
    expect(panelBearingDeg(180, -30)).toBe(180);
  });

  it('favours equator-facing panels over pole-facing ones in both hemispheres', () => {
    const cases = [
      { place: berlin, time: '2025-03-20T11:00:00Z' },
      { place: capeTown, time: '2025-09-22T10:40:00Z' },
    ];
    for (const { place, time } of cases) {
      const poa = (azimuthDeg: number) => siteIrradiance(new Date(time), place.lat, place.lon, { tiltDeg: 35, azimuthDeg }).poa;
      expect(poa(0)).toBeGreaterThan(poa(180) * 1.5);
      expect(poa(0)).toBeGreaterThan(poa(-90));
      expect(poa(0)).toBeGreaterThan(siteIrradiance(new Date(time), place.lat, place.lon, flat).poa);
    }
  });

  it('favours east in the morning and west in the afternoon', () => {
    const east = { tiltDeg: 30, azimuthDeg: -90 };
    const west = { tiltDeg: 30, azimuthDeg: 90 };
    const morning = new Date('2025-06-21T06:00:00Z');
    const afternoon = new Date('2025-06-21T16:00:00Z');
    expect(siteIrradiance(morning, berlin.lat, berlin.lon, east).poa).toBeGreaterThan(siteIrradiance(morning, berlin.lat, berlin.lon, west).poa);
    expect(siteIrradiance(afternoon, berlin.lat, berlin.lon, west).poa).toBeGreaterThan(siteIrradiance(afternoon, berlin.lat, berlin.lon, east).poa);
  });

  it('darkens the panel under cloud', () => {
    const t = new Date('2025-06-21T11:00:00Z');
    const clear = siteIrradiance(t, berlin.lat, berlin.lon, { tiltDeg: 30, azimuthDeg: 0 }, 0).poa;
    const overcast = siteIrradiance(t, berlin.lat, berlin.lon, { tiltDeg: 30, azimuthDeg: 0 }, 100).poa;
    expect(overcast).toBeGreaterThan(0.1 * clear);
    expect(overcast).toBeLessThan(0.4 * clear);
  });
});
