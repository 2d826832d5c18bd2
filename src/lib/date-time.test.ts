import { describe, expect, it } from 'vitest';
import { DATE_FORMAT, commonZone, dayRange, formatDate, formatDateTime, formatDay, formatTime, offsetMinutes, timesMatch, todayIn, zoneLabel } from './date-time';

// 19:38 UTC on 26 November is 03:38 on the 27th in Shanghai and 12:38 on the 26th in Denver.
const READING = '2026-11-26T19:38:00.000Z';

describe('formatDateTime', () => {
  it('writes an instant in the plant zone, English as YYYY-MM-DD HH:mm:ss', () => {
    expect(formatDateTime(READING, { lang: 'en', timeZone: 'Asia/Shanghai' })).toBe('2026-11-27 03:38:00');
    expect(formatDateTime(READING, { lang: 'en', timeZone: 'America/Denver' })).toBe('2026-11-26 12:38:00');
  });

  it('writes Chinese in its own numeric form on a 24-hour clock, never the browser default', () => {
    const text = formatDateTime(READING, { lang: 'zh-CN', timeZone: 'Asia/Shanghai' });
    expect(text).toBe('2026/11/27 03:38:00');
    expect(text).not.toMatch(/AM|PM|上午|下午/);
  });

  it('takes epoch milliseconds and Date objects alike', () => {
    const ms = Date.parse(READING);
    expect(formatDateTime(ms, { lang: 'en', timeZone: 'UTC' })).toBe('2026-11-26 19:38:00');
    expect(formatDateTime(new Date(ms), { lang: 'en', timeZone: 'UTC' })).toBe('2026-11-26 19:38:00');
  });

  it('shows a dash for nothing and an unreadable value as it is', () => {
    expect(formatDateTime(null, { lang: 'en' })).toBe('–');
    expect(formatDateTime('', { lang: 'en' })).toBe('–');
    expect(formatDateTime('soon', { lang: 'en' })).toBe('soon');
  });

  it('falls back to the browser zone for a zone the runtime does not know', () => {
    expect(formatDateTime(READING, { lang: 'en', timeZone: 'Mars/Olympus' })).toBe(formatDateTime(READING, { lang: 'en' }));
  });
});

describe('formatDate, formatTime and formatDay', () => {
  it('name the date and the clock of the plant', () => {
    expect(formatDate(READING, { lang: 'en', timeZone: 'Asia/Shanghai' })).toBe('2026-11-27');
    expect(formatDate(READING, { lang: 'zh-CN', timeZone: 'Asia/Shanghai' })).toBe('2026/11/27');
    expect(formatTime(READING, { lang: 'en', timeZone: 'Asia/Shanghai' })).toBe('03:38');
    expect(formatTime('2026-11-26T16:00:05Z', { lang: 'en', timeZone: 'Asia/Shanghai' }, true)).toBe('00:00:05');
  });

  it('writes a calendar day with its weekday in the language, whatever the zone', () => {
    expect(formatDay('2026-11-27', 'en')).toMatch(/Fri/);
    expect(formatDay('2026-11-27', 'zh-CN')).toMatch(/周五/);
  });
});

describe('todayIn', () => {
  it('is the date on the plant clock', () => {
    const now = new Date(READING);
    expect(todayIn('Asia/Shanghai', now)).toBe('2026-11-27');
    expect(todayIn('America/Denver', now)).toBe('2026-11-26');
    expect(todayIn('UTC', now)).toBe('2026-11-26');
  });
});

describe('zones', () => {
  it('measures offsets, daylight saving included', () => {
    expect(offsetMinutes('Asia/Shanghai', new Date(READING))).toBe(480);
    expect(offsetMinutes('America/Denver', new Date('2026-11-26T12:00:00Z'))).toBe(-420);
    expect(offsetMinutes('America/Denver', new Date('2026-07-01T12:00:00Z'))).toBe(-360);
  });

  it('labels a zone only where its clock differs from the browser one', () => {
    const at = new Date(READING);
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(zoneLabel(browser, at)).toBeUndefined();
    const far = offsetMinutes(undefined, at) === 480 ? 'America/Denver' : 'Asia/Shanghai';
    expect(zoneLabel(far, at)).toBe(far === 'Asia/Shanghai' ? 'Asia/Shanghai, UTC+08:00' : 'America/Denver, UTC-07:00');
    expect(zoneLabel(null, at)).toBeUndefined();
  });

  it('finds the zone several plants share, and none when they differ or are not all known', () => {
    expect(commonZone(['Asia/Shanghai', 'Asia/Shanghai'], true)).toBe('Asia/Shanghai');
    expect(commonZone(['Asia/Shanghai', 'Asia/Hong_Kong'], true)).toBe('Asia/Shanghai');
    expect(commonZone(['Asia/Shanghai', 'Asia/Shanghai'], false)).toBeUndefined();
    expect(commonZone(['Australia/Adelaide', 'Australia/Sydney'], true)).toBeUndefined();
    expect(commonZone(['Asia/Shanghai', null], true)).toBeUndefined();
    expect(commonZone([], true)).toBeUndefined();
  });
});

describe('date defaults of 000 section 9', () => {
  it('formats dates as YYYY-MM-DD and spans a day from 00:00:00 to 23:59:59', () => {
    expect(DATE_FORMAT).toBe('YYYY-MM-DD');
    expect(dayRange('2026-11-27')).toEqual(['2026-11-27 00:00:00', '2026-11-27 23:59:59']);
  });

  it.each(['2026-13-01', '2026-1-1', '27/11/2026', ''])('refuses the day %j', (date) => expect(() => dayRange(date)).toThrow());

  it.each([
    ['12:05', '12:05', 0, true],
    ['12:05:00', '12:05:30', 0, false],
    ['12:04', '12:05', 0, false],
    ['12:04', '12:05', 1, true],
    ['2026-11-27 12:00:00', '12:03', 5, true],
    ['12:00', '12:06', 5, false],
    ['23:58', '00:01', 3, true],
    ['23:58', '00:01', 2, false],
    ['noon', '12:00', 60, false],
  ])('%s and %s within %i minutes: %s', (a, b, tolerance, match) => expect(timesMatch(a, b, tolerance)).toBe(match));
});
