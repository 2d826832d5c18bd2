// One cached view: a tab's page kept mounted while another is shown. Hidden inside React's
// Activity, it keeps its state but runs no effects (no polling, no live subscriptions); shown
// again, its effects run, so it reads its data again and is as current as a page opened afresh.
import { Activity, useLayoutEffect, useRef, type ReactNode } from 'react';
import { setAsideIds } from './set-aside-ids';

export function KeptView({ shown, children }: { shown: boolean; children: ReactNode }) {
  const frame = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => (shown || !frame.current ? undefined : setAsideIds(frame.current)), [shown]);
  return (
    <div ref={frame} className="kept-view" hidden={!shown}>
      <Activity mode={shown ? 'visible' : 'hidden'}>{children}</Activity>
    </div>
  );
}
