// The database nonce store (PostgreSQL without Redis; here also on PGlite): claims of one turn
// of the event loop share one INSERT, and batching must not weaken replay refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client.ts';
import { requestNonces } from '../../server/db/schema/index.ts';
import { databaseNonceStore } from '../../server/repositories/nonces.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('databaseNonceStore', () => {
  it('gives exactly one of many concurrent claims of a value, written in one batch', async () => {
    const store = databaseNonceStore(t.database);
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => store.claim('web', 'same', 900)),
      store.claim('web', 'other', 900),
      store.claim('api_1', 'same', 900),
    ]);
    expect(results.slice(0, 5).filter(Boolean)).toHaveLength(1);
    expect(results.slice(5)).toEqual([true, true]);
    expect(await store.claim('web', 'same', 900)).toBe(false);
  });

  it('lets a value be claimed again once its row has expired', async () => {
    const store = databaseNonceStore(t.database);
    await t.database.db.insert(requestNonces).values({ clientId: 'web', random: 'old', expiresAt: new Date(Date.now() - 1000) });
    expect(await store.claim('web', 'old', 900)).toBe(true);
    expect(await store.claim('web', 'old', 900)).toBe(false);
  });

  it('fails every claim of a batch whose write fails, rather than let one through', async () => {
    const broken = await openDatabase({});
    const store = databaseNonceStore(broken);
    await broken.close();
    const claims = [store.claim('web', 'a', 900), store.claim('web', 'b', 900)];
    for (const claim of claims) await expect(claim).rejects.toThrow();
  });
});
