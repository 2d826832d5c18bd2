import { describe, expect, it } from 'vitest';
import { exportQuery, levelCountBody, listBody } from './alarm-query';

const filters = { level: 2 as const, alarmCommonState: 1 as const, deviceType: 1 as const, alarmName: 'Grid over-voltage', deviceSn: '', queryStartDate: '2026-11-01', queryEndDate: '2026-11-27' };

describe('the alarm centre\'s filters', () => {
  it('go to the list and the export as set, cleared ones left out, newest first', () => {
    const expected = { level: 2, alarmCommonState: 1, deviceType: 1, alarmName: 'Grid over-voltage', queryStartDate: '2026-11-01', queryEndDate: '2026-11-27', orderByIndex: 1 };
    expect(listBody(filters)).toEqual(expected);
    expect(exportQuery(filters)).toEqual(expected);
  });

  it('go to the level counts without the level, which the counts answer one by one', () => {
    expect(levelCountBody(filters)).toEqual({ alarmCommonState: 1, deviceType: 1, alarmName: 'Grid over-voltage', queryStartDate: '2026-11-01', queryEndDate: '2026-11-27' });
    expect(levelCountBody({})).toEqual({});
  });
});
