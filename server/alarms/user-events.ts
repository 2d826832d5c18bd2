// Events for one user's open pages (userEventStream): `alarm` when an alarm the user may see is
// raised or changes, and whatever other areas publish to a user (`message`, through
// publishUserEvent). Listeners of this process hear at once; on PostgreSQL every announcement also
// goes out as NOTIFY, so that a stream served by one server process follows alarms raised and
// messages sent by another (PGlite has a single process). Which streams an alarm concerns is each
// stream's own question (its user's scope), asked once per announcement.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database, Listener } from '../db/client.ts';
import type { Sender } from '../services/sender.ts';
import { onAlarmsCommitted } from './announce.ts';
import { sendNoticeEmails } from './notices.ts';

export const USER_EVENTS_CHANNEL = 'portal_user_events';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; a larger event goes to this process's streams only. */
const MAX_PAYLOAD = 7000;

export interface UserEventListener {
  /** These alarms were raised or changed (possibly in another process). */
  alarms(ids: number[]): void;
  /** An event published to this listener's user. */
  event(name: string, data: unknown): void;
  /** The server is stopping: end the stream. */
  close(): void;
}

export interface UserEvents {
  /** Sends `event` with `data` (JSON) to the open pages of the user, after the commit that it tells of. */
  publish(userId: string, event: string, data: unknown): void;
  /** Returns the unsubscribe. */
  subscribe(userId: string, listener: UserEventListener): () => void;
  close(): Promise<void>;
}

type Announcement = { o: string; a: number[] } | { o: string; u: string; e: string; d: unknown };

export async function startUserEvents(database: Database, sender: Sender, log: FastifyBaseLogger): Promise<UserEvents> {
  const listeners = new Map<string, Set<UserEventListener>>();
  const all = () => [...listeners.values()].flatMap((set) => [...set]);
  const deliver = (message: Announcement) => {
    if ('a' in message) for (const listener of all()) listener.alarms(message.a);
    else for (const listener of listeners.get(message.u) ?? []) listener.event(message.e, message.d);
  };
  const origin = randomUUID();
  let remote: Listener | undefined;
  if (database.kind === 'postgres') {
    remote = await database.listen(USER_EVENTS_CHANNEL, (payload) => {
      const message = JSON.parse(payload) as Announcement;
      if (message.o !== origin) deliver(message);
    }, (error) => log.warn({ err: error }, 'user events interrupted; alarms and messages of other processes may arrive late'));
  }
  const announce = (message: Announcement) => {
    deliver(message);
    if (!remote) return;
    const payload = JSON.stringify(message);
    if (payload.length > MAX_PAYLOAD) return;
    database.db.execute(sql`select pg_notify(${USER_EVENTS_CHANNEL}, ${payload})`)
      .catch((error: Error) => log.warn({ err: error }, 'user event not announced'));
  };
  const stopAlarms = onAlarmsCommitted(database.db, (changes, notices) => {
    sendNoticeEmails(sender, notices, log);
    // Ids only: several hundred fit one NOTIFY, and a larger batch goes out in parts.
    const ids = changes.map((c) => c.id);
    for (let i = 0; i < ids.length; i += 500) announce({ o: origin, a: ids.slice(i, i + 500) });
  });
  return {
    publish: (userId, event, data) => announce({ o: origin, u: userId, e: event, d: data }),
    subscribe(userId, listener) {
      let set = listeners.get(userId);
      if (!set) listeners.set(userId, set = new Set());
      set.add(listener);
      return () => {
        set.delete(listener);
        if (!set.size && listeners.get(userId) === set) listeners.delete(userId);
      };
    },
    async close() {
      stopAlarms();
      const open = all();
      listeners.clear();
      for (const listener of open) listener.close();
      await remote?.stop();
    },
  };
}

/**
 * Sends an event to a user's open pages (their userEventStream), in this process and, on
 * PostgreSQL, in every other: e.g. `message` when a private message reaches them. Call it after
 * the commit of what it announces.
 */
export function publishUserEvent(server: FastifyInstance, userId: string, event: string, data: unknown): void {
  server.userEvents.publish(userId, event, data);
}
