// AuthEvents.caughtUp's round trips (coalescePings): a caller never relies on a round trip sent
// before it asked, concurrent callers share one, and a stalled or lost listener makes the caches
// untrusted at once, without callers queueing behind it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Listener } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { AuthCache } from './auth-cache.ts';
import { CAUGHT_UP_TIMEOUT_MS, coalescePings, listenAuthEvents, roundTripLedger } from './auth-events.ts';

/** A ping whose round trips the test answers one by one. */
function controlledPing() {
  const sent: { answer: () => void; fail: (error: Error) => void }[] = [];
  const ping = () => new Promise<void>((resolve, reject) => {
    sent.push({ answer: resolve, fail: reject });
  });
  return { ping, sent };
}

const settled = async <T>(promise: Promise<T>): Promise<T | 'pending'> => Promise.race([promise, new Promise<'pending'>((resolve) => setImmediate(() => resolve('pending')))]);

afterEach(() => {
  vi.useRealTimers();
});

describe('coalescePings', () => {
  it('makes a caller that arrives during a round trip wait for the next one, shared by all who arrived meanwhile', async () => {
    const { ping, sent } = controlledPing();
    const caughtUp = coalescePings(ping, () => undefined);
    const first = caughtUp();
    expect(sent).toHaveLength(1);
    const second = caughtUp();
    const third = caughtUp();
    expect(sent).toHaveLength(1);
    sent[0]!.answer();
    expect(await first).toBe(true);
    // The first round trip may have left before what the later callers must see was committed.
    expect(await settled(second)).toBe('pending');
    expect(sent).toHaveLength(2);
    sent[1]!.answer();
    expect([await second, await third]).toEqual([true, true]);
    expect(sent).toHaveLength(2);
  });

  it('answers false and reports a lost listener, then trusts it again once it answers', async () => {
    const { ping, sent } = controlledPing();
    const stalls: string[] = [];
    const caughtUp = coalescePings(ping, (error) => stalls.push(error.message));
    const lost = caughtUp();
    const waiting = caughtUp();
    sent[0]!.fail(new Error('not listening'));
    expect([await lost, await waiting]).toEqual([false, false]);
    expect(stalls).toEqual(['not listening']);
    // While it is down: false at once, one probe on the wire however many callers ask, and a
    // failing probe reports nothing new.
    expect([await caughtUp(), await caughtUp()]).toEqual([false, false]);
    expect(sent).toHaveLength(2);
    sent[1]!.fail(new Error('still not listening'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(await caughtUp()).toBe(false);
    expect(stalls).toEqual(['not listening']);
    expect(sent).toHaveLength(3);
    sent[2]!.answer();
    await new Promise((resolve) => setImmediate(resolve));
    // What was cached while it was down was cached unannounced: reported once more.
    expect(stalls).toHaveLength(2);
    const after = caughtUp();
    sent[3]!.answer();
    expect(await after).toBe(true);
  });

  it('answers false when a round trip takes longer than the limit, without queueing callers behind it', async () => {
    vi.useFakeTimers();
    const { ping, sent } = controlledPing();
    const stalls: string[] = [];
    const caughtUp = coalescePings(ping, (error) => stalls.push(error.message), 1000);
    const slow = caughtUp();
    const behind = caughtUp();
    await vi.advanceTimersByTimeAsync(1000);
    expect([await slow, await behind]).toEqual([false, false]);
    expect(stalls).toEqual(['the listener did not answer within 1000 ms']);
    expect(await caughtUp()).toBe(false);
    // The slow round trip is still on the wire: no second one is sent behind it.
    expect(sent).toHaveLength(1);
    sent[0]!.answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(stalls).toHaveLength(2);
    const after = caughtUp();
    expect(sent).toHaveLength(2);
    sent[1]!.answer();
    expect(await after).toBe(true);
  });
});

describe('roundTripLedger', () => {
  it('proves a mark only by a round trip sent after it and answered', async () => {
    const ledger = roundTripLedger();
    let answerEarly!: () => void;
    const early = ledger.track(() => new Promise<void>((resolve) => {
      answerEarly = resolve;
    }));
    const mark = ledger.mark();
    answerEarly();
    await early;
    // Answered, but sent before the request arrived: it may have left before a logout committed.
    expect(ledger.provenSince(mark)).toBe(false);
    await ledger.track(async () => undefined);
    expect(ledger.provenSince(mark)).toBe(true);
    expect(ledger.provenSince(ledger.mark())).toBe(false);
  });

  it('takes no proof from a round trip that failed', async () => {
    const ledger = roundTripLedger();
    const mark = ledger.mark();
    await expect(ledger.track(async () => {
      throw new Error('connection lost');
    })).rejects.toThrow('connection lost');
    expect(ledger.provenSince(mark)).toBe(false);
  });
});

describe('statements on the listening connection (AuthEvents.query)', () => {
  /** A database whose listening connection answers when the test says, and whose pool answers at once. */
  function database() {
    const onListener: { release: () => void }[] = [];
    const onPool: string[] = [];
    const listener: Listener = {
      caughtUp: async () => undefined,
      query: <Row>(name: string) => new Promise<Row[]>((resolve) => {
        onListener.push({ release: () => resolve([{ via: 'listener', name }] as Row[]) });
      }),
      listening: () => true,
      stop: async () => undefined,
    };
    const fake = {
      listen: async () => listener,
      prepared: async <Row>(name: string) => {
        onPool.push(name);
        return [{ via: 'pool', name }] as Row[];
      },
    } as unknown as Database;
    return { fake, onListener, onPool };
  }
  const log = { warn: () => undefined } as unknown as FastifyBaseLogger;

  it('proves a request current by its own statement, answers 10006 for one that overruns, and uses the pool until it comes back', async () => {
    vi.useFakeTimers();
    const { fake, onListener, onPool } = database();
    const cache = new AuthCache();
    let cleared = 0;
    let lost = 0;
    const events = await listenAuthEvents(fake, cache, { invalidate: () => cleared++, tableChanged: () => undefined, lost: () => lost++ }, log, { alone: false });

    const mark = events.mark();
    const answered = events.query('claim', 'insert ...', []);
    onListener[0]!.release();
    expect(await answered).toEqual([{ via: 'listener', name: 'claim' }]);
    expect(await events.caughtUp(mark)).toBe(true);

    const overrun = events.query('claim', 'insert ...', []);
    const refused = expect(overrun).rejects.toSatisfy((error: unknown) => error instanceof AppError && error.code === 10006 && error.params.retryAfter === 1);
    await vi.advanceTimersByTimeAsync(CAUGHT_UP_TIMEOUT_MS);
    await refused;
    expect([cleared, lost]).toEqual([1, 1]);
    // Stalled: the next statement goes to the pool rather than queue behind the one on the wire.
    expect(await events.query('claim', 'insert ...', [])).toEqual([{ via: 'pool', name: 'claim' }]);
    expect(onPool).toEqual(['claim']);

    onListener[1]!.release();
    await vi.advanceTimersByTimeAsync(0);
    const again = events.query('claim', 'insert ...', []);
    onListener[2]!.release();
    expect(await again).toEqual([{ via: 'listener', name: 'claim' }]);
  });
});
