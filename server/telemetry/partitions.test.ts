import { describe, expect, it } from 'vitest';
import { monthsOf } from './partitions.ts';

describe('monthsOf', () => {
  it('lists the UTC months of a span, both ends included, across a year', () => {
    expect(monthsOf(new Date('2026-11-30T23:59:00Z'), new Date('2027-02-01T00:00:00Z'))).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
  });

  it('gives one month for a span inside it', () => {
    const at = new Date('2026-03-15T10:00:00Z');
    expect(monthsOf(at, at)).toEqual(['2026-03']);
  });
});
