// The database nonce store (PostgreSQL without Redis; here also on PGlite): claims of one turn
// of the event loop share one INSERT, those arriving while it is on the wire share the next, and
// batching must not weaken replay refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client.ts';
import { requestNonces } from '../../server/db/schema/index.ts';
import { databaseNonceStore } from '../../server/repositories/nonces.ts';
import type { Database } from '../../server/db/client.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const on = (database: Pick<Database, 'prepared'>) => databaseNonceStore({ claim: database.prepared, sweep: database.prepared });

describe('databaseNonceStore', () => {
  it('gives exactly one of many concurrent claims of a value, written in one batch', async () => {
    const store = on(t.database);
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => store.claim('web', 'same', 900)),
      store.claim('web', 'other', 900),
      store.claim('api_1', 'same', 900),
    ]);
    expect(results.slice(0, 5).filter(Boolean)).toHaveLength(1);
    expect(results.slice(5)).toEqual([true, true]);
    expect(await store.claim('web', 'same', 900)).toBe(false);
  });

  it('sends one batch at a time: claims that arrive while one is on the wire go together in the next', async () => {
    const batches: number[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const store = databaseNonceStore({
      sweep: t.database.prepared,
      async claim<Row>(name: string, text: string, values: unknown[]) {
        batches.push((values[0] as string[]).length);
        if (batches.length === 1) await held;
        return t.database.prepared<Row>(name, text, values);
      },
    });
    const first = store.claim('web', 'wire-1', 900);
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([1]);
    const later = [2, 3, 4].map((n) => store.claim('web', `wire-${n}`, 900));
    // Several turns pass while the first batch is held on the wire: nothing else is sent.
    for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([1]);
    release();
    expect(await Promise.all([first, ...later])).toEqual([true, true, true, true]);
    expect(batches).toEqual([1, 3]);
  });

  it('lets a value be claimed again once its row has expired', async () => {
    const store = on(t.database);
    await t.database.db.insert(requestNonces).values({ clientId: 'web', random: 'old', expiresAt: new Date(Date.now() - 1000) });
    expect(await store.claim('web', 'old', 900)).toBe(true);
    expect(await store.claim('web', 'old', 900)).toBe(false);
  });

  it('fails every claim of a batch whose write fails, rather than let one through', async () => {
    const broken = await openDatabase({});
    const store = on(broken);
    await broken.close();
    const claims = [store.claim('web', 'a', 900), store.claim('web', 'b', 900)];
    for (const claim of claims) await expect(claim).rejects.toThrow();
  });
});
