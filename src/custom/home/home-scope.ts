// The home dashboard's choices that depend on the plants in scope: the zone whose calendar names
// "today", and the plant whose weather the page shows.
import { commonZone } from '@/lib/date-time';

interface ScopePlant {
  plantUid?: string;
  timeZone?: string;
  endUserId?: string;
  isTop?: number;
}

/**
 * The zone of the dashboard's days. One plant: its own. Several: the zone they all share, so that
 * "today" on the home is the day each plant's own pages call today (the owner's two Shanghai
 * plants); when they span zones (or are more than the first page, `total`), undefined: the day is
 * the user's own date, which the server reads as each plant's own today (statistics-scope.ts).
 */
export function dashboardZone(chosen: ScopePlant | undefined, plants: readonly ScopePlant[] | undefined, total: number | undefined): string | undefined {
  if (chosen) return chosen.timeZone;
  if (!plants) return undefined;
  return commonZone(plants.map((p) => p.timeZone), total === plants.length);
}

/**
 * The plant of the weather card when none is chosen: the first pinned one (the user's own pick),
 * else the first the user owns, else the first they see (a plant shared with them, or one they
 * install). The list comes pinned first, then by name.
 */
export function weatherPlantOf<P extends ScopePlant>(plants: readonly P[], userId: string | undefined): P | undefined {
  return plants.find((p) => p.isTop === 1) ?? (userId ? plants.find((p) => p.endUserId === userId) : undefined) ?? plants[0];
}
