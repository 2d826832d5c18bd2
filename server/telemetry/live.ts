// Live events: which plants just got committed telemetry, for the liveStream SSE. Ingest callers
// (HTTP, MQTT, the simulator) announce the plants after their commit. Listeners of this process
// hear it at once; on PostgreSQL the announcement also goes out as NOTIFY, so that a stream served
// by one server process follows records ingested by another (PGlite has a single process).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Listener } from '../db/client.ts';

export const LIVE_CHANNEL = 'portal_live';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD = 7000;

export interface LiveListener {
  /** A record of the plant was committed (possibly in another process). */
  commit(): void;
  /** The server is stopping: end the stream, or it would hold the close open. */
  close(): void;
}

export interface LiveEvents {
  /** Announces, after their commit, that records of these plants were stored. */
  committed(plants: readonly string[]): void;
  /** Returns the unsubscribe. */
  subscribe(plantUid: string, listener: LiveListener): () => void;
  /** How many listeners follow the plant (streams left open would show here). */
  watching(plantUid: string): number;
  close(): Promise<void>;
}

/** Groups plant ids into NOTIFY payloads under the size limit. */
function payloads(origin: string, plants: readonly string[]): string[] {
  const out: string[] = [];
  let current: string[] = [];
  let size = 0;
  for (const plant of plants) {
    if (current.length && size + plant.length + 1 > MAX_PAYLOAD - origin.length) {
      out.push(`${origin}|${current.join(',')}`);
      current = [];
      size = 0;
    }
    current.push(plant);
    size += plant.length + 1;
  }
  if (current.length) out.push(`${origin}|${current.join(',')}`);
  return out;
}

/** `onCommit` hears every announcement, of any plant, from this process or another. */
export async function startLiveEvents(database: Database, log: FastifyBaseLogger, onCommit: () => void = () => undefined): Promise<LiveEvents> {
  const listeners = new Map<string, Set<LiveListener>>();
  const emit = (plantUid: string) => {
    for (const listener of listeners.get(plantUid) ?? []) listener.commit();
  };
  // Our own NOTIFYs come back to us too; they were delivered locally already.
  const origin = randomUUID();
  let remote: Listener | undefined;
  if (database.kind === 'postgres') {
    remote = await database.listen(LIVE_CHANNEL, (payload) => {
      const [from, plants = ''] = payload.split('|');
      if (from === origin) return;
      onCommit();
      for (const plant of plants.split(',')) emit(plant);
    }, (error) => {
      // Announcements may have been missed meanwhile: every stream refreshes (cheap, coalesced).
      log.warn({ err: error }, 'live announcements interrupted; every live stream refreshes');
      onCommit();
      for (const plant of listeners.keys()) emit(plant);
    });
  }
  return {
    committed(plants) {
      if (!plants.length) return;
      onCommit();
      for (const plant of plants) emit(plant);
      if (!remote) return;
      for (const payload of payloads(origin, plants)) {
        database.db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`)
          .catch((error: Error) => log.warn({ err: error }, 'live announcement not sent'));
      }
    },
    subscribe(plantUid, listener) {
      let set = listeners.get(plantUid);
      if (!set) listeners.set(plantUid, set = new Set());
      set.add(listener);
      return () => {
        set.delete(listener);
        if (!set.size && listeners.get(plantUid) === set) listeners.delete(plantUid);
      };
    },
    watching: (plantUid) => listeners.get(plantUid)?.size ?? 0,
    async close() {
      const all = [...listeners.values()].flatMap((set) => [...set]);
      listeners.clear();
      for (const listener of all) listener.close();
      await remote?.stop();
    },
  };
}
