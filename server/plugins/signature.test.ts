import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { signatureParams, signFields } from '../../src/lib/signing.ts';
import envelope from './envelope.ts';
import signature, { serverSignature } from './signature.ts';

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

describe('the signature check', () => {
  it('remembers a request\'s random only while its timeStamp stays within the window', async () => {
    const lifetimes: number[] = [];
    const app = Fastify();
    await app.register(envelope, { apiPrefix: '/api' });
    await app.register(signature, {
      keyOf: async () => 'key',
      nonces: { claim: async (_client, _random, ttlSeconds) => (lifetimes.push(ttlSeconds), true) },
    });
    const operation = { signed: true, requestType: undefined, schema: {} };
    app.get('/api/x', { config: { operation } as never }, async () => ({ errCode: 0 }));
    await app.ready();
    for (const ageS of [0, 100, 290]) {
      const params = signatureParams('key', { clientId: 'web', appProjectName: 'portal', lang: 'en', now: new Date(Date.now() - ageS * 1000) }, {});
      const response = await app.inject({ url: `/api/x?${new URLSearchParams({ ...params })}` });
      expect(response.json().errCode).toBe(0);
    }
    // 300 s, 200 s and 10 s left of each request's window (give or take the second the test takes).
    expect(lifetimes.map((s) => Math.round(s / 10) * 10)).toEqual([300, 200, 10]);
    await app.close();
  });
});
