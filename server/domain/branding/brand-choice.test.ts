import { describe, expect, it } from 'vitest';
import { brandKeyForHost, hostList } from './brand-choice.ts';

const brands = [
  { oemKey: 'elekeeper', hostNames: null },
  { oemKey: 'brightwatt', hostNames: 'brightwatt.localhost, Portal.BrightWatt.example' },
];

describe('brandKeyForHost', () => {
  it.each([
    ['brightwatt.localhost', 'brightwatt'],
    ['portal.brightwatt.example', 'brightwatt'],
    ['PORTAL.brightwatt.example.', 'brightwatt'],
    ['localhost', 'elekeeper'],
    ['brightwatt.localhost.evil.example', 'elekeeper'],
    ['', 'elekeeper'],
  ])('serves %j as %s', (host, key) => {
    expect(brandKeyForHost(brands, host, 'elekeeper')).toBe(key);
  });

  it('falls back to the configured main brand', () => {
    expect(brandKeyForHost(brands, 'other.example', 'sunrise')).toBe('sunrise');
  });
});

describe('hostList', () => {
  it('splits, trims and lower-cases, dropping empty entries', () => {
    expect(hostList(' A.example ,b.example,, ')).toEqual(['a.example', 'b.example']);
    expect(hostList(null)).toEqual([]);
  });
});
