// The figures on the panel's entries: untreated alarms of the last 3 days (getUntreatedAlarmNum
// countType 1, what the alarm tab lists), unread messages (getMsgStatictics) and support's unread
// chat messages (getChatInfo). Read when the panel mounts and whenever `reread` changes (the
// panel keys it with the live alarm and message events and its own openings); the live stream's
// own untreated count (`liveUntreated`) replaces the alarm count as it arrives, the latest of the
// two winning. A failed count is left out: a badge is a hint, and the tab itself says what went
// wrong.
import { useEffect, useState } from 'react';
import { call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';

export interface PanelCounts {
  alarms?: number;
  messages?: DataOf<'getMsgStatictics'>;
  chatUnread?: number;
}

export function usePanelCounts(reread: string, liveUntreated: number | undefined): PanelCounts {
  const [counts, setCounts] = useState<PanelCounts>({});
  useEffect(() => {
    if (liveUntreated !== undefined) setCounts((c) => ({ ...c, alarms: liveUntreated }));
  }, [liveUntreated]);
  useEffect(() => {
    let live = true;
    const keep = <K extends keyof PanelCounts>(key: K) => (value: PanelCounts[K]) => live && setCounts((c) => ({ ...c, [key]: value }));
    call('getUntreatedAlarmNum', { query: { countType: 1 }, silent: true }).then((d) => keep('alarms')(d.untreatedNum), () => undefined);
    call('getMsgStatictics', { silent: true }).then(keep('messages'), () => undefined);
    call('getChatInfo', { silent: true }).then((d) => keep('chatUnread')(d.available ? d.unreadNum : undefined), () => undefined);
    return () => {
      live = false;
    };
  }, [reread]);
  return counts;
}
