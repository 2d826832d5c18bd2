// Plant reports on the hand-written series (fixtures/monitoring-series.ts): daily, monthly, yearly
// and custom reports exact to the watt-hour, items and devices adding up to the totals, the
// statistics by plant equal to each plant's report, scoping and visitor shares, and the report
// files with their download records. The app validates every answer against the contract
// (responseContract strict), so errCode 0 means the shape held.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceBindings, devices, plantShares, users } from '../../server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { csvRows, download, xlsxSheets } from '../fixtures/export-files.ts';
import { EXPECTED, ingestSeries, plus, wh, type Series } from '../fixtures/monitoring-series.ts';

type Energy = { pvEnergy: number; loadEnergy: number; gridImportEnergy: number; gridExportEnergy: number; batteryChargeEnergy: number; batteryDischargeEnergy: number };
type Item = Energy & { time: string; income?: number };
type Report = Energy & {
  plantUid: string; plantName: string; reportType: string; period: string; endDate?: string; systemPower?: number;
  selfConsumptionRate: number; selfSufficiencyRate: number; equivalentHours?: number; peakPower?: number; income?: number; currencyName?: string; co2Reduction?: number;
  items?: Item[]; devices?: (Energy & { deviceSn: string; deviceType: number })[];
};

let t: TestApp;
let s: Series;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  s = await ingestSeries(t);
  for (const login of ['installer2', 'owner2']) tokens[login] = (await t.api.login(login)).token;
});
afterAll(() => t.close());

const { a, b } = EXPECTED;
const REPORT = '/api/v1/monitor/plantReport';

async function one(query: Record<string, string>, token = s.userToken) {
  const { body } = await t.api.get<Report>(`${REPORT}/getOnePlantReport`, { token, query });
  expect(body.errCode, body.errMsg).toBe(0);
  return body.data;
}

async function list(query: Record<string, string | number>, token = s.userToken) {
  const { body } = await t.api.get<{ list: Report[]; total: number }>(`${REPORT}/getPlantReportList`, { token, query });
  expect(body.errCode, body.errMsg).toBe(0);
  return body.data;
}

/** Items and devices add up to the totals, to the watt-hour; income to the cent. */
function addsUp(report: Report) {
  expect(wh(report)).toEqual(plus(...report.items!.map(wh)));
  expect(wh(report)).toEqual(plus(...report.devices!.map(wh)));
  expect(Math.round(report.income! * 100)).toBe(report.items!.reduce((sum, i) => sum + Math.round(i.income! * 100), 0));
}

