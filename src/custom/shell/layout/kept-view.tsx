// One cached view: a tab's page kept mounted while another is shown. Hidden inside React's
// Activity, it keeps its state but runs no effects (no polling, no live subscriptions); shown
// again, its effects run, so it reads its data again and is as current as a page opened afresh.
// A hidden page must not render again on every navigation: the shell renders then, and the
// router's location and route contexts change. So the page element is made once per location, and
// it reads the router's location and its parent route as they were at its own location (the shown
// page's change with it).
import { Activity, memo, useContext, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { NavigationType, UNSAFE_LocationContext as LocationContext, UNSAFE_RouteContext as RouteContext, type Location } from 'react-router';
import { PageErrorBoundary } from '../page-error-boundary';
import { setAsideIds } from './set-aside-ids';

interface Props {
  shown: boolean;
  viewKey: string;
  location: Location;
  /** Stable across the shell's renders: the page at a location. */
  renderPage: (location: Location) => ReactNode;
}

export const KeptView = memo(function KeptView({ shown, viewKey, location, renderPage }: Props) {
  const frame = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => (shown || !frame.current ? undefined : setAsideIds(frame.current)), [shown]);
  const parentRoute = useContext(RouteContext);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- taken anew only when this page moves
  const route = useMemo(() => parentRoute, [location]);
  const here = useMemo(() => ({ location, navigationType: NavigationType.Pop }), [location]);
  const page = useMemo(() => (
    <PageErrorBoundary resetKey={`${viewKey}${location.pathname}`}>{renderPage(location)}</PageErrorBoundary>
  ), [viewKey, location, renderPage]);
  return (
    <div ref={frame} className="kept-view" hidden={!shown}>
      <Activity mode={shown ? 'visible' : 'hidden'}>
        <LocationContext.Provider value={here}>
          <RouteContext.Provider value={route}>{page}</RouteContext.Provider>
        </LocationContext.Provider>
      </Activity>
    </div>
  );
});
