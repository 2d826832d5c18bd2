// Delivers the database's announcements of changes to sessions, users, permissions and plants
// (NOTIFY portal_auth, sent by triggers at commit) to this process's AuthCache and CountCache,
// whichever process made the change. After a request that may have written, `sync()` waits until this process has
// heard everything committed so far, so that the next request it serves sees the change.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { AuthCache } from './auth-cache.ts';
import type { CountCache } from './count-cache.ts';

export const AUTH_CHANNEL = 'portal_auth';
const SYNC_TIMEOUT_MS = 2000;

export interface AuthEvents {
  sync(): Promise<void>;
  close(): Promise<void>;
}

export async function listenAuthEvents(database: Database, cache: AuthCache, counts: CountCache, log: FastifyBaseLogger): Promise<AuthEvents> {
  const marks = new Map<string, () => void>();
  const onMessage = (message: string) => {
    if (message.startsWith('mark:')) {
      marks.get(message.slice('mark:'.length))?.();
      return;
    }
    cache.invalidate(message);
    counts.invalidate();
  };
  // A listener that lost its connection may have missed announcements: forget everything.
  const onLost = (error: Error) => {
    log.warn({ err: error }, 'auth announcements interrupted; session cache cleared');
    cache.invalidate('all');
    counts.invalidate();
  };
  const stop = await database.listen(AUTH_CHANNEL, onMessage, onLost);
  return {
    async sync() {
      const id = randomUUID();
      const heard = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), SYNC_TIMEOUT_MS);
        marks.set(id, () => {
          clearTimeout(timer);
          resolve(true);
        });
      });
      await database.db.execute(sql`select pg_notify(${AUTH_CHANNEL}, ${`mark:${id}`})`);
      if (!(await heard)) onLost(new Error('no echo of a sync mark'));
      marks.delete(id);
    },
    close: stop,
  };
}
