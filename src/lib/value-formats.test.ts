import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, isCountryCode, isRuntimeTimeZone } from './value-formats';

describe('country codes', () => {
  it('are the ISO 3166-1 alpha-2 codes, in capitals', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(isCountryCode('CN')).toBe(true);
    expect(isCountryCode('cn')).toBe(false);
    expect(isCountryCode('EU')).toBe(false);
    expect(isCountryCode('ZZ')).toBe(false);
  });
});

describe('time zones the runtime knows', () => {
  it('are IANA names and their aliases', () => {
    for (const zone of ['Australia/Sydney', 'UTC', 'Asia/Calcutta', 'America/Argentina/Buenos_Aires', 'EST5EDT', 'Etc/GMT+5']) expect(isRuntimeTimeZone(zone), zone).toBe(true);
  });

  it('are never unknown names, file names, offsets or POSIX rules', () => {
    for (const zone of ['', 'Mars/Olympus', 'posixrules', 'localtime', '+05:00', 'UTC+5:30', 'XYZ+5', '../etc/passwd', `Europe/${'x'.repeat(80)}`]) {
      expect(isRuntimeTimeZone(zone), zone).toBe(false);
    }
  });
});
