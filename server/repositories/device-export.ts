// One device's stored measurements as export rows (exportPvMeterList): the range and the device's
// visibility as pagePvMeterData checks them, a row cap checked before the first byte is sent (so
// that a refusal is still the envelope), then the rows oldest first in batches, so that a CSV
// answer streams without holding the range in memory.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { fieldError } from '../errors.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { assertDeviceVisible, dayBounds, MAX_RANGE_DAYS } from './statistics-device-data.ts';
import { rowsOf, shiftDays, todayIn } from './statistics-scope.ts';

/** The most rows an export holds: a month of one-minute samples, and an XLSX that builds in seconds. */
export const MAX_EXPORT_ROWS = 50_000;
const BATCH_ROWS = 5_000;

export const MEASURED_COLUMNS = [
  'pvPower', 'acPower', 'gridPower', 'loadPower', 'batteryPower', 'batterySoc', 'pvEnergyTotal', 'gridImportTotal',
  'gridExportTotal', 'loadEnergyTotal', 'batteryChargeTotal', 'batteryDischargeTotal', 'temperature', 'faultCode',
] as const;
const SELECTED = sql.raw(MEASURED_COLUMNS.map((c) => `${c.replace(/[A-Z]/g, (l) => `_${l.toLowerCase()}`)} as "${c}"`).join(', '));

type Row = { ts: string; local: string } & Record<(typeof MEASURED_COLUMNS)[number], number | null>;

export async function pvMeterRows(db: Db, user: AuthContext, query: { deviceSn: string; queryStartDate?: string | undefined; queryEndDate?: string | undefined }) {
  const device = await assertDeviceVisible(db, user, query.deviceSn);
  const first = query.queryStartDate ?? todayIn(device.timeZone);
  const last = query.queryEndDate ?? first;
  if (last < first || last > shiftDays(first, MAX_RANGE_DAYS)) throw fieldError('queryEndDate', 'invalid');
  const { t0, t1 } = await dayBounds(db, device.timeZone, first, last);
  const zone = device.timeZone ?? 'UTC';
  const [counted] = await rowsOf<{ n: number }>(db, sql`
    select count(*)::int as n from (select 1 from device_data
      where device_id = ${device.id} and ts >= ${t0.toISOString()}::timestamptz and ts < ${t1.toISOString()}::timestamptz limit ${MAX_EXPORT_ROWS + 1}) x`);
  if (counted!.n > MAX_EXPORT_ROWS) throw fieldError('queryEndDate', 'exportTooLarge', { limit: MAX_EXPORT_ROWS });

  /** Keyset batches on the primary key (device, ts): each one an index range, however far in. */
  async function* rows(): AsyncGenerator<(string | number | null)[]> {
    let after: string | null = null;
    for (;;) {
      const from: SQL = after === null ? sql`ts >= ${t0.toISOString()}::timestamptz` : sql`ts > ${after}::timestamptz`;
      const batch: Row[] = await rowsOf<Row>(db, sql`
        select to_char(ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as ts,
          to_char(ts at time zone ${zone}, 'YYYY-MM-DD HH24:MI:SS') as local, ${SELECTED}
        from device_data where device_id = ${device.id} and ${from} and ts < ${t1.toISOString()}::timestamptz
        order by ts limit ${BATCH_ROWS}`);
      for (const row of batch) yield [row.local, ...MEASURED_COLUMNS.map((c) => row[c])];
      if (batch.length < BATCH_ROWS) return;
      after = batch.at(-1)!.ts;
    }
  }
  return { device, zone, first, last, rows };
}
