// Delivers the database's announcements of changes to sessions, users, permissions and plants
// (NOTIFY portal_auth, sent by triggers at commit) to this process's AuthCache and the caches that
// depend on them, and of writes to the tables that memoised lists read ('table:<name>'),
// whichever process made the change. After a request that may have written, `sync()` waits until this process has
// heard everything committed so far, so that the next request it serves sees the change.
//
// A change made by another process is announced to this one over its own connection, which may
// be read after a request that arrived later (a busy event loop, a slow or stalled listener). So a
// cached session is trusted only once `caughtUp()` shows that every announcement committed before
// the request arrived has been heard: a logout answered by one process is refused by every other
// on the very next request. Any answer on the listening connection proves that much, so the
// nonce claim of a signed request, sent there, spares the request a ping of its own. A process
// that holds its database alone (server/db/ownership.ts) is the only one to announce anything
// but changes written by hand, and announces its own before it answers (`sync()`), so it trusts
// its cache whenever it is listening.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { NotListeningError, type Database } from '../db/client.ts';
import { AppError, ErrCode } from '../errors.ts';
import type { AuthCache } from './auth-cache.ts';

export const AUTH_CHANNEL = 'portal_auth';
const SYNC_TIMEOUT_MS = 2000;
/** A listener that takes longer to answer is treated as lost until it answers. */
export const CAUGHT_UP_TIMEOUT_MS = 1000;
/** How soon a client whose claim overran on a stalled listener may try again (Retry-After). */
const STALLED_RETRY_AFTER_S = 1;

export interface AuthEvents {
  sync(): Promise<void>;
  /** Taken when a request arrives: what caughtUp must prove was heard. */
  mark(): number;
  /**
   * True once every announcement committed before `since` (a mark) has been heard; false when
   * that cannot be known in time (the listener is down or stalled), and then what was cached
   * must not be trusted.
   */
  caughtUp(since: number): Promise<boolean>;
  /**
   * Runs a statement on the listening connection, where its answer also proves caughtUp for
   * every request marked before it was sent; on the pool while that connection is down, or
   * stalled: a statement that overruns CAUGHT_UP_TIMEOUT_MS there answers 10006 (it may or may
   * not have been carried out, so its caller should try again), and the next go to the pool
   * until it comes back.
   */
  query<Row>(name: string, text: string, values: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

/**
 * Numbers the round trips on the listening connection. One connection answers in order, so once
 * a round trip sent after a mark has come back, so has every notification committed before it.
 */
export function roundTripLedger() {
  let sent = 0;
  let answered = 0;
  return {
    mark: () => sent,
    provenSince: (mark: number) => answered > mark,
    track<T>(send: () => Promise<T>): Promise<T> {
      const number = ++sent;
      return send().then((value) => {
        if (number > answered) answered = number;
        return value;
      });
    },
  };
}

/**
 * Coalesces `ping` (a round trip that proves the announcements committed before it was sent have
 * been heard) for many concurrent callers: a caller that arrives while a round trip is under way
 * waits for the next one, since the one under way may have left before the caller's reason to
 * ask was committed; that next round trip then serves every caller that arrived meanwhile. A
 * round trip that fails or exceeds `timeoutMs` reports `onStall` and answers false; until one
 * succeeds again, callers get false at once (without queueing behind the stalled one) while a
 * single probe waits for the listener, and its success reports `onStall` once more, since
 * whatever was cached in between was cached unannounced.
 */
export function coalescePings(ping: () => Promise<void>, onStall: (error: Error) => void, timeoutMs = CAUGHT_UP_TIMEOUT_MS): () => Promise<boolean> {
  /** The outcome of the round trip under way, until it is known. */
  let current: Promise<boolean> | undefined;
  /** The round trip that callers arriving during `current` wait for. */
  let next: Promise<boolean> | undefined;
  /** Round trips actually on the wire (a timed-out one stays there until it settles). */
  let onWire = 0;
  let stalled = false;
  // Reported once per stall: the probes that fail while it lasts add nothing.
  const stall = (error: Error) => {
    if (stalled) return;
    stalled = true;
    onStall(error);
  };
  const send = (): Promise<boolean> => {
    onWire += 1;
    const outcome = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        stall(new Error(`the listener did not answer within ${timeoutMs} ms`));
        resolve(false);
      }, timeoutMs);
      timer.unref();
      ping().then(() => {
        clearTimeout(timer);
        onWire -= 1;
        if (stalled) {
          stalled = false;
          onStall(new Error('the listener answers again'));
        }
        resolve(true);
      }, (error: Error) => {
        clearTimeout(timer);
        onWire -= 1;
        stall(error);
        resolve(false);
      });
    });
    current = outcome;
    void outcome.then(() => {
      if (current === outcome) current = undefined;
    });
    return outcome;
  };
  return () => {
    if (stalled) {
      if (onWire === 0) void send();
      return Promise.resolve(false);
    }
    if (!current) return send();
    next ??= current.then((heard) => {
      next = undefined;
      return heard && !stalled ? send() : false;
    });
    return next;
  };
}

