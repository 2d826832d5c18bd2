// The demo's points: the platform's point rules and member levels, and a year of history earned
// by those rules (daily sign-ins on most days, the plants the users own or installed, the devices
// installers bound), so that every demo end user has well over 1,000 points before the demo's
// mall orders spend some. Written once, on a database without point rules or entries, in a few
// statements: the history is one insert of ledger entries, lots, awards and balances together.
import { sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { memberEquityRules, pointRules } from '../schema/index.ts';
import { PLATFORM_VALIDITY_MONTHS } from '../../services/points-ledger.ts';

type RuleSeed = typeof pointRules.$inferInsert;

const DEMO_RULES: RuleSeed[] = [
  { ruleName: 'New plant', eventType: 1, targetUserType: 2, points: 200, remark: 'For the owner and the installer of every plant added' },
  { ruleName: 'Device installed', eventType: 2, targetUserType: 1, points: 50, remark: 'Per device an installer binds to a plant' },
  { ruleName: 'Installed capacity', eventType: 3, targetUserType: 1, points: 10, remark: 'Per whole kWp of a new plant' },
  { ruleName: 'Customer invited', eventType: 4, targetUserType: 1, points: 300, remark: 'When a customer adds a plant with the installer\'s invite code' },
  { ruleName: 'Daily sign-in', eventType: 5, targetUserType: 2, points: 10, dailyLimit: 10 },
  { ruleName: 'Satisfaction survey', eventType: 6, targetUserType: 0, points: 100, status: 0 },
];

const DEMO_LEVELS: (typeof memberEquityRules.$inferInsert)[] = [
  { level: 1, levelName: 'Bronze', minPoints: 0, pointsMultiplier: '1', discountPercent: 0, equityContent: 'Points for every plant, device and sign-in' },
  { level: 2, levelName: 'Silver', minPoints: 1000, pointsMultiplier: '1.2', discountPercent: 5, extendedWarrantyMonths: 6, equityContent: '20% more points, 5% off in the mall, 6 months more warranty' },
  { level: 3, levelName: 'Gold', minPoints: 5000, pointsMultiplier: '1.5', discountPercent: 10, extendedWarrantyMonths: 12, equityContent: '50% more points, 10% off in the mall, a year more warranty' },
  { level: 4, levelName: 'Platinum', minPoints: 20000, pointsMultiplier: '2', discountPercent: 15, extendedWarrantyMonths: 24, equityContent: 'Double points, 15% off in the mall, two years more warranty' },
];

/** Share of the past year's days on which a demo end user signed in, in tenths. */
const SIGN_IN_TENTHS = 6;

export async function seedDemoPoints(tx: Tx): Promise<void> {
  const [seeded] = (await tx.execute(sql`select 1 as one where exists (select 1 from point_rules) or exists (select 1 from point_ledger)`) as unknown as { rows: unknown[] }).rows;
  if (seeded) return;
  await tx.insert(memberEquityRules).values(DEMO_LEVELS);
  await tx.insert(pointRules).values(DEMO_RULES);
  // Every event the rules would have rewarded over the past year, then each user's running
  // balance; ledger ids are drawn first so that the lots and awards can name their entries.
  await tx.execute(sql`
    with rules as (select id, rule_name, event_type, points from point_rules),
    events as (
      select u.id as user_id, u.office_id, 5 as event_type, to_char(day, 'YYYY-MM-DD') as event_key, null::text as plant_uid, null::text as device_sn, 1 as quantity,
        day + make_interval(secs => 25200 + abs(hashtext(u.id || day::text)) % 43200) as at
      from users u join roles ro on ro.id = u.role_id and ro.role_key = 'EndUser'
      cross join generate_series(date_trunc('day', now()) - interval '364 days', date_trunc('day', now()) - interval '1 day', interval '1 day') day
      where abs(hashtext(u.id || day::text)) % 10 < ${SIGN_IN_TENTHS}::integer
      union all
      select u.id, u.office_id, 1, p.plant_uid, p.plant_uid, null, 1, now() - interval '360 days' + (abs(hashtext(p.plant_uid)) % 90) * interval '1 day'
      from plants p join users u on u.id in (p.owner_user_id, p.installer_user_id)
      union all
      select u.id, u.office_id, 2, upper(d.sn), p.plant_uid, d.sn, 1, now() - interval '359 days' + (abs(hashtext(p.plant_uid)) % 90) * interval '1 day'
      from devices d join plants p on p.plant_uid = d.plant_uid join users u on u.id = p.installer_user_id
    ),
    numbered as (
      select nextval(pg_get_serial_sequence('point_ledger', 'id')) as entry_id, e.*, r.id as rule_id, r.rule_name, r.points * e.quantity as points,
        sum(r.points * e.quantity) over (partition by e.user_id order by e.at, e.event_type, e.event_key rows unbounded preceding) as balance_after
      from events e join rules r on r.event_type = e.event_type
    ),
    ledger as (
      insert into point_ledger (id, user_id, office_id, points, change_type, reason, source, source_id, balance_after, created_at) overriding system value
      select entry_id, user_id, office_id, points, 1, rule_name, 'rule', rule_id::text, balance_after, at from numbered
    ),
    lots as (
      insert into point_lots (user_id, entry_id, remaining, expires_at)
      select user_id, entry_id, points, at + make_interval(months => ${PLATFORM_VALIDITY_MONTHS}::integer) from numbered
    ),
    awards as (
      insert into point_awards (user_id, rule_id, rule_name, event_type, event_key, plant_uid, device_sn, points, entry_id, created_at)
      select user_id, rule_id, rule_name, event_type, event_key, plant_uid, device_sn, points, entry_id, at from numbered
    )
    insert into point_balances (user_id, balance, lifetime_earned, updated_at)
    select user_id, sum(points), sum(points), max(at) from numbered group by user_id`);
}
