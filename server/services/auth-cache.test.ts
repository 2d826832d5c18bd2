import { describe, expect, it } from 'vitest';
import type { AuthContext } from '../plugins/auth.ts';
import { AuthCache } from './auth-cache.ts';

const auth = (sessionId: string, userId: string) => ({ sessionId, userId }) as AuthContext;
const far = new Date(8.64e15);

describe('AuthCache', () => {
  it('keeps an entry until its TTL or its token\'s expiry, whichever comes first', () => {
    let clock = 0;
    const cache = new AuthCache(1000, 10, () => clock);
    cache.put('a', auth('s1', 'u1'), far, cache.begin());
    cache.put('b', auth('s2', 'u1'), new Date(500), cache.begin());
    clock = 499;
    expect(cache.get('a')?.sessionId).toBe('s1');
    expect(cache.get('b')?.sessionId).toBe('s2');
    clock = 500;
    expect(cache.get('b')).toBeUndefined();
    clock = 1000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('forgets one session, one user, or everything', () => {
    const cache = new AuthCache();
    const fill = () => {
      cache.put('a', auth('s1', 'u1'), far, cache.begin());
      cache.put('b', auth('s2', 'u1'), far, cache.begin());
      cache.put('c', auth('s3', 'u2'), far, cache.begin());
    };
    fill();
    cache.invalidate('session:s1');
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map((x) => x?.sessionId)).toEqual([undefined, 's2', 's3']);
    fill();
    cache.invalidate('user:u1');
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map((x) => x?.sessionId)).toEqual([undefined, undefined, 's3']);
    fill();
    cache.invalidate('all');
    expect(cache.size).toBe(0);
  });

  it('does not store a lookup that raced an invalidation', () => {
    const cache = new AuthCache();
    const epoch = cache.begin();
    cache.invalidate('session:s1');
    cache.put('a', auth('s1', 'u1'), far, epoch);
    expect(cache.get('a')).toBeUndefined();
  });

  it('holds at most its maximum, dropping the oldest', () => {
    const cache = new AuthCache(60_000, 2);
    for (const key of ['a', 'b', 'c']) cache.put(key, auth(key, 'u'), far, cache.begin());
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map((x) => x?.sessionId)).toEqual([undefined, 'b', 'c']);
  });
});
