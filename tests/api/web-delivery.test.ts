// The web app's assets go out compressed when the browser accepts it: the build writes brotli and
// gzip copies (scripts/precompress.ts) and the server picks one by Accept-Encoding.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/precompress.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

const webDist = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "plant ${i}" }`).join(', ')}];\n`;
const tiny = 'export const a = 1;\n';

let t: TestApp;
let summary: Awaited<ReturnType<typeof precompressDir>>;
beforeAll(async () => {
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><script type="module" src="/assets/app.js"></script>');
  writeFileSync(path.join(webDist, 'assets', 'app.js'), script);
  writeFileSync(path.join(webDist, 'assets', 'tiny.js'), tiny);
  writeFileSync(path.join(webDist, 'assets', 'logo.png'), Buffer.alloc(4096, 7));
  summary = await precompressDir(webDist);
  t = await createTestApp({ config: { webDist } });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('precompressed assets', () => {
  it('compress only text files big enough to gain', () => {
    // app.js only: tiny.js is under 1 kB and a PNG is compressed already.
    expect(summary.files).toBe(1);
    expect(summary.brotliBytes).toBeLessThan(summary.bytes / 4);
  });

  it('answer brotli to a browser that accepts it, with the JavaScript type and Vary', async () => {
    const answer = await get('/assets/app.js', 'gzip, deflate, br, zstd');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(script);
  });

  it('answer gzip where brotli is not accepted', async () => {
    const answer = await get('/assets/app.js', 'gzip');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(answer.rawPayload).toString()).toBe(script);
  });

  it('answer the file itself to a client that accepts no encoding, and files without a copy as they are', async () => {
    const plain = await get('/assets/app.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    const small = await get('/assets/tiny.js', 'br, gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe(tiny);
  });
});
