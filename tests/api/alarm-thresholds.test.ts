// A plant's own alarm thresholds (issue 23: "thresholds configurable per plant"): read with the
// defaults beside them, set by the plant's managers (a field left out returns to its default),
// each refusal naming its field in every language with nothing stored, another tree's caller and
// visitors refused, and the rules of ingest then judging telemetry by the plant's own limit.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plantAlarmThresholds } from '../../server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { secondTreeAdmin } from '../fixtures/mall.ts';
import { addReportingPlant, type ReportingPlant } from '../fixtures/telemetry.ts';

let t: TestApp;
let plant: ReportingPlant;
let owner: string;
let stranger: string;

type Values = Record<string, number | null>;
type Answer = { plantUid: string; thresholds: Values; defaults: Values; updateTime: string | null };
type Refusal = { errors: { field: string; rule: string; message: string }[] };
const GET = '/api/v1/alarm/threshold/getPlantAlarmThresholds';
const EDIT = '/api/v1/alarm/threshold/editPlantAlarmThresholds';
const NONE = { maxTemperature: null, minBatterySoc: null, minGridVoltage: null, maxGridVoltage: null, minGridFrequency: null, maxGridFrequency: null, offlineMinutes: null };

beforeAll(async () => {
  t = await createTestApp();
  plant = await addReportingPlant(t);
  owner = (await t.api.login('owner')).token;
  stranger = (await t.api.login(await secondTreeAdmin(t))).token;
});
afterAll(() => t.close());

const read = (token: string, plantUid = plant.plantUid) => t.api.get<Answer>(GET, { token, query: { plantUid } });
const edit = (token: string, form: Record<string, number | string>, lang = 'en') =>
  t.api.post<Answer & Refusal>(EDIT, { token, form: { plantUid: plant.plantUid, ...form }, lang });
const storedRows = async () => t.database.db.select().from(plantAlarmThresholds).where(eq(plantAlarmThresholds.plantUid, plant.plantUid));

