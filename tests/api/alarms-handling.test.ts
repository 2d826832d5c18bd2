// The alarm calls over alarms raised by ingested telemetry and by the offline rule: the offline
// alarm comes on schedule (the job driven with an explicit time), a manual close records who, when
// and why, the level counts match the list, the export holds the filtered list, another
// organisation's administrator sees none of it and closes none of it, and an owner who asked for it
// gets a new alarm by e-mail.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raiseOfflineAlarms } from '../../server/alarms/schedule.ts';
import { messages, outbox, plants } from '../../server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { download, xlsxSheets } from '../fixtures/export-files.ts';
import { secondTreeAdmin } from '../fixtures/mall.ts';
import { addReportingPlant, type ReportingPlant } from '../fixtures/telemetry.ts';

let t: TestApp;
let plant: ReportingPlant;
let owner: string;
let admin: string;
let stranger: string;
const start = Date.now() - 3600_000;
const at = (minutes: number) => start + minutes * 60_000;

type Alarm = { id: number; alarmCode: number; level: number; state: number; closeUserName: string | null; closeRemark: string | null; alarmStartTime: string };
type Page = { list: Alarm[]; total: number };
type Counts = { totalNum: number; levelCounts: { level: number; alarmNum: number }[] };

beforeAll(async () => {
  t = await createTestApp();
  plant = await addReportingPlant(t);
  owner = (await t.api.login('owner')).token;
  admin = (await t.api.login('admin')).token;
  stranger = (await t.api.login(await secondTreeAdmin(t))).token;
  // A critical fault, a major over-temperature and a minor low battery, on one device.
  const sent = await t.api.post('/api/v1/ingest/telemetry', {
    json: { records: [{ sn: plant.sn, ts: at(0), faultCode: 1002, temperature: 90, batterySoc: 4 }] }, client: plant.client,
  });
  expect(sent.body.errCode).toBe(0);
});
afterAll(() => t.close());

const page = (token: string, form: Record<string, string | number> = {}) => t.api.post<Page>('/api/v1/alarm/device/userAlarmPage', {
  token, query: { pageNo: 1, pageSize: 100 }, form: { plantUid: plant.plantUid, ...form },
});
const counts = (token: string, form: Record<string, string | number> = {}) => t.api.post<Counts>('/api/v1/alarm/device/getAlarmLevelCountInState', {
  token, form: { plantUid: plant.plantUid, ...form },
});

