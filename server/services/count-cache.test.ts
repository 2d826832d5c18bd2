import { describe, expect, it } from 'vitest';
import { CountCache } from './count-cache.ts';

describe('CountCache', () => {
  it('counts once per key until invalidated', async () => {
    const cache = new CountCache();
    let calls = 0;
    const count = async () => ++calls;
    expect(await cache.get('u1', count)).toBe(1);
    expect(await cache.get('u1', count)).toBe(1);
    expect(await cache.get('u2', count)).toBe(2);
    cache.invalidate();
    expect(cache.size).toBe(0);
    expect(await cache.get('u1', count)).toBe(3);
  });

  it('does not keep a count that raced an invalidation', async () => {
    const cache = new CountCache();
    let release!: (n: number) => void;
    const pending = cache.get('u1', () => new Promise<number>((resolve) => { release = resolve; }));
    cache.invalidate();
    release(5);
    expect(await pending).toBe(5);
    expect(cache.size).toBe(0);
  });

  it('counts again after the safety TTL, and holds a bounded number of keys', async () => {
    let clock = 0;
    const cache = new CountCache(1000, 2, () => clock);
    let calls = 0;
    const count = async () => ++calls;
    await cache.get('a', count);
    clock = 999;
    expect(await cache.get('a', count)).toBe(1);
    clock = 1000;
    expect(await cache.get('a', count)).toBe(2);
    await cache.get('b', count);
    await cache.get('c', count);
    expect(cache.size).toBe(2);
  });
});