describe('plant alarm thresholds', () => {
  it('answer the plant\'s own values (none yet) with the defaults beside them', async () => {
    const { body } = await read(owner);
    expect(body).toMatchObject({ errCode: 0, data: { plantUid: plant.plantUid, thresholds: NONE, updateTime: null } });
    expect(body.data.defaults).toEqual({ maxTemperature: 75, minBatterySoc: 10, minGridVoltage: 195.5, maxGridVoltage: 253, minGridFrequency: 49, maxGridFrequency: 51, offlineMinutes: 15 });
  });

  it('store what the owner sets, and return a field left out to its default', async () => {
    const saved = await edit(owner, { maxTemperature: 70.5, minBatterySoc: 20, minGridVoltage: 200, maxGridVoltage: 250, minGridFrequency: 49.5, maxGridFrequency: 50.5, offlineMinutes: 30 });
    expect(saved.body.errCode).toBe(0);
    const all = { maxTemperature: 70.5, minBatterySoc: 20, minGridVoltage: 200, maxGridVoltage: 250, minGridFrequency: 49.5, maxGridFrequency: 50.5, offlineMinutes: 30 };
    expect(saved.body.data.thresholds).toEqual(all);
    expect((await read(owner)).body.data).toMatchObject({ thresholds: all, updateTime: expect.any(String) });

    await edit(owner, { minBatterySoc: 25 });
    expect((await read(owner)).body.data.thresholds).toEqual({ ...NONE, minBatterySoc: 25 });

    // Nothing of its own: the plant keeps no row, so ingest need not watch its batches.
    const cleared = await edit(owner, {});
    expect(cleared.body.data).toMatchObject({ thresholds: NONE, updateTime: null });
    expect(await storedRows()).toEqual([]);
  });

  it('refuse a value the rules could not use, naming the field and the rule in every language, and store nothing', async () => {
    await edit(owner, { minBatterySoc: 15 });
    const refused: [Record<string, number>, string, string][] = [
      [{ minBatterySoc: 101 }, 'minBatterySoc', 'maximum'],
      [{ maxTemperature: -5 }, 'maxTemperature', 'minimum'],
      [{ offlineMinutes: 5 }, 'offlineMinutes', 'minimum'],
      [{ maxGridFrequency: 70 }, 'maxGridFrequency', 'maximum'],
      [{ minGridVoltage: 250, maxGridVoltage: 240 }, 'maxGridVoltage', 'thresholdAbove'],
      [{ minGridFrequency: 50.5, maxGridFrequency: 50.5 }, 'maxGridFrequency', 'thresholdAbove'],
      // Alone, a limit must lie on the right side of its grid's default other limit.
      [{ minGridVoltage: 260 }, 'minGridVoltage', 'thresholdBelow'],
      [{ maxGridVoltage: 180 }, 'maxGridVoltage', 'thresholdAbove'],
      [{ maxGridFrequency: 48 }, 'maxGridFrequency', 'thresholdAbove'],
      [{ minGridFrequency: 61.5 }, 'minGridFrequency', 'thresholdBelow'],
    ];
    for (const [form, field, rule] of refused) {
      const { body } = await edit(owner, form);
      expect(body.errCode, JSON.stringify(form)).toBe(10003);
      expect(body.data.errors.map((e) => ({ field: e.field, rule: e.rule })), JSON.stringify(form)).toEqual([{ field, rule }]);
      expect(body.errMsg, JSON.stringify(form)).toContain(field);
    }
    const chinese = await edit(owner, { minGridVoltage: 250, maxGridVoltage: 240 }, 'zh-CN');
    expect(chinese.body.errMsg).toBe('maxGridVoltage：必须高于 minGridVoltage（250）');
    expect((await edit(owner, { minGridVoltage: 260 })).body.errMsg).toBe('minGridVoltage: must be below maxGridVoltage (253)');
    expect((await read(owner)).body.data.thresholds).toEqual({ ...NONE, minBatterySoc: 15 });
  });

  it('accept a 100/120 V or 60 Hz grid\'s limits set alone', async () => {
    expect((await edit(owner, { maxGridVoltage: 130, minGridFrequency: 59.5 })).body.errCode).toBe(0);
    expect((await read(owner)).body.data.thresholds).toEqual({ ...NONE, maxGridVoltage: 130, minGridFrequency: 59.5 });
  });

  it('answer another tree\'s caller 10005 and store nothing; visitors may read but not edit', async () => {
    await edit(owner, { minBatterySoc: 12 });
    expect((await read(stranger)).body.errCode).toBe(10005);
    expect((await edit(stranger, { minBatterySoc: 90 })).body.errCode).toBe(10005);
    const visitor = (await t.api.post<{ token: string }>('/api/v1/sys/visitorLogin')).body.data.token;
    expect((await edit(visitor, { minBatterySoc: 90 })).body.errCode).toBe(10005);
    // owner2 sees demo-plant-01 through a share: they may read its limits, never set them.
    const viewer = (await t.api.login('owner2')).token;
    expect((await read(viewer, 'demo-plant-01')).body.errCode).toBe(0);
    expect((await t.api.post(EDIT, { token: viewer, form: { plantUid: 'demo-plant-01', minBatterySoc: 90 } })).body.errCode).toBe(10005);
    expect((await storedRows()).map((r) => r.minBatterySoc)).toEqual([12]);
    expect(await t.database.db.select().from(plantAlarmThresholds).where(eq(plantAlarmThresholds.plantUid, 'demo-plant-01'))).toEqual([]);
  });

  it('make the rules of ingest judge a battery by the plant\'s own SOC threshold', async () => {
    const start = Date.parse('2026-06-01T02:00:00Z');
    const send = (ts: number, batterySoc: number) =>
      t.api.post<{ accepted: number }>('/api/v1/ingest/telemetry', { json: { records: [{ sn: plant.sn, ts, batterySoc }] }, client: plant.client });
    const lowBattery = async () => (await t.api.post<{ list: { alarmCode: number; state: number }[] }>('/api/v1/alarm/device/userAlarmPage', {
      token: owner, query: { pageNo: 1, pageSize: 100 }, form: { plantUid: plant.plantUid },
    })).body.data.list.filter((a) => a.alarmCode === 90003);

    await edit(owner, {});
    expect((await send(start, 30)).body.data.accepted).toBe(1);
    expect(await lowBattery()).toEqual([]);

    await edit(owner, { minBatterySoc: 40 });
    expect((await send(start + 5 * 60_000, 30)).body.data.accepted).toBe(1);
    expect(await lowBattery()).toMatchObject([{ state: 1 }]);
    // Charged past the plant's limit: recovered.
    await send(start + 10 * 60_000, 45);
    expect(await lowBattery()).toMatchObject([{ state: 2 }]);
  });
});
