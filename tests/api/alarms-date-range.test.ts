// The alarm list's and counts' day range (queryStartDate, queryEndDate), as the floating panel
// asks for its untreated alarms of the last 3 days: an alarm of today is in a range ending today
// and not in one that ended before. The range's days once failed in SQL (10001).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { addReportingPlant, type ReportingPlant } from '../fixtures/telemetry.ts';

let t: TestApp;
let plant: ReportingPlant;
let owner: string;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

type Page = { list: { alarmName: string; state: number }[]; total: number };
type Counts = { totalNum: number };

beforeAll(async () => {
  t = await createTestApp();
  plant = await addReportingPlant(t);
  owner = (await t.api.login('owner')).token;
  const sent = await t.api.post('/api/v1/ingest/telemetry', { json: { records: [{ sn: plant.sn, ts: Date.now() - 60_000, faultCode: 42825 }] }, client: plant.client });
  expect(sent.body.errCode).toBe(0);
});
afterAll(() => t.close());

const list = (form: Record<string, string | number>) => t.api.post<Page>('/api/v1/alarm/device/userAlarmPage', {
  token: owner, query: { pageNo: 1, pageSize: 3 }, form: { plantUid: plant.plantUid, ...form },
});
const counts = (form: Record<string, string | number>) => t.api.post<Counts>('/api/v1/alarm/device/getAlarmLevelCountInState', {
  token: owner, form: { plantUid: plant.plantUid, ...form },
});

describe('the alarms\' day range', () => {
  it('holds today\'s alarm in the panel\'s range of the last 3 days, in the list and the counts', async () => {
    const range = { alarmCommonState: 1, queryStartDate: day(-3), queryEndDate: day(1), orderByIndex: 1 };
    const page = await list(range);
    expect(page.body.errCode).toBe(0);
    expect(page.body.data.list.map((a) => a.alarmName)).toEqual(['Device fault 42825']);
    const counted = await counts({ queryStartDate: day(-3), queryEndDate: day(1) });
    expect(counted.body.errCode).toBe(0);
    expect(counted.body.data.totalNum).toBe(1);
  });

  it('leaves it out of a range that ended before it', async () => {
    const page = await list({ queryStartDate: day(-10), queryEndDate: day(-5) });
    expect(page.body.errCode).toBe(0);
    expect(page.body.data.total).toBe(0);
    expect((await counts({ queryEndDate: day(-5) })).body.data.totalNum).toBe(0);
  });
});
