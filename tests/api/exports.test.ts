// exportPvMeterList on the hand-written series (fixtures/monitoring-series.ts): the history
// table's rows as XLSX (read back with exceljs) and CSV (parsed), oldest first in the plant's
// local time, with the download headers; CSV streamed across batches; the row cap and the range
// answered with the envelope before any file starts; another tree's device refused.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_EXPORT_ROWS } from '../../server/repositories/device-export.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { csvRows, download, xlsxSheets } from '../fixtures/export-files.ts';
import { ingestSeries, type Series } from '../fixtures/monitoring-series.ts';

let t: TestApp;
let s: Series;
let foreignToken = '';
beforeAll(async () => {
  t = await createTestApp();
  s = await ingestSeries(t);
  foreignToken = (await t.api.login('installer2')).token;
});
afterAll(() => t.close());

const PATH = '/api/v1/monitor/deviceData/exportPvMeterList';
const exportFile = (query: Record<string, string>, lang = 'en', token = s.userToken) => download(t, PATH, { token, query, lang });

/** Raw samples written straight into the table (no rollups needed): `n` one-second samples from `from`. */
async function samples(sn: string, from: string, n: number) {
  await t.database.db.execute(sql`insert into device_data (device_id, ts, pv_power)
    select d.id, ${from}::timestamptz + g * interval '1 second', g % 1000 from devices d, generate_series(0, ${n - 1}) g where d.sn = ${sn}`);
}

const HEADER = ['Time (America/New_York)', 'PV power (W)', 'AC power (W)', 'Grid power (W, + import)', 'Load power (W)', 'Battery power (W, + discharge)', 'Battery SOC (%)',
  'PV energy total (kWh)', 'Grid import total (kWh)', 'Grid export total (kWh)', 'Load energy total (kWh)', 'Battery charge total (kWh)', 'Battery discharge total (kWh)',
  'Temperature (°C)', 'Fault code'];

describe('exportPvMeterList', () => {
  it('answers the day\'s samples as XLSX, oldest first in the plant\'s local time', async () => {
    const { response, type, fileName } = await exportFile({ deviceSn: s.sn.invA, queryStartDate: '2026-03-15' });
    expect(response.statusCode).toBe(200);
    expect(type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(fileName).toBe(`Device data_${s.sn.invA}_2026-03-15_2026-03-15.xlsx`);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName!)}`);
    const rows = (await xlsxSheets(response.rawPayload))[s.sn.invA]!;
    expect(rows[0]).toEqual(HEADER);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['2026-03-15 07:00:00', '2026-03-15 10:30:00', '2026-03-15 10:32:00', '2026-03-15 14:00:00', '2026-03-15 22:45:00']);
    expect(rows[1]).toEqual(['2026-03-15 07:00:00', 0, 0, null, 900, 400, 40, 1023, null, null, 2017.75, 103.5, 102, null, null]);
    expect(rows[2]!.slice(1, 8)).toEqual([3000, 2900, null, 800, -500, 55, 1027.321]);
  });

  it('answers CSV with the same rows, headed in the request\'s language', async () => {
    const { response, type, fileName } = await exportFile({ deviceSn: s.sn.mtrA, queryStartDate: '2026-03-14', queryEndDate: '2026-03-16', format: 'csv' }, 'zh-CN');
    expect(type).toBe('text/csv; charset=utf-8');
    expect(fileName).toBe(`设备数据_${s.sn.mtrA}_2026-03-14_2026-03-16.csv`);
    const rows = csvRows(response.rawPayload);
    expect(rows[0]!.slice(0, 4)).toEqual(['时间（America/New_York）', '光伏功率 (W)', '交流功率 (W)', '电网功率 (W，正为买电)']);
    expect(rows.slice(1).map((r) => [r[0], r[3], r[8], r[9]])).toEqual([
      ['2026-03-14 00:00:00', '', '502.75', '305'], ['2026-03-14 13:00:00', '', '502.75', '307'], ['2026-03-15 07:00:00', '500', '503.25', '307'],
      ['2026-03-15 10:30:00', '-1700', '503.25', '308.821'], ['2026-03-15 14:00:00', '-1300', '503.25', '311.75'], ['2026-03-15 22:45:00', '500', '504.25', '311.75'],
      ['2026-03-16 09:00:00', '', '504.25', '312.484'],
    ]);
  });

  it('streams a long CSV across its batches without losing or repeating a row', async () => {
    await samples(s.sn.mtrB, '2026-03-20T00:00:00Z', 12_345);
    const { response } = await exportFile({ deviceSn: s.sn.mtrB, queryStartDate: '2026-03-20', format: 'csv' });
    const times = csvRows(response.rawPayload).slice(1).map((r) => r[0]!);
    expect(times).toHaveLength(12_345);
    expect(new Set(times).size).toBe(12_345);
    expect(times.every((time, i) => i === 0 || time > times[i - 1]!)).toBe(true);
    expect(times[0]).toBe('2026-03-20 09:00:00');
  });

  it('refuses with the envelope, before any file: too many rows, too long a range, another tree\'s device', async () => {
    await samples(s.sn.chgA, '2026-03-20T12:00:00Z', MAX_EXPORT_ROWS + 1);
    for (const format of ['xlsx', 'csv']) {
      const capped = await exportFile({ deviceSn: s.sn.chgA, queryStartDate: '2026-03-20', format });
      expect(capped.json?.errCode).toBe(10003);
      expect(capped.json!.errMsg).toBe(`queryEndDate: the export would hold more than ${MAX_EXPORT_ROWS} rows; choose a shorter range or a narrower filter`);
      expect(capped.fileName).toBeUndefined();
    }
    const long = await exportFile({ deviceSn: s.sn.invA, queryStartDate: '2026-01-01', queryEndDate: '2026-03-01' });
    expect(long.json?.errCode).toBe(10003);
    expect(long.json!.errMsg).toContain('queryEndDate');
    expect((await exportFile({ deviceSn: s.sn.invA, format: 'pdf' })).json?.errCode).toBe(10003);
    const foreign = await exportFile({ deviceSn: s.sn.invA, queryStartDate: '2026-03-15' }, 'en', foreignToken);
    expect(foreign.json?.errCode).toBe(10005);
  });

  it('answers a header alone for a day without samples', async () => {
    const { response } = await exportFile({ deviceSn: s.sn.invB, queryStartDate: '2026-01-01', format: 'csv' });
    expect(csvRows(response.rawPayload)).toHaveLength(1);
  });
});
