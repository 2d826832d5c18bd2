// Points income against consumption per day, month or year (aggUserPointGroupByPeriod): every
// period of the range answered, zeros included, over UTC days as the records' times are.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { fieldError } from '../errors.ts';
import { rowsOf } from '../services/points-ledger.ts';
import { checkRange, utcDay } from './point-records.ts';

export type PeriodType = 'day' | 'month' | 'year';

/** The longest range per bucket size, in buckets (the contract's limits). */
const MAX_BUCKETS: Record<PeriodType, number> = { day: 31, month: 24, year: 10 };
const FORMAT: Record<PeriodType, string> = { day: 'YYYY-MM-DD', month: 'YYYY-MM', year: 'YYYY' };

function bucketCount(period: PeriodType, start: string, end: string): number {
  const [sy, sm] = [Number(start.slice(0, 4)), Number(start.slice(5, 7))];
  const [ey, em] = [Number(end.slice(0, 4)), Number(end.slice(5, 7))];
  if (period === 'year') return ey - sy + 1;
  if (period === 'month') return (ey - sy) * 12 + (em - sm) + 1;
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

export async function pointsByPeriod(db: Db, userId: string, period: PeriodType, startDate: string, endDate: string) {
  checkRange(startDate, endDate);
  const limit = MAX_BUCKETS[period];
  if (bucketCount(period, startDate, endDate) > limit) throw fieldError('endDate', 'periodTooLong', { limit, period });
  const rows = await rowsOf<{ period: string; income: number; consumption: number }>(db.execute(sql`
    with buckets as (
      select generate_series(date_trunc(${period}, ${startDate}::timestamp), date_trunc(${period}, ${endDate}::timestamp), ${`1 ${period}`}::interval) as bucket
    ), sums as (
      select date_trunc(${period}, created_at at time zone 'UTC') as bucket,
        sum(case when points > 0 then points else 0 end) as income, sum(case when points < 0 then -points else 0 end) as consumption
      from point_ledger
      where user_id = ${userId} and created_at >= ${utcDay(startDate)} and created_at < ${utcDay(endDate)} + interval '1 day'
      group by 1
    )
    select to_char(b.bucket, ${FORMAT[period]}) as period, coalesce(s.income, 0)::int as income, coalesce(s.consumption, 0)::int as consumption
    from buckets b left join sums s on s.bucket = b.bucket order by b.bucket`));
  return rows.map((r) => ({ period: r.period, incomePoints: Number(r.income), consumptionPoints: Number(r.consumption) }));
}