describe('getOnePlantReport', () => {
  it('a day: the plant\'s local hours, its devices and its figures, exact', async () => {
    const day = await one({ plantUid: s.plantA, reportType: 'day', period: '2026-03-15' });
    addsUp(day);
    expect(day.items!.map((i) => i.time)).toEqual(Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`));
    expect(wh(day)).toEqual(a.day20260315);
    for (const [hour, energies] of Object.entries(a.hours20260315)) expect(wh(day.items!.find((i) => i.time === `${hour}:00`)!)).toEqual(energies);
    expect(day).toMatchObject({
      plantName: 'NY roof', reportType: 'day', period: '2026-03-15', systemPower: 6.5, selfConsumptionRate: 52.5, selfSufficiencyRate: 80.65,
      // 10 kWh over 6.5 kWp; the 10:32 sample's 3200 W; 4.321 and 5.679 kWh at 0.3 USD; 0.997 kg per kWh.
      equivalentHours: 1.54, peakPower: 3.2, income: 3, currencyName: 'USD', co2Reduction: 9.97,
    });
    expect(day.endDate).toBeUndefined();
    expect(day.items!.filter((i) => i.income! > 0).map((i) => [i.time, i.income])).toEqual([['10:00', 1.3], ['14:00', 1.7]]);
    const bySn = Object.fromEntries(day.devices!.map((d) => [d.deviceSn, wh(d)]));
    expect(Object.keys(bySn)).toEqual([s.sn.chgA, s.sn.invA, s.sn.mtrA]);
    expect(bySn[s.sn.invA]).toEqual({ pv: 10000, load: 7750, imp: 0, exp: 0, chg: 1500, dis: 2500 });
    expect(bySn[s.sn.mtrA]).toEqual({ pv: 0, load: 0, imp: 1500, exp: 4750, chg: 0, dis: 0 });
    expect(bySn[s.sn.chgA]).toEqual(plus());
  });

  it('a day of the Tokyo plant is its own local day', async () => {
    const day = await one({ plantUid: s.plantB, reportType: 'day', period: '2026-03-15' });
    addsUp(day);
    expect(wh(day)).toEqual(b.day20260315);
    expect(wh(day.items![16]!)).toEqual(b.day20260315);
    expect(day).toMatchObject({ income: 150, currencyName: 'JPY', equivalentHours: 1.56, peakPower: 1 });
  });

  it('a month, a year and a custom range add up from the days', async () => {
    const march = await one({ plantUid: s.plantA, reportType: 'month', period: '2026-03' });
    addsUp(march);
    expect(march.items).toHaveLength(31);
    expect(wh(march)).toEqual(plus(a.day20260314, a.day20260315, a.day20260316));
    expect(wh(march.items![14]!)).toEqual(a.day20260315);

    const year = await one({ plantUid: s.plantA, reportType: 'year', period: '2026' });
    addsUp(year);
    expect(year.items!.map((i) => i.time)).toEqual(Array.from({ length: 12 }, (_, m) => `2026-${String(m + 1).padStart(2, '0')}`));
    expect(wh(year.items![1]!)).toEqual(a.feb2026);
    expect(wh(year.items![2]!)).toEqual(wh(march));
    // The series' live sample, taken a second before the run, lands in today's month (the tests run in 2026 or later).
    const thisYear = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date()).startsWith('2026');
    expect(wh(year)).toEqual(plus(a.feb2026, wh(march), thisYear ? a.today : plus()));
    expect(wh(await one({ plantUid: s.plantA, reportType: 'year', period: '2025' }))).toEqual(a.day20250315);

    const custom = await one({ plantUid: s.plantA, reportType: 'custom', period: '2026-02-01', endDate: '2026-03-31' });
    addsUp(custom);
    expect(custom).toMatchObject({ reportType: 'custom', period: '2026-02-01', endDate: '2026-03-31' });
    expect(custom.items).toHaveLength(59);
    expect(custom.items![58]!.time).toBe('2026-03-31');
    expect(wh(custom)).toEqual(plus(a.feb2026, wh(march)));
  });

  it('answers zeros before the plant\'s first data, and 10003 naming a period that does not fit', async () => {
    const early = await one({ plantUid: s.plantA, reportType: 'month', period: '2020-01' });
    expect(wh(early)).toEqual(plus());
    expect(early.selfConsumptionRate).toBe(0);
    for (const [query, field] of [
      [{ reportType: 'day', period: '2026-03' }, 'period'], [{ reportType: 'month', period: '2026-13' }, 'period'], [{ reportType: 'year', period: '2026-03' }, 'period'],
      [{ reportType: 'custom', period: '2026-03-01' }, 'endDate'], [{ reportType: 'custom', period: '2026-03-01', endDate: '2027-03-02' }, 'endDate'],
    ] as const) {
      const { body } = await t.api.get(`${REPORT}/getOnePlantReport`, { token: s.userToken, query: { plantUid: s.plantA, ...query } });
      expect(body.errCode, JSON.stringify(query)).toBe(10003);
      expect(body.errMsg).toContain(field);
    }
  });
});

describe('a device that moved to another plant', () => {
  it('keeps its energy in the report of the plant it produced it for', async () => {
    const db = t.database.db;
    await db.insert(deviceBindings).values({ deviceSn: s.sn.mtrA, plantUid: s.plantA, plantName: 'NY roof', unboundAt: new Date() });
    await db.update(devices).set({ plantUid: s.plantB }).where(eq(devices.sn, s.sn.mtrA));
    try {
      const day = await one({ plantUid: s.plantA, reportType: 'day', period: '2026-03-15' });
      addsUp(day);
      expect(wh(day)).toEqual(a.day20260315);
      expect(day.devices!.map((d) => d.deviceSn)).toContain(s.sn.mtrA);
      const tokyo = await one({ plantUid: s.plantB, reportType: 'day', period: '2026-03-15' });
      expect(wh(tokyo.devices!.find((d) => d.deviceSn === s.sn.mtrA)!)).toEqual(plus());
      expect(wh(tokyo)).toEqual(b.day20260315);
    } finally {
      await db.update(devices).set({ plantUid: s.plantA }).where(eq(devices.sn, s.sn.mtrA));
    }
  });
});

describe('getPlantReportList: the statistics by plant', () => {
  it('has each plant\'s report totals, in the asked order, paged', async () => {
    const day = await list({ reportType: 'day', period: '2026-03-15' });
    expect(day.total).toBe(2);
    expect(day.list.map((r) => r.plantName)).toEqual(['NY roof', 'Tokyo roof']);
    const { items: _items, devices: _devices, ...plantA } = await one({ plantUid: s.plantA, reportType: 'day', period: '2026-03-15' });
    expect(day.list[0]).toEqual(plantA);
    expect(day.list[0]!.items).toBeUndefined();
    expect(wh(day.list[1]!)).toEqual(b.day20260315);

    const order = async (sortField: string, sortOrder: string) => (await list({ reportType: 'day', period: '2026-03-15', sortField, sortOrder })).list.map((r) => r.plantName);
    expect(await order('plantName', 'asc')).toEqual(['NY roof', 'Tokyo roof']);
    expect(await order('equivalentHours', 'desc')).toEqual(['Tokyo roof', 'NY roof']);
    expect(await order('income', 'desc')).toEqual(['Tokyo roof', 'NY roof']);
    expect(await order('loadEnergy', 'asc')).toEqual(['Tokyo roof', 'NY roof']);

    const page = await list({ reportType: 'month', period: '2026-03', pageNo: 2, pageSize: 1 });
    expect(page).toMatchObject({ total: 2, pageNo: 2, pageSize: 1 });
    expect(wh(page.list[0]!)).toEqual(b.day20260315);
    expect((await list({ reportType: 'year', period: '2026', plantName: 'TOKYO' })).list.map((r) => r.plantUid)).toEqual([s.plantB]);
    expect((await list({ reportType: 'year', period: '2026', plantUid: s.plantB })).total).toBe(1);
  });
});

describe('who sees reports', () => {
  it('another tree: 10005 for a named plant, and none of its plants in the list', async () => {
    for (const op of ['getOnePlantReport', 'getPlantReportList']) {
      const { body } = await t.api.get(`${REPORT}/${op}`, { token: tokens.installer2, query: { plantUid: s.plantA, reportType: 'day', period: '2026-03-15' } });
      expect(body.errCode, op).toBe(10005);
    }
    expect((await list({ reportType: 'day', period: '2026-03-15' }, tokens.installer2)).list.map((r) => r.plantUid)).not.toContain(s.plantA);
  });

  it('a visitor only with a share that grants viewReports', async () => {
    const [visitor] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.loginName, 'owner2'));
    const [share] = await t.database.db.insert(plantShares).values({ plantUid: s.plantA, visitorUserId: visitor!.id, permissions: ['viewPlant'] }).returning();
    const query = { plantUid: s.plantA, reportType: 'day', period: '2026-03-15' };
    expect((await t.api.get(`${REPORT}/getOnePlantReport`, { token: tokens.owner2, query })).body.errCode).toBe(10005);
    expect((await download(t, `${REPORT}/exportPlantReport`, { token: tokens.owner2, query })).json?.errCode).toBe(10005);
    expect((await list({ reportType: 'day', period: '2026-03-15' }, tokens.owner2)).list.map((r) => r.plantUid)).not.toContain(s.plantA);

    await t.database.db.update(plantShares).set({ permissions: ['viewPlant', 'viewReports'] }).where(eq(plantShares.id, share!.id));
    expect(wh(await one(query, tokens.owner2))).toEqual(a.day20260315);
    expect((await list({ reportType: 'day', period: '2026-03-15' }, tokens.owner2)).list.map((r) => r.plantUid)).toContain(s.plantA);
    await t.database.db.delete(plantShares).where(eq(plantShares.id, share!.id));
  });
});

describe('exportPlantReport and the download records', () => {
  const exportFile = (query: Record<string, string>, lang = 'en', token = s.userToken) => download(t, `${REPORT}/exportPlantReport`, { token, query, lang });
  const records = async (token = s.userToken) => {
    const { body } = await t.api.get<{ list: { fileName: string; format: string; rowCount: number; plantUid: string | null; plantName: string | null; reportType: string; period: string; endDate: string | null }[]; total: number }>(
      `${REPORT}/getReportDownloadList`, { token, query: { pageSize: 50 } });
    expect(body.errCode, body.errMsg).toBe(0);
    return body.data;
  };

  it('a plant\'s report as XLSX: its hours, a total row and its devices, named for the plant', async () => {
    const { response, type, fileName } = await exportFile({ plantUid: s.plantA, reportType: 'day', period: '2026-03-15' });
    expect(response.statusCode).toBe(200);
    expect(type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(fileName).toBe('NY roof_Report_2026-03-15.xlsx');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="NY roof_Report_2026-03-15.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName!)}`);
    const sheets = await xlsxSheets(response.rawPayload);
    const rows = sheets.Report!;
    expect(rows[0]).toEqual(['Time', 'PV generation (kWh)', 'Consumption (kWh)', 'Grid import (kWh)', 'Grid export (kWh)', 'Battery charge (kWh)', 'Battery discharge (kWh)', 'Income']);
    expect(rows).toHaveLength(26);
    expect(rows[11]).toEqual(['10:00', 4.321, 1.25, 0, 1.821, 1.25, 0, 1.3]);
    expect(rows[25]).toEqual(['Total', 10, 7.75, 1.5, 4.75, 1.5, 2.5, 3]);
    expect(sheets.Devices!.slice(1).map((r) => r[0])).toEqual([s.sn.chgA, s.sn.invA, s.sn.mtrA]);
  });

  it('the statistics by plant as CSV, in the request\'s language; records of both, newest first', async () => {
    const before = (await records()).total;
    const { response, type, fileName } = await exportFile({ reportType: 'custom', period: '2026-03-14', endDate: '2026-03-16', format: 'csv', sortField: 'plantName', sortOrder: 'asc' }, 'zh-CN');
    expect(type).toBe('text/csv; charset=utf-8');
    expect(fileName).toBe('电站报表_2026-03-14_2026-03-16.csv');
    const rows = csvRows(response.rawPayload);
    expect(rows[0]!.slice(0, 4)).toEqual(['电站名称', '电站编号', '装机容量 (kWp)', '发电量 (kWh)']);
    expect(rows.slice(1).map((r) => [r[0], r[1], Number(r[3])])).toEqual([['NY roof', s.plantA, 19.234], ['Tokyo roof', s.plantB, 5]]);

    const plantCsv = await exportFile({ plantUid: s.plantA, reportType: 'month', period: '2026-03', format: 'csv' });
    const plantRows = csvRows(plantCsv.response.rawPayload);
    expect(plantRows).toHaveLength(33);
    expect(plantRows[32]!.slice(0, 2)).toEqual(['Total', '19.234']);

    const mine = await records();
    expect(mine.total).toBe(before + 2);
    expect(mine.list[0]).toMatchObject({ plantUid: s.plantA, plantName: 'NY roof', reportType: 'month', period: '2026-03', endDate: null, format: 'csv', rowCount: 31 });
    expect(mine.list[1]).toMatchObject({ plantUid: null, plantName: null, reportType: 'custom', period: '2026-03-14', endDate: '2026-03-16', format: 'csv', rowCount: 2, fileName: '电站报表_2026-03-14_2026-03-16.csv' });
    expect((await records(tokens.installer2)).list.map((r) => r.fileName)).not.toContain('电站报表_2026-03-14_2026-03-16.csv');
  });

  it('a failed export answers the envelope and records nothing', async () => {
    const before = (await records()).total;
    const bad = await exportFile({ plantUid: s.plantA, reportType: 'month', period: '2026-03-15' });
    expect(bad.json).toMatchObject({ errCode: 10003 });
    expect(bad.json!.errMsg).toContain('period');
    expect(bad.fileName).toBeUndefined();
    const foreign = await exportFile({ plantUid: s.plantA, reportType: 'day', period: '2026-03-15' }, 'en', tokens.installer2);
    expect(foreign.json?.errCode).toBe(10005);
    expect((await records()).total).toBe(before);
  });
});
