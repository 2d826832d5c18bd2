import { describe, expect, it } from 'vitest';
import { signFields } from '../../src/lib/signing.ts';
import { serverSignature } from './signature.ts';

describe('serverSignature', () => {
  it('equals the portable signFields the clients use, for any field values', () => {
    const cases: Record<string, unknown>[] = [
      {},
      { clientId: 'web', random: 'A'.repeat(32), timeStamp: '1700000000000' },
      { name: ' Zoë 光伏电站 ', list: ['a', ' b '], n: 12.5, empty: '', nothing: null, nested: { a: 1 } },
      { emoji: '☀️🔋', lone: '\uD800x', rtl: 'שלום', nfd: 'e\u0301' },
    ];
    for (const key of ['portal-web-key', 'ключ-🔑']) {
      for (const fields of cases) expect(serverSignature(key, fields)).toBe(signFields(key, fields));
    }
  });
});
