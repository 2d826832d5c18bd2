// The map picker's tile server (getMapKey, MAP_TILE_URL): what the web app is told, and the
// Content-Security-Policy that admits the tile images from that server and no other.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

interface MapTiles { tileUrl: string; attribution: string; attributionUrl?: string }

const webDist = mkdtempSync(path.join(tmpdir(), 'portal-map-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><meta property="csp-nonce" nonce="__CSP_NONCE__">');

let standard: TestApp;
let custom: TestApp;
beforeAll(async () => {
  standard = await createTestApp({ config: { webDist } });
  custom = await createTestApp({
    config: { webDist, mapTileUrl: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png?key=k1', mapTileAttribution: '© Example Maps', mapTileAttributionUrl: '' },
  });
});
afterAll(async () => {
  await standard.close();
  await custom.close();
  rmSync(webDist, { recursive: true, force: true });
});

const tilesOf = async (t: TestApp) => {
  const { body } = await t.api.get<MapTiles>('/api/v1/sys/map/getMapKey', { token: (await t.api.login('owner')).token });
  expect(body.errCode).toBe(0);
  return body.data;
};
const imgSrc = async (t: TestApp) => {
  const answer = await t.app.inject({ method: 'GET', url: '/login' });
  return /img-src ([^;]+)/.exec(String(answer.headers['content-security-policy']))![1];
};

describe('map tiles', () => {
  it("are OpenStreetMap's by default, with its credit, and only its images are admitted", async () => {
    expect(await tilesOf(standard)).toEqual({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
      attributionUrl: 'https://www.openstreetmap.org/copyright',
    });
    expect(await imgSrc(standard)).toBe("'self' data: blob: https://tile.openstreetmap.org");
  });

  it('come from the server MAP_TILE_URL names, subdomains included', async () => {
    expect(await tilesOf(custom)).toEqual({ tileUrl: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png?key=k1', attribution: '© Example Maps' });
    expect(await imgSrc(custom)).toBe("'self' data: blob: https://*.tiles.example.com");
  });

  it('need a session', async () => {
    expect((await standard.api.get('/api/v1/sys/map/getMapKey')).body.errCode).toBe(10002);
  });
});
