// An energy manager's connection drops now and then in the demo (a home router restarting, a
// weak Wi-Fi), fixed per plant and local day by hashes so that a backfill and a live run agree: a
// few plants, on some days, lose it for 30 minutes to 2.5 hours between 09:00 and 16:00 local time,
// long enough for the offline rule (15 minutes). Daytime only, so that the day's energy stays whole.
import { unitHash } from './hash.ts';
import type { LocalClock } from './local-time.ts';

const FLAKY_SHARE = 0.35;
const DROP_DAY_CHANCE = 0.2;
const DROP_FROM_HOUR = 9;
const DROP_SPREAD_H = 4.5;
const DROP_MIN_H = 0.5;
const DROP_SPREAD_LENGTH_H = 2;

/** Whether the plant's energy manager is unreachable now. */
export function linkDown(id: string, clock: LocalClock): boolean {
  if (unitHash(id, 'flaky-link') >= FLAKY_SHARE || unitHash(id, 'link-drop', clock.date) >= DROP_DAY_CHANCE) return false;
  const from = DROP_FROM_HOUR + DROP_SPREAD_H * unitHash(id, 'link-from', clock.date);
  const to = from + DROP_MIN_H + DROP_SPREAD_LENGTH_H * unitHash(id, 'link-length', clock.date);
  return clock.hour >= from && clock.hour < to;
}
