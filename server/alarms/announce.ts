// Alarms raised or changed, told after their commit to whoever serves this database in this
// process (the user event streams of server/alarms/user-events.ts, and the e-mails of their
// notices, which need the app's sender). The
// writers (ingest, the scheduled rules, closing) know only their database handle, so listeners
// register by it: two apps in one process (tests) hear only their own database's alarms.
import type { Db } from '../db/client.ts';
import type { AlarmChange } from './evaluate.ts';
import type { AlarmNotice } from './notices.ts';

type Listener = (changes: AlarmChange[], notices: AlarmNotice[]) => void;
const listeners = new Map<Db, Set<Listener>>();

/** Called after the commit that made the changes. */
export function alarmsCommitted(db: Db, changes: AlarmChange[], notices: AlarmNotice[] = []): void {
  if (!changes.length) return;
  for (const listener of listeners.get(db) ?? []) listener(changes, notices);
}

/** Returns the unsubscribe. */
export function onAlarmsCommitted(db: Db, listener: Listener): () => void {
  let set = listeners.get(db);
  if (!set) listeners.set(db, set = new Set());
  set.add(listener);
  return () => {
    set.delete(listener);
    if (!set.size) listeners.delete(db);
  };
}
