// Headers on every kind of answer, the web app's per-answer CSP nonce, HSTS only behind TLS,
// and the caller's x-request-id kept beside the server's own id, never as it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

const webDist = mkdtempSync(path.join(tmpdir(), 'portal-csp-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><meta property="csp-nonce" nonce="__CSP_NONCE__"><script type="module" nonce="__CSP_NONCE__" src="/assets/app.js"></script>');

const logLines: string[] = [];
let t: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({ config: { webDist }, logStream });
  proxied = await createTestApp({ config: { trustProxy: true } });
});
afterAll(async () => {
  await t.close();
  await proxied.close();
  rmSync(webDist, { recursive: true, force: true });
});

const common = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
};

describe('every answer', () => {
  it('carries the common headers, and API answers a policy that allows nothing', async () => {
    const admin = (await t.api.login('admin')).token;
    const answers = [
      await t.app.inject(t.api.request('GET', '/api/v1/modelCode/listModelCode', { token: admin })),
      await t.app.inject(t.api.request('GET', '/api/v1/modelCode/listModelCode')),
      await t.app.inject({ method: 'GET', url: '/dev-api/api/v1/no/such' }),
      await t.app.inject({ method: 'PUT', url: '/dev-api/api/v1/modelCode/pageList' }),
    ];
    for (const answer of answers) {
      expect(answer.headers).toMatchObject({ ...common, 'content-security-policy': "default-src 'none'; frame-ancestors 'none'" });
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('gives the web app a fresh nonce each time, the same in the policy and the page', async () => {
    const nonces = [];
    for (const url of ['/login', '/system/account']) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.headers).toMatchObject(common);
      const policy = String(answer.headers['content-security-policy']);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("script-src 'self';");
      expect(policy).not.toContain('unsafe-eval');
      expect(policy).toMatch(/style-src 'self' 'nonce-[A-Za-z0-9+/=]+';/);
      const nonce = /'nonce-([^']+)'/.exec(policy)![1]!;
      expect(answer.body).toContain(`nonce="${nonce}"`);
      expect(answer.body).not.toContain('__CSP_NONCE__');
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent only when a trusted proxy says the browser spoke TLS', async () => {
    const tls = await proxied.app.inject({ method: 'GET', url: '/dev-api/api/v1/no/such', headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await proxied.app.inject({ method: 'GET', url: '/dev-api/api/v1/no/such', headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const untrusted = await t.app.inject({ method: 'GET', url: '/dev-api/api/v1/no/such', headers: { 'x-forwarded-proto': 'https' } });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('request ids', () => {
  it('logs a caller\'s x-request-id beside the server\'s own, which it answers', async () => {
    logLines.length = 0;
    const answer = await t.app.inject({ method: 'GET', url: '/dev-api/api/v1/no/such', headers: { 'x-request-id': 'trace-abc' } });
    const id = String(answer.headers['x-request-id']);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const lines = logLines.map((line) => JSON.parse(line) as { reqId?: string; callerRequestId?: string });
    expect(lines.some((line) => line.reqId === id && line.callerRequestId === 'trace-abc')).toBe(true);
    expect(lines.some((line) => line.reqId === 'trace-abc')).toBe(false);
  });
});