/** What else this process keeps that announcements make stale. */
export interface Dependents {
  /** Sessions, users, permissions or plants changed (counts, fleet answers). */
  invalidate(): void;
  /** A write to this table was committed (list pages that read it). */
  tableChanged(table: string): void;
  /** Announcements may have been missed: nothing kept can be trusted. */
  lost(): void;
}

export interface AuthEventsOptions {
  /** This process holds its database alone (no other server process writes to it). */
  alone: boolean;
}

export async function listenAuthEvents(database: Database, cache: AuthCache, dependents: Dependents, log: FastifyBaseLogger, { alone }: AuthEventsOptions): Promise<AuthEvents> {
  const marks = new Map<string, () => void>();
  const onMessage = (message: string) => {
    if (message.startsWith('mark:')) {
      marks.get(message.slice('mark:'.length))?.();
      return;
    }
    if (message.startsWith('table:')) {
      dependents.tableChanged(message.slice('table:'.length));
      return;
    }
    cache.invalidate(message);
    dependents.invalidate();
  };
  // A listener that lost its connection may have missed announcements: forget everything.
  const onLost = (error: Error) => {
    log.warn({ err: error }, 'auth announcements interrupted; session cache cleared');
    cache.invalidate('all');
    dependents.invalidate();
    dependents.lost();
  };
  const listener = await database.listen(AUTH_CHANNEL, onMessage, onLost);
  const ledger = roundTripLedger();
  /** A statement on the listening connection overran its time and has not come back yet. */
  let stalled = false;
  const ping = coalescePings(() => ledger.track(() => listener.caughtUp()), onLost);
  return {
    mark: ledger.mark,
    caughtUp: (since) => (alone ? Promise.resolve(listener.listening()) : ledger.provenSince(since) ? Promise.resolve(true) : ping()),
    async query<Row>(name: string, text: string, values: unknown[]) {
      if (stalled) return database.prepared<Row>(name, text, values);
      const answer = ledger.track(() => listener.query<Row>(name, text, values));
      let timer: NodeJS.Timeout | undefined;
      const overrun = new Promise<'overrun'>((resolve) => {
        timer = setTimeout(() => resolve('overrun'), CAUGHT_UP_TIMEOUT_MS);
      });
      try {
        const first = await Promise.race([answer, overrun]);
        if (first !== 'overrun') return first;
      } catch (error) {
        if (error instanceof NotListeningError) return database.prepared<Row>(name, text, values);
        throw error;
      } finally {
        clearTimeout(timer);
      }
      stalled = true;
      onLost(new Error(`the listener did not answer within ${CAUGHT_UP_TIMEOUT_MS} ms`));
      void answer.catch(() => undefined).finally(() => {
        stalled = false;
      });
      throw new AppError(ErrCode.tooMany, 'error.tooMany', { retryAfter: STALLED_RETRY_AFTER_S });
    },
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
    close: () => listener.stop(),
  };
}
