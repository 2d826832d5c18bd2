import { describe, expect, it } from 'vitest';
import { memoryNonceStore } from './nonces.ts';

describe('memoryNonceStore', () => {
  it('takes a value once per client within its lifetime, and again once it has expired', async () => {
    let clock = 0;
    const store = memoryNonceStore(10, () => clock);
    expect(await store.claim('web', 'a', 900)).toBe(true);
    expect(await store.claim('web', 'a', 900)).toBe(false);
    expect(await store.claim('api_1', 'a', 900)).toBe(true);
    clock = 899_999;
    expect(await store.claim('web', 'a', 900)).toBe(false);
    clock = 900_000;
    expect(await store.claim('web', 'a', 900)).toBe(true);
    expect(store.size()).toBe(1);
  });

  it('turns requests away when full of live values rather than forget one', async () => {
    let clock = 0;
    const store = memoryNonceStore(2, () => clock);
    expect(await store.claim('web', 'a', 900)).toBe(true);
    clock = 1000;
    expect(await store.claim('web', 'b', 900)).toBe(true);
    await expect(store.claim('web', 'c', 900)).rejects.toMatchObject({ code: 10006, params: { retryAfter: 899 } });
    expect(await store.claim('web', 'a', 900)).toBe(false);
    clock = 900_000;
    expect(await store.claim('web', 'c', 900)).toBe(true);
    expect(store.size()).toBe(2);
  });

  it('treats a value whose lifetime ended as free even behind one still live (lifetimes follow each request\'s own clock)', async () => {
    let clock = 0;
    const store = memoryNonceStore(10, () => clock);
    expect(await store.claim('web', 'long', 600)).toBe(true);
    expect(await store.claim('web', 'short', 10)).toBe(true);
    clock = 10_000;
    expect(await store.claim('web', 'short', 300)).toBe(true);
    expect(await store.claim('web', 'short', 300)).toBe(false);
    expect(await store.claim('web', 'long', 300)).toBe(false);
  });
});
