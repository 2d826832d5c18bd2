// Monthly partitions of device_data, made before a batch writes into a month that has none. Raw
// retention drops whole months (rollups are kept forever).
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

const known = new WeakMap<Db, Set<string>>();

/** `YYYY-MM` of an instant, in UTC: partitions are UTC months. */
export const monthOf = (ts: Date) => ts.toISOString().slice(0, 7);

/** The months from `from`'s to `to`'s, both included. */
export function monthsOf(from: Date, to: Date): string[] {
  const months = [monthOf(from)];
  for (const last = monthOf(to); months.at(-1)! < last;) months.push(nextMonth(months.at(-1)!));
  return months;
}

const partitionName = (month: string) => `device_data_${month.replace('-', '_')}`;

function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/**
 * Creates the partitions of these months that do not exist yet. Two batches (of this process or
 * another) creating the same one at once would race in the catalogue, where `if not exists` does
 * not hold (a duplicate key of pg_type): creation takes turns under a lock.
 */
export async function ensurePartitions(db: Db, months: Iterable<string>): Promise<void> {
  const made = known.get(db) ?? new Set<string>();
  known.set(db, made);
  const missing = [...new Set(months)].filter((m) => !made.has(m));
  if (!missing.length) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('device_data partitions', 9))`);
    for (const month of missing) {
      await tx.execute(sql.raw(`create table if not exists ${partitionName(month)} partition of device_data
        for values from ('${month}-01 00:00:00+00') to ('${nextMonth(month)}-01 00:00:00+00')`));
    }
  });
  for (const month of missing) made.add(month);
}

/** Drops the partitions whose whole month ended before `before`; returns the months dropped. */
export async function dropPartitionsBefore(db: Db, before: Date): Promise<string[]> {
  const result = await db.execute(sql`select c.relname as name from pg_inherits i
    join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent where p.relname = 'device_data'`);
  const rows = (result as unknown as { rows: { name: string }[] }).rows;
  const dropped: string[] = [];
  for (const { name } of rows) {
    const match = /^device_data_(\d{4})_(\d{2})$/.exec(name);
    if (!match) continue;
    const month = `${match[1]}-${match[2]}`;
    if (new Date(`${nextMonth(month)}-01T00:00:00Z`) > before) continue;
    await db.execute(sql.raw(`drop table if exists ${name}`));
    known.get(db)?.delete(month);
    dropped.push(month);
  }
  return dropped;
}
