// The alarm centre's pages and counts are kept by the list memo between writes to what they read
// (migration 0039): telemetry that changes no alarm keeps them, and every write that changes what
// they show (a new alarm, a close, a plant renamed, a device's alias, a plant moved out of scope)
// shows on the next read.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, plants } from '../../server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { statementsOf } from '../fixtures/statements.ts';
import { addReportingPlant, type ReportingPlant } from '../fixtures/telemetry.ts';

let t: TestApp;
let plant: ReportingPlant;
let owner: string;
const start = Date.now() - 3600_000;
const at = (minutes: number) => start + minutes * 60_000;

type Alarm = { id: number; state: number; plantName: string; deviceAlias: string | null; alarmCode: number };
type Page = { list: Alarm[]; total: number };

beforeAll(async () => {
  t = await createTestApp();
  plant = await addReportingPlant(t);
  owner = (await t.api.login('owner')).token;
});
afterAll(() => t.close());

const ingest = async (records: Record<string, unknown>[]) => {
  const sent = await t.api.post('/api/v1/ingest/telemetry', { json: { records: records.map((r) => ({ sn: plant.sn, ...r })) }, client: plant.client });
  expect(sent.body.errCode).toBe(0);
};

const page = async () => {
  const { body } = await t.api.post<Page>('/api/v1/alarm/device/userAlarmPage', { token: owner, query: { pageNo: 1, pageSize: 10 }, form: { plantUid: plant.plantUid } });
  expect(body.errCode).toBe(0);
  return body.data;
};
const levels = async () => (await t.api.post<{ totalNum: number }>('/api/v1/alarm/device/getAlarmLevelCountInState', { token: owner, form: { plantUid: plant.plantUid } })).body.data;
const untreated = async () => (await t.api.get<{ untreatedNum: number }>('/api/v1/alarm/device/getUntreatedAlarmNum', { token: owner, query: { countType: 2 } })).body.data;

/** The statements on alarms or their counts that `call` ran. */
const alarmReads = async (call: () => Promise<unknown>) =>
  (await statementsOf(t.database, call)).filter((s) => /"alarms"|"alarm_counts"/.test(s.text));

describe('the alarm centre through the list memo', () => {
  it('reads a page and its counts once while nothing they show is written', async () => {
    await ingest([{ ts: at(0), faultCode: 1002 }]);
    const first = await page();
    expect(first.total).toBe(1);
    await levels();
    await untreated();
    expect(await alarmReads(async () => {
      expect(await page()).toEqual(first);
      expect((await levels()).totalNum).toBe(1);
      expect((await untreated()).untreatedNum).toBeGreaterThanOrEqual(1);
    })).toEqual([]);
  });

  it('keeps them through telemetry that changes no alarm', async () => {
    await ingest([{ ts: at(1), faultCode: 0, temperature: 30 }]);
    const cleared = await page();
    expect(cleared.list[0]!.state).toBe(2);
    await ingest([{ ts: at(2), faultCode: 0, temperature: 31 }]);
    expect(await alarmReads(async () => expect(await page()).toEqual(cleared))).toEqual([]);
  });

  it('shows a new alarm, a close, a renamed plant and a device alias on the next read', async () => {
    await ingest([{ ts: at(3), faultCode: 1002 }]);
    const raised = await page();
    expect(raised.total).toBe(2);
    expect((await levels()).totalNum).toBe(2);
    const open = raised.list.find((a) => a.state === 1)!;
    expect((await t.api.post('/api/v1/alarm/device/closeAlarm', { token: owner, form: { ids: String(open.id) } })).body.errCode).toBe(0);
    expect((await page()).list.find((a) => a.id === open.id)?.state).toBe(3);

    await t.database.db.update(plants).set({ plantName: 'Memo renamed' }).where(eq(plants.plantUid, plant.plantUid));
    await t.database.db.update(devices).set({ alias: 'Memo alias' }).where(eq(devices.sn, plant.sn));
    await t.app.authEvents.sync();
    expect((await page()).list.map((a) => [a.plantName, a.deviceAlias])).toEqual([['Memo renamed', 'Memo alias'], ['Memo renamed', 'Memo alias']]);
  });

  it('drops a plant\'s alarms from the counts and the list once it is no longer the caller\'s', async () => {
    const everywhere = async () => (await t.api.post<{ totalNum: number }>('/api/v1/alarm/device/getAlarmLevelCountInState', { token: owner, form: {} })).body.data.totalNum;
    const before = await everywhere();
    expect((await page()).total).toBe(2);
    const [was] = await t.database.db.select({ owner: plants.ownerUserId }).from(plants).where(eq(plants.plantUid, plant.plantUid));
    await t.database.db.update(plants).set({ ownerUserId: null }).where(eq(plants.plantUid, plant.plantUid));
    await t.app.authEvents.sync();
    expect(await everywhere()).toBe(before - 2);
    const { body } = await t.api.post('/api/v1/alarm/device/userAlarmPage', { token: owner, query: { pageNo: 1, pageSize: 10 }, form: { plantUid: plant.plantUid } });
    expect(body.errCode).toBe(10005);
    await t.database.db.update(plants).set({ ownerUserId: was!.owner }).where(eq(plants.plantUid, plant.plantUid));
    await t.app.authEvents.sync();
    expect(await everywhere()).toBe(before);
    expect((await page()).total).toBe(2);
  });
});
