// Cached views of the tab strip (000 section 2 "Main layout"): the pages of open tabs stay mounted,
// hidden, so that going back to a tab finds it as it was left (filters, typed text, the page of a
// table). Pure, so that which views are kept is unit-tested.
import type { Location } from 'react-router';

/** More hidden pages cost memory and work on every render of the shell; the oldest go first. */
export const MAX_CACHED_VIEWS = 10;

export interface View {
  /** The tab's page key: the tab and how often it was refreshed (a refresh starts a new view). */
  key: string;
  /** Where the page was when it was last shown: a hidden page stays there. */
  location: Location;
  /** When it was last shown, as a count: the least recently shown goes first. */
  shown: number;
}

/**
 * The views to keep once `current` is shown: it takes the location it is at now, the views whose
 * tab was closed or refreshed (no longer in `open`) go, and past `max` the least recently shown
 * go. Views keep their order, so that their elements never move in the document (a moved iframe
 * reloads, a moved focused field loses its focus).
 */
export function keepViews(views: readonly View[], current: Omit<View, 'shown'> | undefined, open: ReadonlySet<string>, max = MAX_CACHED_VIEWS): View[] {
  const latest = Math.max(0, ...views.map((v) => v.shown));
  let kept = views.filter((v) => open.has(v.key));
  if (current) {
    const known = kept.find((v) => v.key === current.key);
    // Shown again at the same place: the view as it is, so that nothing renders anew.
    const shown = known && known.location === current.location && known.shown === latest ? known : { ...current, shown: latest + 1 };
    kept = known ? kept.map((v) => (v.key === current.key ? shown : v)) : [...kept, shown];
  }
  while (kept.length > max) {
    const oldest = kept.reduce((a, b) => (b.shown < a.shown ? b : a));
    kept = kept.filter((v) => v !== oldest);
  }
  return kept;
}
