// Live and fleet figures on the hand-written series (fixtures/monitoring-series.ts): plant, device
// and battery statistics, the live energy flow, device data, and another tree's plant answering
// 10005. The app validates every answer against the contract (responseContract strict).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { secretKeyOf } from '../../server/domain/auth/secret-box.ts';
import { createApiClient } from '../../server/repositories/api-clients.ts';
import { FLEET_MEMO_MIN_AGE_MS } from '../../server/services/fleet-memo.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { EXPECTED, ingestSeries, NY, type Series } from '../fixtures/monitoring-series.ts';

let t: TestApp;
let s: Series;
let foreignToken: string;
beforeAll(async () => {
  t = await createTestApp();
  s = await ingestSeries(t);
  foreignToken = (await t.api.login('owner2')).token;
});
afterAll(() => t.close());

async function get<T>(path: string, query: Record<string, string> = {}, token = s.userToken) {
  const { body } = await t.api.get<T>(`/api/v1/monitor/${path}`, { token, query });
  expect(body.errCode, body.errMsg).toBe(0);
  return body.data;
}
const { a } = EXPECTED;

describe('home plant, device and battery statistics', () => {
  it('counts the plants by state and sums their capacity, power and energy', async () => {
    const data = await get<Record<string, number>>('home/getHomePlantStatisticsData');
    // This year's energy holds A's February and March and B's March while the year is 2026.
    const year2026 = new Intl.DateTimeFormat('en-CA', { timeZone: NY }).format(new Date()).startsWith('2026') ? 22234 + EXPECTED.b.day20260315.pv : 0;
    // A is online with a charger in fault; B has not reported for months.
    expect(data).toEqual({
      plantNum: 2, normalNum: 0, faultNum: 1, offlineNum: 1, newPlantNum: 2, totalSystemPower: 9.7, currentPower: 1450,
      todayEnergy: a.today.pv / 1000, monthEnergy: a.today.pv / 1000, yearEnergy: (a.today.pv + year2026) / 1000, totalEnergy: 41.702,
    });
    const one = await get<Record<string, number>>('home/getHomePlantStatisticsData', { plantUid: s.plantB });
    expect(one).toMatchObject({ plantNum: 1, offlineNum: 1, totalSystemPower: 3.2, currentPower: 0, todayEnergy: 0, totalEnergy: 5 });
  });

  it('counts devices by state and type, the rows adding up to the totals', async () => {
    const data = await get<{ totalNum: number; onlineNum: number; faultNum: number; offlineNum: number; deviceTypes: Record<string, number>[] }>('home/getHomeDeviceStatisticsData');
    expect(data).toEqual({
      totalNum: 5, onlineNum: 2, faultNum: 1, offlineNum: 2,
      deviceTypes: [
        { deviceType: 1, totalNum: 2, onlineNum: 1, faultNum: 0, offlineNum: 1 },
        { deviceType: 2, totalNum: 2, onlineNum: 1, faultNum: 0, offlineNum: 1 },
        { deviceType: 6, totalNum: 1, onlineNum: 0, faultNum: 1, offlineNum: 0 },
      ],
    });
  });

  it('counts batteries by state, with the day\'s charge, discharge and state of charge by the plant\'s hours', async () => {
    type Battery = Record<string, number | null> & { items: { time: string; batteryChargeEnergy: number; batteryDischargeEnergy: number; averageSoc?: number | null }[] };
    const data = await get<Battery>('home/getHomeBatteryStatisticsData', { plantUid: s.plantA, dateType: 'day', date: '2026-03-15' });
    expect(data).toMatchObject({ batteryNum: 1, chargingNum: 1, dischargingNum: 0, idleNum: 0, offlineNum: 0, batteryPower: -400, averageSoc: 64.5 });
    expect(Math.round(data.batteryChargeEnergy! * 1000)).toBe(a.day20260315.chg);
    expect(Math.round(data.batteryDischargeEnergy! * 1000)).toBe(a.day20260315.dis);
    const hour = (hh: string) => data.items.find((i) => i.time === `2026-03-15T${hh}:00`)!;
    expect(hour('10')).toEqual({ time: '2026-03-15T10:00', batteryChargeEnergy: 1.25, batteryDischargeEnergy: 0, averageSoc: 55 });
    expect(hour('22')).toEqual({ time: '2026-03-15T22:00', batteryChargeEnergy: 0, batteryDischargeEnergy: 2, averageSoc: 30 });
    expect(hour('12')!.averageSoc).toBeNull();
    const year = await get<Battery>('home/getHomeBatteryStatisticsData', { plantUid: s.plantA, dateType: 'year', date: '2026-03-15' });
    expect(year.items).toHaveLength(12);
    expect(Math.round(year.items[2]!.batteryChargeEnergy * 1000)).toBe(a.day20260314.chg + a.day20260315.chg);
  });
});

