import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth.ts';

const bytes = (text: string) => Buffer.from(text, 'utf8');
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('nestsDeeperThan', () => {
  it('counts objects and arrays together, up to the limit inclusive', () => {
    expect(nestsDeeperThan(bytes(nested(MAX_JSON_DEPTH)))).toBe(false);
    expect(nestsDeeperThan(bytes(nested(MAX_JSON_DEPTH + 1)))).toBe(true);
    expect(nestsDeeperThan(bytes('{"a":[{"b":[1]}]}'), 3)).toBe(true);
    expect(nestsDeeperThan(bytes('{"a":[{"b":1}]}'), 3)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan(bytes(`{"a":"${'['.repeat(100)}"}`), 2)).toBe(false);
    expect(nestsDeeperThan(bytes(`{"a":"\\"${'{'.repeat(100)}"}`), 2)).toBe(false);
    expect(nestsDeeperThan(bytes(`["\\\\",${nested(5)}]`), 5)).toBe(true);
  });

  it('reads 100,000 levels without recursion', () => {
    expect(nestsDeeperThan(bytes(nested(100_000)))).toBe(true);
  });
});
