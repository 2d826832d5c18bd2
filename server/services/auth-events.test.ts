// AuthEvents.caughtUp's round trips (coalescePings): a caller never relies on a round trip sent
// before it asked, concurrent callers share one, and a stalled or lost listener makes the caches
// untrusted at once, without callers queueing behind it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { coalescePings, roundTripLedger } from './auth-events.ts';

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
