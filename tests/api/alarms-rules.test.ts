// The alarm rules inside the ingest pipeline: a fault in ingested telemetry raises exactly one
// alarm, its repeats update that alarm (alarmUpdateTime, occurrences, "reported again" events),
// and a cleared fault recovers it, which a user still closes; thresholds raise and recover alike,
// and the plant's untreated count follows.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plants } from '../../server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { addReportingPlant, type ReportingPlant } from '../fixtures/telemetry.ts';

let t: TestApp;
let plant: ReportingPlant;
let owner: string;
const start = Date.parse('2026-06-01T02:00:00Z');
const at = (minutes: number) => start + minutes * 60_000;

type Alarm = { id: number; alarmCode: number; alarmName: string; level: number; state: number; occurrenceNum: number; alarmStartTime: string; alarmUpdateTime: string; alarmEndTime: string | null };
type Event = { alarmId: number; eventType: number; eventTime: string };

beforeAll(async () => {
  t = await createTestApp();
  plant = await addReportingPlant(t);
  owner = (await t.api.login('owner')).token;
});
afterAll(() => t.close());

const send = (records: unknown[]) => t.api.post<{ accepted: number }>('/api/v1/ingest/telemetry', { json: { records }, client: plant.client });
const alarmsOf = async () => (await t.api.post<{ list: Alarm[]; total: number }>('/api/v1/alarm/device/userAlarmPage', {
  token: owner, query: { pageNo: 1, pageSize: 100 }, form: { plantUid: plant.plantUid, orderByIndex: 2 },
})).body.data;
const eventsOf = async (alarmId: number) => (await t.api.get<{ list: Event[] }>('/api/v1/alarm/device/alarmEventPage', {
  token: owner, query: { alarmId, pageNo: 1, pageSize: 100 },
})).body.data.list;
const untreated = async () => (await t.database.db.select({ n: plants.untreatedAlarmNum }).from(plants).where(eq(plants.plantUid, plant.plantUid)))[0]!.n;

describe('alarm rules in ingest', () => {
  it('raise one alarm for a fault, update it on repeats and recover it when the fault clears', async () => {
    const first = await send([{ sn: plant.sn, ts: at(0), faultCode: 0, pvPower: 1000 }, { sn: plant.sn, ts: at(5), faultCode: 1001, pvPower: 0 }]);
    expect(first.body).toMatchObject({ errCode: 0, data: { accepted: 2 } });
    let page = await alarmsOf();
    expect(page.total).toBe(1);
    const [alarm] = page.list;
    expect(alarm).toMatchObject({ alarmCode: 1001, alarmName: 'Grid over-voltage trip', level: 2, state: 1, occurrenceNum: 1, alarmStartTime: new Date(at(5)).toISOString() });
    expect(await untreated()).toBe(1);

    await send([{ sn: plant.sn, ts: at(10), faultCode: 1001 }]);
    await send([{ sn: plant.sn, ts: at(15), faultCode: 1001 }, { sn: plant.sn, ts: at(20), faultCode: 1001 }]);
    page = await alarmsOf();
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({ id: alarm!.id, state: 1, occurrenceNum: 4, alarmUpdateTime: new Date(at(20)).toISOString() });

    await send([{ sn: plant.sn, ts: at(25), faultCode: 0, pvPower: 900 }]);
    page = await alarmsOf();
    expect(page.list[0]).toMatchObject({ id: alarm!.id, state: 2, alarmEndTime: new Date(at(25)).toISOString() });
    expect(await untreated()).toBe(0);
    expect((await eventsOf(alarm!.id)).map((e) => e.eventType)).toEqual([3, 2, 2, 1]);

    // The fault coming back is a new alarm: the recovered one waits for a user to close it.
    await send([{ sn: plant.sn, ts: at(30), faultCode: 1001 }]);
    page = await alarmsOf();
    expect(page.list.map((a) => [a.alarmCode, a.state])).toEqual([[1001, 2], [1001, 1]]);
  });

  it('name a fault code missing from the catalogue "Device fault <code>"', async () => {
    await send([{ sn: plant.sn, ts: at(35), faultCode: 4242 }]);
    const page = await alarmsOf();
    // 4242 replaced 1001 on the device: that alarm recovered.
    expect(page.list.map((a) => [a.alarmCode, a.state])).toEqual([[1001, 2], [1001, 2], [4242, 1]]);
    expect(page.list[2]).toMatchObject({ alarmName: 'Device fault 4242', level: 1 });
  });

  it('raise and recover threshold alarms from the plant\'s limits', async () => {
    await send([
      { sn: plant.sn, ts: at(40), temperature: 80, batterySoc: 5, gridVoltage: 260, gridFrequency: 50, faultCode: 0 },
      { sn: plant.sn, ts: at(45), temperature: 60, batterySoc: 8, gridVoltage: 230, gridFrequency: 52 },
    ]);
    const page = await alarmsOf();
    const byCode = new Map(page.list.map((a) => [a.alarmCode, a]));
    expect(byCode.get(90002)).toMatchObject({ state: 2, alarmEndTime: new Date(at(45)).toISOString() });
    expect(byCode.get(90003)).toMatchObject({ state: 1, occurrenceNum: 2, level: 0 });
    expect(byCode.get(90004)).toMatchObject({ state: 2 });
    expect(byCode.get(90006)).toMatchObject({ state: 1 });
    expect(byCode.has(90005)).toBe(false);
    expect(await untreated()).toBe(2);
  });
});
