import { describe, expect, it } from 'vitest';
import { canonicalString, randomString, signFields, signatureParams, RANDOM_LENGTH } from './signing';

describe('canonicalString', () => {
  it('sorts names in byte order, trims values and leaves out the signature', () => {
    expect(canonicalString({ b: ' 2 ', a: '1', B: 'x', signature: 'zzz' })).toBe('B=x&a=1&b=2');
  });

  it('joins arrays with commas and skips nested objects, null and undefined', () => {
    expect(canonicalString({ ids: ['1', ' 2'], file: { size: 3 }, gone: undefined, none: null, n: 0 })).toBe('ids=1,2&n=0');
  });
});

describe('signing', () => {
  it('draws 32 characters of [A-Za-z0-9]', () => {
    const value = randomString();
    expect(value).toMatch(/^[A-Za-z0-9]+$/);
    expect(value).toHaveLength(RANDOM_LENGTH);
    expect(randomString()).not.toBe(value);
  });

  it('signs every field with HMAC-SHA256 so that any change breaks the signature', () => {
    const now = new Date(2026, 10, 21, 9, 5);
    const fields = { modelCode: 'SUN-5K', pageNo: 1 };
    const params = signatureParams('key', { clientId: 'web', appProjectName: 'portal', lang: 'en', now }, fields);
    expect(params.clientDate).toBe('2026-11-21');
    expect(params.timeStamp).toBe(String(now.getTime()));
    const { signature, ...signed } = params;
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(signFields('key', { ...fields, ...signed })).toBe(signature);
    expect(signFields('key', { ...fields, ...signed, pageNo: 2 })).not.toBe(signature);
    expect(signFields('other key', { ...fields, ...signed })).not.toBe(signature);
  });

  it('matches a known HMAC-SHA256 value of the canonical string', () => {
    // HMAC-SHA256(key "key", message "a=1"), computed independently.
    expect(signFields('key', { a: ' 1 ' })).toBe('b17f9ae9ca05727a9af1d682e302eb7729bf55bf4bef5ba64cebbe8646401b99');
  });
});
