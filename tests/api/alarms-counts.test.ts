// The per-plant alarm counts (alarm_counts, kept by triggers on alarms) equal a recount of the
// alarms after every kind of change: raises and repeats in ingested telemetry, recoveries, the
// scheduled offline rule, closes by hand and in bulk, and a plant's deletion. The calls that read
// them (level counts, the untreated badge, an unfiltered list's total) answer what the list holds.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raiseOfflineAlarms } from '../../server/alarms/schedule.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { addReportingPlant, type ReportingPlant } from '../fixtures/telemetry.ts';

let t: TestApp;
let plant: ReportingPlant;
let owner: string;
const start = Date.now() - 3600_000;
const at = (minutes: number) => start + minutes * 60_000;

type Group = { plantUid: string; state: number; level: number; n: number };
type Alarm = { id: number; level: number; state: number };

beforeAll(async () => {
  t = await createTestApp();
  plant = await addReportingPlant(t);
  owner = (await t.api.login('owner')).token;
});
afterAll(() => t.close());

const groups = async (query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: Group[] }).rows;

/** The kept counts and a recount of the alarms, each group once, in the same order. */
async function keptAndRecounted() {
  const kept = await groups(sql`select plant_uid as "plantUid", state, level, alarm_num as n from alarm_counts order by 1, 2, 3`);
  const recounted = await groups(sql`select plant_uid as "plantUid", state, level, count(*)::int as n from alarms group by 1, 2, 3 order by 1, 2, 3`);
  return { kept, recounted };
}

async function expectCountsKept() {
  const { kept, recounted } = await keptAndRecounted();
  expect(kept).toEqual(recounted);
}

const ingest = async (records: Record<string, unknown>[]) => {
  const sent = await t.api.post('/api/v1/ingest/telemetry', { json: { records: records.map((r) => ({ sn: plant.sn, ...r })) }, client: plant.client });
  expect(sent.body.errCode).toBe(0);
};

const list = async (form: Record<string, string | number> = {}) => (await t.api.post<{ list: Alarm[]; total: number }>('/api/v1/alarm/device/userAlarmPage', {
  token: owner, query: { pageNo: 1, pageSize: 100 }, form: { plantUid: plant.plantUid, ...form },
})).body.data;

describe('per-plant alarm counts', () => {
  it('follow raises, repeats and recoveries in ingested telemetry', async () => {
    await ingest([{ ts: at(0), faultCode: 1002, temperature: 90, batterySoc: 4 }]);
    await expectCountsKept();
    expect((await keptAndRecounted()).kept.length).toBeGreaterThan(0);
    // Reported again: the same groups, the same numbers.
    await ingest([{ ts: at(1), faultCode: 1002, temperature: 91, batterySoc: 4 }, { ts: at(2), faultCode: 1002, temperature: 92 }]);
    await expectCountsKept();
    // The temperature and the fault clear: two alarms move from untreated to recovered.
    await ingest([{ ts: at(3), faultCode: 0, temperature: 40, batterySoc: 4 }]);
    await expectCountsKept();
    expect((await list({ alarmCommonState: 2 })).total).toBe(2);
  });

  it('follow the scheduled offline rule and its recovery', async () => {
    await raiseOfflineAlarms(t.database.db, new Date(at(20)));
    await expectCountsKept();
    // Any sample recovers the offline alarm; the battery stays low and a new fault comes, both untreated.
    await ingest([{ ts: at(21), batterySoc: 4, faultCode: 1001 }]);
    await expectCountsKept();
  });

  it('follow closes by hand and in bulk, and answer the level counts, the badge and the total as the list holds them', async () => {
    const [first] = (await list({ alarmCommonState: 1 })).list;
    expect((await t.api.post('/api/v1/alarm/device/manualCloseAlarm', { token: owner, form: { id: first!.id, closeRemark: 'Checked on site' } })).body.errCode).toBe(0);
    await expectCountsKept();
    const all = await list();
    const counts = (await t.api.post<{ totalNum: number; levelCounts: { level: number; alarmNum: number }[] }>('/api/v1/alarm/device/getAlarmLevelCountInState', {
      token: owner, form: { plantUid: plant.plantUid },
    })).body.data;
    expect(counts.totalNum).toBe(all.total);
    expect(all.list).toHaveLength(all.total);
    for (const { level, alarmNum } of counts.levelCounts) expect(alarmNum).toBe(all.list.filter((a) => a.level === level).length);
    const badge = async () => (await t.api.get<{ untreatedNum: number }>('/api/v1/alarm/device/getUntreatedAlarmNum', {
      token: owner, query: { plantUid: plant.plantUid, countType: 2 },
    })).body.data.untreatedNum;
    const untreated = all.list.filter((a) => a.state === 1);
    expect(await badge()).toBe(untreated.length);
    expect(untreated.length).toBeGreaterThan(0);
    expect((await t.api.post('/api/v1/alarm/device/closeAlarm', { token: owner, form: { ids: all.list.map((a) => a.id).join(',') } })).body.errCode).toBe(0);
    await expectCountsKept();
    expect(await badge()).toBe(0);
    expect((await list({ alarmCommonState: 3 })).total).toBe(all.total);
  });

  it('lose a deleted plant\'s alarms with the plant', async () => {
    await t.database.db.execute(sql`delete from plants where plant_uid = ${plant.plantUid}`);
    await expectCountsKept();
    expect((await groups(sql`select plant_uid as "plantUid", state, level, alarm_num as n from alarm_counts where plant_uid = ${plant.plantUid}`))).toEqual([]);
  });
});