describe('getDeviceEneryFlowData', () => {
  it('sums the online devices\' latest powers and splits them into flows', async () => {
    const data = await get<Record<string, unknown>>('home/getDeviceEneryFlowData', { plantUid: s.plantA });
    expect(data).toEqual({
      plantUid: s.plantA, status: 2, hasPv: true, hasGrid: true, hasBattery: true,
      pvPower: 1450, gridPower: -450, loadPower: 600, batteryPower: -400, batterySoc: 64.5,
      flows: [{ from: 'pv', to: 'load', power: 600 }, { from: 'pv', to: 'battery', power: 400 }, { from: 'pv', to: 'grid', power: 450 }],
      updateTime: new Date(s.now).toISOString(),
    });
    const idle = await get<Record<string, unknown>>('home/getDeviceEneryFlowData', { plantUid: s.plantB });
    expect(idle).toMatchObject({ status: 3, hasBattery: false, pvPower: 0, batterySoc: null, flows: [] });
  });
});

describe('device data', () => {
  it('gives a device\'s records of the plant\'s day and pages its history, newest first', async () => {
    const day = await get<{ deviceType: number; points: { time: string; pvPower: number | null; gridPower: number | null }[] }>('device/getPvMeterData', { deviceSn: s.sn.invA, date: '2026-03-15' });
    expect(day.deviceType).toBe(1);
    expect(day.points.map((p) => p.pvPower)).toEqual([0, 3000, 3200, 2500, 0]);
    expect(day.points[4]!.time).toBe('2026-03-16T02:45:00.000Z');
    const page = await get<{ list: { time: string }[]; total: number }>('device/pagePvMeterData', { deviceSn: s.sn.invA, queryStartDate: '2026-03-14', queryEndDate: '2026-03-16', pageSize: '3' });
    expect(page.total).toBe(8);
    expect(page.list.map((r) => r.time)).toEqual(['2026-03-16T13:00:00.000Z', '2026-03-16T02:45:00.000Z', '2026-03-15T18:00:00.000Z']);
    const { body } = await t.api.get('/api/v1/monitor/device/pagePvMeterData', { token: s.userToken, query: { deviceSn: s.sn.invA, queryStartDate: '2026-01-01', queryEndDate: '2026-03-01' } });
    expect(body.errCode).toBe(10003);
    expect(body.errMsg).toContain('queryEndDate');
  });

  it('compares the plant\'s inverters over a day', async () => {
    const data = await get<{ inverters: { deviceSn: string; pvEnergy: number; ratedPower: number | null; points: { time: string; pvPower: number | null; acPower: number | null }[] }[] }>(
      'device/getInverterPvMeterData', { plantUid: s.plantA, date: '2026-03-15' });
    expect(data.inverters).toHaveLength(1);
    expect(data.inverters[0]).toMatchObject({ deviceSn: s.sn.invA, pvEnergy: 10, ratedPower: 6.5 });
    expect(data.inverters[0]!.points.find((p) => p.time === '2026-03-15T14:30:00.000Z')).toEqual({ time: '2026-03-15T14:30:00.000Z', pvPower: 3100, acPower: 3000 });
  });
});

