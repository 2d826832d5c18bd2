import { describe, expect, it } from 'vitest';
import { badgeText, cappedCount, PANEL_ENTRIES, panelAlarmRequest, TAB_NUMBERS, toggleEntry } from './panel-rules';

describe('the unread badge', () => {
  it('shows the count up to 99, then 99+', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(98)).toBe('98');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(12_345)).toBe('99+');
  });

  it('shows nothing for no unread item or a count not known yet', () => {
    expect(badgeText(0)).toBeUndefined();
    expect(badgeText(undefined)).toBeUndefined();
    expect(badgeText(Number.NaN)).toBeUndefined();
  });

  it('caps figures that show zero too', () => {
    expect(cappedCount(0)).toBe('0');
    expect(cappedCount(100)).toBe('99+');
  });
});

describe('the panel\'s tabs', () => {
  it('are message, alarm, customer service, feedback and QR code, numbered 1, 2, 4 and 5 as the spec does', () => {
    expect(PANEL_ENTRIES).toEqual(['message', 'alarm', 'service', 'feedback', 'qr']);
    expect(TAB_NUMBERS).toEqual({ message: 1, alarm: 2, feedback: 4, qr: 5 });
  });

  it('open one at a time: another tab replaces the open one', () => {
    expect(toggleEntry(undefined, 'alarm')).toBe('alarm');
    expect(toggleEntry('alarm', 'message')).toBe('message');
    expect(toggleEntry('message', 'service')).toBe('service');
  });

  it('close when the open tab is clicked again', () => {
    expect(toggleEntry('alarm', 'alarm')).toBeUndefined();
    expect(toggleEntry('qr', 'qr')).toBeUndefined();
  });
});

describe('the alarm tab\'s request', () => {
  it('asks for the 3 newest untreated alarms from the day 4 days ago (a plant\'s day can lie behind the browser\'s), without a last day (or ahead of it)', () => {
    expect(panelAlarmRequest('2026-03-02')).toEqual({
      query: { pageNo: 1, pageSize: 3 },
      body: { alarmCommonState: 1, queryStartDate: '2026-02-26', orderByIndex: 1 },
    });
  });
});
