// The plant lists' readings (status, current power, today's and lifetime energy) follow the
// telemetry ingested through the API, agree with the plant's own statistics, and follow the clock:
// a plant whose data stopped is offline at 0 kW, and yesterday's energy is not today's.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { devices, plants, users } from '../../server/db/schema/index.ts';
import { secretKeyOf } from '../../server/domain/auth/secret-box.ts';
import { createApiClient } from '../../server/repositories/api-clients.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

interface Plant { plantUid: string; status: number; currentPower: number; todayEnergy: number; totalEnergy: number; lastDataTime?: string }
interface Stats { currentPower: number; todayEnergy: number; totalEnergy: number }

const MINUTE = 60_000;
// A fixed-offset zone where it is about noon now, so that no sample of the test crosses a local
// midnight (Etc/GMT-N is UTC+N).
const offset = 12 - new Date().getUTCHours();
const NOON_ZONE = offset >= 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
const tag = Date.now().toString(36).toUpperCase();

let t: TestApp;
let token: string;
let client: { clientId: string; clientSecret: string };
/** live: reporting now; stopped: last reported two hours ago; yesterday: only yesterday's data; idle: none. */
const plant = { live: randomUUID(), stopped: randomUUID(), yesterday: randomUUID(), idle: randomUUID() };
const ours = new Set<string>(Object.values(plant));
const sn = (p: keyof typeof plant, n: number) => `RD${tag}${p.slice(0, 2).toUpperCase()}${n}`;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [owner] = await db.select().from(users).where(eq(users.loginName, 'owner'));
  for (const [key, plantUid] of Object.entries(plant)) {
    await db.insert(plants).values({ plantUid, plantName: `Readings ${key} ${tag}`, officeId: owner!.officeId, ownerUserId: owner!.id, timeZone: NOON_ZONE });
    await db.insert(devices).values([1, 2].map((n) => ({ sn: sn(key as keyof typeof plant, n), snType: 1, plantUid, officeId: owner!.officeId })));
  }
  const [installer] = await db.select().from(users).where(eq(users.loginName, 'installer'));
  client = await createApiClient(db, secretKeyOf(loadConfig({}, { inMemoryDb: true })), { apiName: 'Readings gateway', officeId: installer!.officeId, createdBy: installer!.id });
  token = (await t.api.login('owner')).token;
});
afterAll(() => t.close());

async function send(records: unknown[]) {
  const { body } = await t.api.post<{ accepted: number }>('/api/v1/ingest/telemetry', { json: { records }, client });
  expect(body.errCode).toBe(0);
  expect(body.data.accepted).toBe(records.length);
}

async function list(query: Record<string, string | number> = {}): Promise<Plant[]> {
  const { body } = await t.api.get<{ list: Plant[] }>('/api/v1/monitor/plant/getPlantList', { token, query: { pageNo: 1, pageSize: 100, plantName: `Readings`, ...query } });
  expect(body.errCode).toBe(0);
  return body.data.list.filter((p) => ours.has(p.plantUid));
}
const byUid = async (query: Record<string, string | number> = {}) => Object.fromEntries((await list(query)).map((p) => [p.plantUid, p]));

async function stats(plantUid: string): Promise<Stats> {
  const { body } = await t.api.get<Stats>('/api/v1/monitor/home/getHomePlantStatisticsData', { token, query: { plantUid } });
  expect(body.errCode).toBe(0);
  return body.data;
}

/** Two inverters: power and a rising counter every five minutes over `minutes` up to `end`. */
function series(key: keyof typeof plant, end: number, minutes: number, extra: (n: number, i: number) => object = () => ({})) {
  const records = [];
  for (const n of [1, 2]) {
    for (let i = 0, at = end - minutes * MINUTE; at <= end; i++, at += 5 * MINUTE) {
      records.push({ sn: sn(key, n), ts: at, pvPower: 1000 * n + i, pvEnergyTotal: 100 * n + i * 0.125 * n, ...extra(n, i) });
    }
  }
  return records;
}

describe('the plant list readings', () => {
  it('wait for the first data', async () => {
    const idle = (await byUid())[plant.idle]!;
    expect(idle).toMatchObject({ status: 0, currentPower: 0, todayEnergy: 0, totalEnergy: 0 });
    expect(idle.lastDataTime).toBeUndefined();
    expect(Object.keys(await byUid({ status: 0 }))).toContain(plant.idle);
  });

  it('follow the ingested data and agree with the plant statistics', async () => {
    const now = Date.now();
    await send(series('live', now - MINUTE, 60));
    await send(series('stopped', now - 120 * MINUTE, 60));
    await send(series('yesterday', now - 26 * 60 * MINUTE, 60));
    const rows = await byUid();

    const live = rows[plant.live]!;
    // The newest sample of each inverter: 1,012 W and 2,012 W.
    expect(live).toMatchObject({ status: 1, currentPower: 3.024 });
    expect(live.lastDataTime).toBe(new Date(now - MINUTE).toISOString());
    const liveStats = await stats(plant.live);
    expect(live.todayEnergy).toBeGreaterThan(0);
    expect([live.currentPower * 1000, live.todayEnergy, live.totalEnergy]).toEqual([liveStats.currentPower, liveStats.todayEnergy, liveStats.totalEnergy]);

    // Two hours without data: offline at 0 kW, its day's energy still today's.
    const stopped = rows[plant.stopped]!;
    const stoppedStats = await stats(plant.stopped);
    expect(stopped).toMatchObject({ status: 3, currentPower: 0 });
    expect(stopped.todayEnergy).toBeGreaterThan(0);
    expect([stopped.todayEnergy, stopped.totalEnergy]).toEqual([stoppedStats.todayEnergy, stoppedStats.totalEnergy]);

    // Yesterday's data only: nothing today, all of it in the lifetime energy.
    const yesterday = rows[plant.yesterday]!;
    expect(yesterday).toMatchObject({ status: 3, currentPower: 0, todayEnergy: 0 });
    expect(yesterday.totalEnergy).toBeGreaterThan(0);
    expect(yesterday.totalEnergy).toBe((await stats(plant.yesterday)).totalEnergy);
  });

  it('filter and sort on the readings as they hold now', async () => {
    expect(Object.keys(await byUid({ status: 1 }))).toEqual([plant.live]);
    expect(Object.keys(await byUid({ status: 3 })).sort()).toEqual([plant.stopped, plant.yesterday].sort());
    const byPower = await list({ sortField: 'currentPower', sortOrder: 'desc' });
    expect(byPower[0]!.plantUid).toBe(plant.live);
    const byToday = (await list({ sortField: 'todayEnergy', sortOrder: 'asc' })).map((p) => p.plantUid);
    expect(byToday.indexOf(plant.yesterday)).toBeLessThan(byToday.indexOf(plant.stopped));
  });

  it('show a device fault as a faulty plant until the fault clears', async () => {
    const now = Date.now();
    await send([{ sn: sn('live', 2), ts: now, pvPower: 500, faultCode: 17 }]);
    expect((await byUid())[plant.live]).toMatchObject({ status: 2, currentPower: 1.512 });
    expect(Object.keys(await byUid({ status: 2 }))).toEqual([plant.live]);
    await send([{ sn: sn('live', 2), ts: now + 1000, pvPower: 600, faultCode: 0 }]);
    expect((await byUid())[plant.live]).toMatchObject({ status: 1, currentPower: 1.612 });
  });
});
