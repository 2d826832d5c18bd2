import { describe, expect, it } from 'vitest';
import { localClock, localToUtc } from './local-time.ts';

describe('localClock', () => {
  it('follows the zone, daylight saving included', () => {
    const winter = localClock(new Date('2025-01-15T12:00:00Z'), 13.4, 'Europe/Berlin');
    const summer = localClock(new Date('2025-07-15T12:00:00Z'), 13.4, 'Europe/Berlin');
    expect(winter.hour).toBe(13);
    expect(summer.hour).toBe(14);
    expect(summer.date).toBe('2025-07-15');
    expect(summer.weekday).toBe(2); // a Tuesday
  });

  it('rolls the date over in zones ahead of UTC', () => {
    const c = localClock(new Date('2025-03-01T23:30:00Z'), 151.2, 'Australia/Sydney');
    expect(c.date).toBe('2025-03-02');
    expect(c.hour).toBeCloseTo(10.5, 9);
  });

  it('uses mean solar time without a zone', () => {
    expect(localClock(new Date('2025-06-01T00:00:00Z'), 120).hour).toBe(8);
    expect(localClock(new Date('2025-06-01T00:00:00Z'), -45).hour).toBe(21);
  });

  it('converts a local time back to UTC', () => {
    expect(localToUtc('2025-07-15', 14, 13.4, 'Europe/Berlin').toISOString()).toBe('2025-07-15T12:00:00.000Z');
    expect(localToUtc('2025-01-15', 18.5, 151.2, 'Australia/Sydney').toISOString()).toBe('2025-01-15T07:30:00.000Z');
  });
});
