// Deterministic pseudo-randomness for the simulator. Every "random" choice is a pure function of
// a key (plant id, place, date) so that a history backfill and a live run compute the same value
// for the same instant; Math.random is never used.

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const UINT32_RANGE = 0x1_0000_0000;
const PIPE = '|'.charCodeAt(0);

/** 32-bit FNV-1a of the parts joined by '|', followed by murmur3's finaliser so that keys
 * differing in one character still spread over the whole range. */
export function hash32(...parts: ReadonlyArray<string | number>): number {
  // Part by part, as over the joined text (which a backfill's millions of calls had to build).
  let h = FNV_OFFSET;
  for (let p = 0; p < parts.length; p++) {
    if (p > 0) h = Math.imul(h ^ PIPE, FNV_PRIME);
    const part = parts[p]!;
    const text = typeof part === 'string' ? part : String(part);
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, FNV_PRIME);
    }
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A uniform number in [0, 1) fixed by the key. */
export function unitHash(...parts: ReadonlyArray<string | number>): number {
  return hash32(...parts) / UINT32_RANGE;
}

/**
 * Smooth value noise in [0, 1): random values at knots `periodMs` apart, joined by a cosine
 * ease. Neighbouring instants get close values (clouds persist for hours, loads drift for
 * minutes) instead of white noise, and a knot depends only on the key and its index, so any
 * instant can be evaluated on its own, in any order.
 */
export function smoothNoise(key: string, timeMs: number, periodMs: number): number {
  const x = timeMs / periodMs;
  const knot = Math.floor(x);
  const frac = x - knot;
  const a = unitHash(key, knot);
  const b = unitHash(key, knot + 1);
  const ease = (1 - Math.cos(Math.PI * frac)) / 2;
  return a + (b - a) * ease;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
