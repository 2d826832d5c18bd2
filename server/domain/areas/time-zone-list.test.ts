import { describe, expect, it } from 'vitest';
import { timeZoneOptions, utcOffsetMinutes } from './time-zone-list.ts';

describe('time-zone list', () => {
  it('reads offsets with daylight saving as it is at the given moment', () => {
    expect(utcOffsetMinutes('Asia/Shanghai', new Date('2026-07-01T00:00:00Z'))).toBe(480);
    expect(utcOffsetMinutes('Australia/Sydney', new Date('2026-07-01T00:00:00Z'))).toBe(600);
    expect(utcOffsetMinutes('Australia/Sydney', new Date('2026-01-01T00:00:00Z'))).toBe(660);
    expect(utcOffsetMinutes('America/St_Johns', new Date('2026-01-01T00:00:00Z'))).toBe(-210);
  });

  it("lists one country's zones west to east with readable labels", () => {
    const au = timeZoneOptions('AU', new Date('2026-07-01T00:00:00Z'));
    expect(au.map((z) => z.timeZone)).toContain('Australia/Perth');
    expect(au.find((z) => z.timeZone === 'Australia/Sydney')!.label).toBe('(UTC+10:00) Sydney');
    expect(au.map((z) => z.utcOffset)).toEqual([...au.map((z) => z.utcOffset)].sort((a, b) => a - b));
  });

  it('lists every zone without a country', () => {
    expect(timeZoneOptions().length).toBeGreaterThan(300);
  });
});