describe('scoping', () => {
  const plantCalls: [string, Record<string, string>][] = [
    ['weather/getCurrentWeather', {}], ['weather/getForecastWeather', {}], ['home/getDeviceEneryFlowData', {}],
    ['home/getPlantSankeyDiagram', {}], ['home/getHomeEneryStatisticsData', {}], ['home/getHomePowerStatisticsData', {}],
    ['home/getHomePlantStatisticsData', {}], ['home/getHomeDeviceStatisticsData', {}], ['home/getHomeBatteryStatisticsData', {}],
    ['dataViews/getPlantPowerAndPVPowerCurve', {}], ['device/getInverterPvMeterData', {}],
  ];
  it('answers 10005 for another tree\'s plant and device', async () => {
    for (const [path, query] of plantCalls) {
      const { body } = await t.api.get(`/api/v1/monitor/${path}`, { token: foreignToken, query: { plantUid: s.plantA, ...query } });
      expect(body.errCode, path).toBe(10005);
    }
    for (const path of ['device/getPvMeterData', 'device/pagePvMeterData']) {
      const { body } = await t.api.get(`/api/v1/monitor/${path}`, { token: foreignToken, query: { deviceSn: s.sn.invA } });
      expect(body.errCode, path).toBe(10005);
    }
  });

  it('counts only the plants a caller owns or was shared', async () => {
    const theirs = await t.database.db.execute(sql`select count(*)::int as n from plants p join users u on u.login_name = 'owner2'
      where p.owner_user_id = u.id or exists (select 1 from plant_shares s where s.plant_uid = p.plant_uid and s.visitor_user_id = u.id)`);
    const data = await get<{ plantNum: number }>('home/getHomePlantStatisticsData', {}, foreignToken);
    expect(data.plantNum).toBe((theirs as unknown as { rows: { n: number }[] }).rows[0]!.n);
  });
});

describe('fleet answers', () => {
  it('follow a caller moved to another office on the next request, as does the plant guard', async () => {
    const { token } = await t.api.login('installer');
    const plantsUnder = async (office: string) => ((await t.database.db.execute(sql`select count(*)::int as n from plants p
      join offices o on o.id = p.office_id where o.path like (select path from offices where id = ${office}) || '%'`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    const plantNum = async () => (await get<{ plantNum: number }>('home/getHomePlantStatisticsData', {}, token)).plantNum;
    const flowOfA = async () => (await t.api.get('/api/v1/monitor/home/getDeviceEneryFlowData', { token, query: { plantUid: s.plantA } })).body.errCode;
    const [home, elsewhere] = [await plantsUnder('11'), await plantsUnder('2')];
    expect(home).not.toBe(elsewhere);
    expect(await plantNum()).toBe(home);
    expect(await flowOfA()).toBe(0);
    try {
      // Past the API: the database announces the change, and the caller's fleet and plant guard are built anew.
      await t.database.db.execute(sql`update users set office_id = '2' where login_name = 'installer'`);
      await t.app.authEvents.sync();
      expect(await plantNum()).toBe(elsewhere);
      expect(await flowOfA()).toBe(10005);
    } finally {
      await t.database.db.execute(sql`update users set office_id = '11' where login_name = 'installer'`);
      await t.app.authEvents.sync();
    }
    expect(await plantNum()).toBe(home);
  });

  it('are shared between two commits, and follow a commit through the pipeline at once', async () => {
    const power = async () => (await get<{ currentPower: number }>('home/getHomePlantStatisticsData')).currentPower;
    const before = await power();
    // A change the pipeline did not announce: the shared answer stands until the next commit.
    await t.database.db.execute(sql`update device_latest set pv_power = pv_power + 1000 where device_id = (select id from devices where sn = ${s.sn.invA})`);
    expect(await power()).toBe(before);

    const [admin] = (await t.database.db.execute(sql`select id from users where login_name = 'admin'`) as unknown as { rows: { id: string }[] }).rows;
    // A commit drops answers older than the minimum age (a busy fleet commits every second).
    await new Promise((resolve) => setTimeout(resolve, FLEET_MEMO_MIN_AGE_MS));
    const client = await createApiClient(t.database.db, secretKeyOf(loadConfig({}, { inMemoryDb: true })), { apiName: 'Fleet memo', officeId: '11', createdBy: admin!.id });
    const { body } = await t.api.post<{ accepted: number }>('/api/v1/ingest/telemetry', {
      json: { records: [{ sn: s.sn.invA, ts: Date.now(), pvPower: 2000, pvEnergyTotal: 1036.9 }] }, client,
    });
    expect(body.data.accepted).toBe(1);
    expect(await power()).toBe(before - 1450 + 2000);
  });
});
