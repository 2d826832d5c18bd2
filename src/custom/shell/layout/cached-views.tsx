// The page area's cached views (000 section 2 "page area with cached views"): the page of every
// open tab stays mounted, so that going back to a tab finds its typed input and filters as they
// were. A page that is not shown renders into a node outside the document: it keeps its React state
// and its DOM, yet the document holds only the shown page (one h1, one main's worth of content, one
// of each element a test or assistive technology looks for). Each cached page sees the location it
// was left at, as react-router's <Routes location> would give it, so that it does not follow the
// shown page's URL.
import { useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { NavigationType, UNSAFE_LocationContext as LocationContext, type Location } from 'react-router';

export interface CachedView {
  key: string;
  /** Where the page was when it was last shown. */
  location: Location;
  /** Raised by the tab's refresh: a new generation mounts the page afresh. */
  generation: number;
}

function View({ active, location, children }: { active: boolean; location: Location; children: ReactNode }) {
  const [host] = useState(() => document.createElement('div'));
  // The slot comes before the portal, so its ref attaches the host before the page's layout effects measure anything.
  const attach = useCallback((slot: HTMLDivElement | null) => {
    slot?.appendChild(host);
  }, [host]);
  const live = useContext(LocationContext);
  const frozen = useMemo(() => ({ location, navigationType: NavigationType.Pop }), [location]);
  return (
    <>
      {active && <div ref={attach} className="cached-view" />}
      {createPortal(<LocationContext.Provider value={active ? live : frozen}>{children}</LocationContext.Provider>, host)}
    </>
  );
}

interface Props {
  views: readonly CachedView[];
  activeKey: string;
  /** The routes: rendered once per view, each copy at its own location. */
  children: ReactNode;
}

export function CachedViews({ views, activeKey, children }: Props) {
  return views.map((view) => (
    <View key={`${view.key}#${view.generation}`} active={view.key === activeKey} location={view.location}>{children}</View>
  ));
}
