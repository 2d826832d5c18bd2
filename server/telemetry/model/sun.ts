// Sun position and clear-sky irradiance on a tilted panel.
//
// Azimuth convention of the plant form (pvPanelAzimuth, -180..180), as the API reference states:
// 0 = facing the equator, negative = turned east, positive = turned west, ±180 = facing the pole.
// In the northern hemisphere 0 is due south, in the southern hemisphere due north, so the same
// number means "best orientation" everywhere. The equator itself counts as northern.
import { getPosition } from 'suncalc';

const DEG = Math.PI / 180;
/** Haurwitz (1945) clear-sky global horizontal irradiance: GHI = A·cos z·exp(-B / cos z). */
const HAURWITZ_A = 1098;
const HAURWITZ_B = 0.059;
/** Diffuse share of clear-sky GHI with the sun overhead, and its rise towards the horizon, where
 * the longer air path scatters more of the beam (typical clear-sky values 0.1 .. 0.4). */
const CLEAR_DIFFUSE_FRACTION_ZENITH = 0.12;
const CLEAR_DIFFUSE_FRACTION_HORIZON = 0.4;
/** Ground reflectance of grass and roofs. */
export const GROUND_ALBEDO = 0.2;
/** Kasten–Czeplak (1980): GHI_cloudy = GHI_clear·(1 - K1·c^K2), c the cloud fraction. */
const KASTEN_K1 = 0.75;
const KASTEN_K2 = 3.4;

export interface SunPosition {
  /** Degrees above the horizon, refraction-corrected; negative at night. */
  altitudeDeg: number;
  /** Compass bearing in degrees: 0 north, 90 east, 180 south, 270 west. */
  azimuthDeg: number;
  zenithDeg: number;
}

/** Irradiance in W/m²: global horizontal, direct normal, diffuse horizontal. */
export interface Irradiance {
  ghi: number;
  dni: number;
  dhi: number;
}

export interface PanelOrientation {
  /** 0 flat .. 90 vertical. */
  tiltDeg: number;
  /** Plant-form convention: 0 facing the equator, negative east, positive west. */
  azimuthDeg: number;
}

const NO_LIGHT: Irradiance = { ghi: 0, dni: 0, dhi: 0 };

export function sunPosition(time: Date, latitude: number, longitude: number): SunPosition {
  const p = getPosition(time, latitude, longitude);
  return { altitudeDeg: p.altitude, azimuthDeg: p.azimuth, zenithDeg: 90 - p.altitude };
}

/** Clear-sky irradiance for a solar zenith angle; zero with the sun below the horizon. */
export function clearSkyIrradiance(zenithDeg: number): Irradiance {
  const cosZ = Math.cos(zenithDeg * DEG);
  if (cosZ <= 0) return NO_LIGHT;
  const ghi = HAURWITZ_A * cosZ * Math.exp(-HAURWITZ_B / cosZ);
  const kd = CLEAR_DIFFUSE_FRACTION_ZENITH + (CLEAR_DIFFUSE_FRACTION_HORIZON - CLEAR_DIFFUSE_FRACTION_ZENITH) * (1 - cosZ);
  const dhi = ghi * kd;
  // DNI·cos z is the beam on the horizontal; dividing keeps GHI = beam + diffuse exactly.
  return { ghi, dhi, dni: (ghi - dhi) / cosZ };
}

/**
 * Cloud cover (0..100 %) thins the global irradiance (Kasten–Czeplak) and removes the beam in
 * proportion to the covered sky; what remains of the global arrives as diffuse light.
 */
export function cloudyIrradiance(clear: Irradiance, zenithDeg: number, cloudCoverPct: number): Irradiance {
  const c = Math.min(1, Math.max(0, cloudCoverPct / 100));
  const cosZ = Math.cos(zenithDeg * DEG);
  if (cosZ <= 0 || clear.ghi <= 0) return NO_LIGHT;
  const ghi = clear.ghi * (1 - KASTEN_K1 * c ** KASTEN_K2);
  const beamHorizontal = Math.min(ghi, clear.dni * cosZ * (1 - c));
  return { ghi, dni: beamHorizontal / cosZ, dhi: ghi - beamHorizontal };
}

/** The panel's facing as a compass bearing (0 north, clockwise), from the plant-form azimuth. */
export function panelBearingDeg(panelAzimuthDeg: number, latitude: number): number {
  const bearing = latitude >= 0 ? 180 + panelAzimuthDeg : -panelAzimuthDeg;
  return ((bearing % 360) + 360) % 360;
}

/** Cosine of the angle between the sun and the panel's normal (negative: sun behind it). */
export function cosIncidence(sun: SunPosition, panel: PanelOrientation, latitude: number): number {
  const z = sun.zenithDeg * DEG;
  const tilt = panel.tiltDeg * DEG;
  const dAz = (sun.azimuthDeg - panelBearingDeg(panel.azimuthDeg, latitude)) * DEG;
  return Math.cos(z) * Math.cos(tilt) + Math.sin(z) * Math.sin(tilt) * Math.cos(dAz);
}

/**
 * Plane-of-array irradiance (W/m²) by the isotropic-sky model: the beam on the panel, the part
 * of the sky dome the panel sees, and light reflected from the ground in front of it.
 */
export function planeOfArrayIrradiance(irr: Irradiance, sun: SunPosition, panel: PanelOrientation, latitude: number): number {
  if (sun.altitudeDeg <= 0 || irr.ghi <= 0) return 0;
  const cosTilt = Math.cos(panel.tiltDeg * DEG);
  const beam = irr.dni * Math.max(0, cosIncidence(sun, panel, latitude));
  const sky = irr.dhi * (1 + cosTilt) / 2;
  const ground = irr.ghi * GROUND_ALBEDO * (1 - cosTilt) / 2;
  return beam + sky + ground;
}

export interface SiteIrradiance {
  sun: SunPosition;
  /** Horizontal irradiance under the given cloud cover. */
  irradiance: Irradiance;
  /** On the panel, W/m². */
  poa: number;
}

/** Everything the PV model needs at one instant and place. */
export function siteIrradiance(time: Date, latitude: number, longitude: number, panel: PanelOrientation, cloudCoverPct = 0): SiteIrradiance {
  const sun = sunPosition(time, latitude, longitude);
  if (sun.altitudeDeg <= 0) return { sun, irradiance: NO_LIGHT, poa: 0 };
  const irradiance = cloudyIrradiance(clearSkyIrradiance(sun.zenithDeg), sun.zenithDeg, cloudCoverPct);
  return { sun, irradiance, poa: planeOfArrayIrradiance(irradiance, sun, panel, latitude) };
}
