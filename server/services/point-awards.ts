// Point rules at work: when something happens that a rule rewards (a plant created, a device
// bound, a daily sign-in...), each enabled rule for that event and that kind of user awards its
// points once per (user, rule, event key). The award row's unique key makes that hold under
// retries and concurrent requests; the user's balance row is locked first, so that the daily
// limit is counted with no other award of the user in between.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { PLATFORM_VALIDITY_MONTHS, creditPoints, lockBalances, rowsOf } from './points-ledger.ts';
import { pointsMultiplierFor } from './member-level.ts';

/** The contract's event types (point-rule.schema.json eventType). */
export const PointEvent = {
  plantCreated: 1,
  deviceBound: 2,
  installedCapacity: 3,
  inviteCodeUsed: 4,
  dailyLogin: 5,
  questionnaire: 6,
} as const;
export type PointEventName = keyof typeof PointEvent;

export interface AwardEvent {
  userId: string;
  event: PointEventName;
  /** What happened, unique per event: a plant's uid, a device's serial, a day, an invited user's id. */
  eventKey: string;
  plantUid?: string;
  deviceSn?: string;
  /** How many units the rule's points count (kWp of installed capacity); 1 by default. */
  quantity?: number;
}

interface RuleRow { id: number; rule_name: string; points: number; daily_limit: number; valid_months: number }

/** Awards the points of every rule that applies; answers the points credited (0 when none or already awarded). */
export async function awardPointsForEvent(tx: Tx, award: AwardEvent): Promise<number> {
  const eventType = PointEvent[award.event];
  const rules = await rowsOf<RuleRow>(tx.execute(sql`select r.id, r.rule_name, r.points, r.daily_limit, r.valid_months
    from point_rules r, users u join roles ro on ro.id = u.role_id
    where u.id = ${award.userId} and r.status = 1 and r.event_type = ${eventType}
      and r.target_user_type in (2, ro.user_type)
      and (r.start_date is null or r.start_date <= current_date) and (r.end_date is null or r.end_date >= current_date)
    order by r.id`));
  const quantity = Math.floor(award.quantity ?? 1);
  if (!rules.length || quantity < 1) return 0;
  await lockBalances(tx, [award.userId]);
  const multiplier = await pointsMultiplierFor(tx, award.userId);
  let total = 0;
  for (const rule of rules) {
    const [claimed] = await rowsOf<{ id: number }>(tx.execute(sql`insert into point_awards
        (user_id, rule_id, rule_name, event_type, event_key, plant_uid, device_sn, points)
      values (${award.userId}, ${rule.id}, ${rule.rule_name}, ${eventType}, ${award.eventKey}, ${award.plantUid ?? null}, ${award.deviceSn ?? null}, 0)
      on conflict (user_id, rule_id, event_key) do nothing returning id`));
    if (!claimed) continue;
    let points = Math.floor(Number(rule.points) * quantity * multiplier);
    if (Number(rule.daily_limit) > 0) {
      const [today] = await rowsOf<{ earned: number }>(tx.execute(sql`select coalesce(sum(points), 0)::int as earned from point_awards
        where user_id = ${award.userId} and rule_id = ${rule.id} and created_at >= date_trunc('day', now())`));
      points = Math.max(0, Math.min(points, Number(rule.daily_limit) - Number(today!.earned)));
    }
    if (points === 0) continue;
    const { entryId } = await creditPoints(tx, {
      userId: award.userId, points, reason: rule.rule_name, source: 'rule', sourceId: rule.id,
      validityMonths: Number(rule.valid_months) || PLATFORM_VALIDITY_MONTHS,
    });
    await tx.execute(sql`update point_awards set points = ${points}, entry_id = ${entryId} where id = ${claimed.id}`);
    total += points;
  }
  return total;
}

export interface AwardLog {
  warn(object: object, message: string): void;
}

/**
 * The award as a side effect of the event: in a savepoint of the event's transaction, so that a
 * failing award is rolled back alone, logged, and never fails the event itself.
 */
export async function awardPointsSafely(db: Db | Tx, awards: AwardEvent[], log: AwardLog = console): Promise<void> {
  for (const award of awards) {
    try {
      await db.transaction((sp) => awardPointsForEvent(sp, award));
    } catch (error) {
      log.warn({ err: error, event: award.event }, 'points: award failed');
    }
  }
}

/** The first sign-in of a (UTC) day earns the daily sign-in rule's points; later ones that day find it awarded. */
export const dailyLoginAward = (userId: string, at = new Date()): AwardEvent => ({ userId, event: 'dailyLogin', eventKey: at.toISOString().slice(0, 10) });