describe('alarm handling', () => {
  it('raises the offline alarm once the device has been silent for 15 minutes', async () => {
    expect(await raiseOfflineAlarms(t.database.db, new Date(at(14)))).toEqual([]);
    const raised = await raiseOfflineAlarms(t.database.db, new Date(at(16)));
    expect(raised.map((c) => c.plantUid)).toEqual([plant.plantUid]);
    expect(await raiseOfflineAlarms(t.database.db, new Date(at(30)))).toEqual([]);
    const offline = (await page(owner, { alarmName: 'Device offline' })).body.data.list;
    expect(offline).toHaveLength(1);
    // A code past what the code column holds names no alarm (it was a system error: the fuzzer's find).
    for (const alarmName of ['9007199254740991', 'Device fault 2147483648']) {
      expect((await page(owner, { alarmName })).body, alarmName).toMatchObject({ errCode: 0, data: { list: [], total: 0 } });
      expect((await counts(owner, { alarmName })).body.errCode, alarmName).toBe(0);
    }
    expect(offline[0]).toMatchObject({ alarmCode: 90001, state: 1, alarmStartTime: new Date(at(15)).toISOString() });
    // The owner is told of each major and critical alarm by a private message (the minor low battery tells no one).
    const notices = await t.database.db.select({ title: messages.title }).from(messages).where(eq(messages.plantUid, plant.plantUid));
    expect(notices.map((m) => m.title).sort()).toEqual(['Critical alarm: Insulation resistance low', 'Major alarm: Device offline', 'Major alarm: Over-temperature']);
    const [row] = await t.database.db.select({ n: plants.untreatedAlarmNum }).from(plants).where(eq(plants.plantUid, plant.plantUid));
    expect(row!.n).toBe(4);
  });

  it('counts each level and state as the list holds them', async () => {
    const all = (await page(owner)).body.data;
    const byLevel = (await counts(owner)).body.data;
    expect(byLevel.totalNum).toBe(all.total);
    for (const { level, alarmNum } of byLevel.levelCounts) expect(alarmNum).toBe(all.list.filter((a) => a.level === level).length);
    expect(byLevel.levelCounts).toEqual([{ level: 0, alarmNum: 1 }, { level: 1, alarmNum: 2 }, { level: 2, alarmNum: 1 }]);
    const untreated = (await counts(owner, { alarmCommonState: 1 })).body.data;
    expect(untreated.totalNum).toBe((await page(owner, { alarmCommonState: 1 })).body.data.total);
    const badge = await t.api.get<{ untreatedNum: number }>('/api/v1/alarm/device/getUntreatedAlarmNum', { token: owner, query: { plantUid: plant.plantUid, countType: 2 } });
    expect(badge.body.data.untreatedNum).toBe(4);
  });

  it('keeps another organisation\'s administrator out: nothing listed, counted, read or closed', async () => {
    const [alarm] = (await page(admin)).body.data.list;
    const theirs = await t.api.post<Page>('/api/v1/alarm/device/userAlarmPage', { token: stranger, query: { pageNo: 1, pageSize: 100 }, form: {} });
    expect(theirs.body.data.list.some((a) => a.id === alarm!.id)).toBe(false);
    expect((await counts(stranger)).body.errCode).toBe(10005);
    expect((await t.api.get('/api/v1/alarm/device/getAlarmInfo', { token: stranger, query: { id: alarm!.id } })).body.errCode).toBe(10005);
    expect((await t.api.post('/api/v1/alarm/device/closeAlarm', { token: stranger, form: { ids: String(alarm!.id) } })).body.errCode).toBe(10005);
    expect((await t.api.post('/api/v1/alarm/device/manualCloseAlarm', { token: stranger, form: { id: alarm!.id, closeRemark: 'not mine' } })).body.errCode).toBe(10005);
    expect((await t.api.get<Alarm>('/api/v1/alarm/device/getAlarmInfo', { token: owner, query: { id: alarm!.id } })).body.data.state).toBe(1);
  });

  it('records who closed an alarm by hand, when and why, in the alarm and its events', async () => {
    const [fault] = (await page(owner, { alarmName: 'Insulation resistance low' })).body.data.list;
    expect((await t.api.post('/api/v1/alarm/device/manualCloseAlarm', { token: admin, form: { id: fault!.id, closeRemark: ' ' } })).body.errCode).toBe(10003);
    const closed = await t.api.post<Alarm>('/api/v1/alarm/device/manualCloseAlarm', { token: admin, form: { id: fault!.id, closeRemark: 'Dried the DC connector' } });
    expect(closed.body.data).toMatchObject({ state: 3, closeRemark: 'Dried the DC connector' });
    expect(closed.body.data.closeUserName).toBeTruthy();
    const events = await t.api.get<{ list: { eventType: number; operatorName: string | null; remark: string | null }[] }>('/api/v1/alarm/device/alarmEventPage', {
      token: owner, query: { alarmId: fault!.id, pageNo: 1, pageSize: 10 },
    });
    expect(events.body.data.list[0]).toMatchObject({ eventType: 4, operatorName: closed.body.data.closeUserName, remark: 'Dried the DC connector' });
    const again = await t.api.post('/api/v1/alarm/device/manualCloseAlarm', { token: admin, form: { id: fault!.id, closeRemark: 'again' } });
    expect(again.body).toMatchObject({ errCode: 10003 });
    expect(again.body.errMsg).toContain('id');
  });

  it('closes selected alarms in bulk and exports the filtered list', async () => {
    const open = (await page(owner, { alarmCommonState: 1 })).body.data.list;
    const closed = await t.api.post<{ closedNum: number }>('/api/v1/alarm/device/closeAlarm', { token: owner, form: { ids: open.map((a) => a.id).join(',') } });
    expect(closed.body.data.closedNum).toBe(open.length);
    expect((await counts(owner, { alarmCommonState: 1 })).body.data.totalNum).toBe(0);
    const file = await download(t, '/api/v1/alarm/device/exportAlarmList', { token: owner, query: { plantUid: plant.plantUid, level: 1 } });
    expect(file.json).toBeUndefined();
    const [sheet] = Object.values(await xlsxSheets(file.response.rawPayload));
    expect(sheet![0]![0]).toBe('Alarm');
    expect(sheet!.slice(1).map((row) => row[0]).sort()).toEqual(['Device offline', 'Over-temperature']);
  });

  it('e-mails a new major or critical alarm to the owner who asked for it in their settings', async () => {
    expect((await t.api.post('/api/v1/sys/settings/setUp', { token: owner, form: { alarmEmail: 1 } })).body.errCode).toBe(0);
    await t.api.post('/api/v1/ingest/telemetry', { json: { records: [{ sn: plant.sn, ts: at(20), faultCode: 3001 }] }, client: plant.client });
    const mails = () => t.database.db.select({ target: outbox.target, subject: outbox.subject }).from(outbox).where(eq(outbox.purpose, 'alarmNotice'));
    await expect.poll(mails).toEqual([{ target: 'owner@demo.solar-portal.dev', subject: 'Major alarm: Meter communication lost' }]);
    // The device reports healthy again: the fault recovers, and nothing more is sent.
    await t.api.post('/api/v1/ingest/telemetry', { json: { records: [{ sn: plant.sn, ts: at(25), faultCode: 0 }] }, client: plant.client });
    expect(await mails()).toHaveLength(1);
  });
});
