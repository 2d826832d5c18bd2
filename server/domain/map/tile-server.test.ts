import { describe, expect, it } from 'vitest';
import { DEFAULT_TILE_URL, tileImageSource } from './tile-server.ts';

describe('tile image source', () => {
  it('is the origin of the tile server, with a wildcard for a {s} subdomain', () => {
    expect(tileImageSource(DEFAULT_TILE_URL)).toBe('https://tile.openstreetmap.org');
    expect(tileImageSource('https://{s}.tile.example.com/{z}/{x}/{y}.png')).toBe('https://*.tile.example.com');
    expect(tileImageSource('http://127.0.0.1:9100/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:9100');
    expect(tileImageSource('https://tiles.example.com/{z}/{x}/{y}.png?key=abc')).toBe('https://tiles.example.com');
  });

  it('is nothing for tiles served by the portal itself', () => {
    expect(tileImageSource('/tiles/{z}/{x}/{y}.png')).toBeUndefined();
  });

  it('refuses templates a browser could not load tiles from', () => {
    for (const bad of [
      'https://tile.example.com/{z}/{x}.png',
      'ftp://tile.example.com/{z}/{x}/{y}.png',
      '//tile.example.com/{z}/{x}/{y}.png',
      'tile.example.com/{z}/{x}/{y}.png',
      'https://user:secret@tile.example.com/{z}/{x}/{y}.png',
      'https://{z}.example.com/{x}/{y}.png',
    ]) expect(() => tileImageSource(bad), bad).toThrow(/MAP_TILE_URL/);
  });
});
