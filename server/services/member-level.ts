// Member equity levels: a user's level is the highest enabled level whose minPoints the user's
// lifetime earned points reach (points earned by rules and received by transfer; spending or
// expiry never lowers it). The level multiplies the points rules award and discounts mall orders.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { rowsOf } from './points-ledger.ts';

export interface MemberLevel {
  level: number;
  levelName: string;
  minPoints: number;
  pointsMultiplier: number;
  discountPercent: number;
}

interface LevelRow { level: number; level_name: string; min_points: number; points_multiplier: string; discount_percent: number }

const toLevel = (r: LevelRow): MemberLevel => ({
  level: Number(r.level), levelName: r.level_name, minPoints: Number(r.min_points),
  pointsMultiplier: Number(r.points_multiplier), discountPercent: Number(r.discount_percent),
});

/** The user's level (absent below the lowest) and the next one up (absent at the top), by lifetime points. */
export async function memberLevelOf(db: Db | Tx, userId: string): Promise<{ lifetimeEarned: number; current?: MemberLevel; next?: MemberLevel }> {
  const rows = await rowsOf<LevelRow & { earned: number }>(db.execute(sql`
    with me as (select coalesce((select lifetime_earned from point_balances where user_id = ${userId}), 0) as earned)
    select m.level, m.level_name, m.min_points, m.points_multiplier::text, m.discount_percent, me.earned
    from me left join member_equity_rules m on m.status = 1
    order by m.min_points, m.level`));
  const earned = Number(rows[0]?.earned ?? 0);
  const levels = rows.filter((r) => r.level !== null).map(toLevel);
  const reached = levels.filter((l) => l.minPoints <= earned);
  const current = reached.at(-1);
  const next = levels.find((l) => l.minPoints > earned);
  return { lifetimeEarned: earned, ...(current ? { current } : {}), ...(next ? { next } : {}) };
}

/** The discount an order gets from the buyer's level (level 0 and no discount below the lowest level). */
export async function memberDiscountFor(db: Db | Tx, userId: string): Promise<{ level: number; discountPercent: number }> {
  const { current } = await memberLevelOf(db, userId);
  return { level: current?.level ?? 0, discountPercent: current?.discountPercent ?? 0 };
}

/** The factor the user's level applies to awarded points (1 below the lowest level). */
export async function pointsMultiplierFor(db: Db | Tx, userId: string): Promise<number> {
  return (await memberLevelOf(db, userId)).current?.pointsMultiplier ?? 1;
}
