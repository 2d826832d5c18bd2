// Member equity levels, the platform's catalogue (getMemberEquityRuleList, save, update, delete).
// What the schema cannot say: a level's number is unique, and minPoints rise with the level across
// all levels (else a user's level would depend on the order the levels are read in). Checked
// under a transaction-wide lock so that two saves cannot both pass.
import { and, asc, eq, ilike, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { memberEquityRules } from '../db/schema/index.ts';
import { fieldError } from '../errors.ts';
import { rowsOf } from '../services/points-ledger.ts';
import { escapeLike } from './scope.ts';
import { pageWindow, type Page, type PageRequest } from './paging.ts';
import type { DataOf } from '../../src/api/contract-types.ts';

export type MemberLevelDto = DataOf<'saveMemberEquityRule'>;

type Row = typeof memberEquityRules.$inferSelect;

export interface MemberLevelInput {
  levelName: string;
  level: number;
  minPoints: number;
  pointsMultiplier?: number | undefined;
  discountPercent?: number | undefined;
  extendedWarrantyMonths?: number | undefined;
  equityContent?: string | undefined;
  icon?: string | undefined;
  status?: number | undefined;
}

function levelDto(r: Row, memberNum = 0): MemberLevelDto {
  return {
    id: r.id, levelName: r.levelName, level: r.level, minPoints: r.minPoints, pointsMultiplier: Number(r.pointsMultiplier),
    discountPercent: r.discountPercent, extendedWarrantyMonths: r.extendedWarrantyMonths, status: r.status, memberNum,
    ...(r.equityContent ? { equityContent: r.equityContent } : {}), ...(r.icon ? { icon: r.icon } : {}),
    createTime: r.createdAt.toISOString(), updateTime: r.updatedAt.toISOString(),
  } as MemberLevelDto;
}

/** Users at each level now: their lifetime points reach it and no higher enabled level. */
async function memberCounts(db: Db | Tx): Promise<Map<number, number>> {
  const rows = await rowsOf<{ id: number; n: number }>(db.execute(sql`select lv.id, count(*)::int as n from point_balances b
    join lateral (select m.id from member_equity_rules m where m.status = 1 and m.min_points <= b.lifetime_earned
      order by m.min_points desc, m.level desc limit 1) lv on true
    group by lv.id`));
  return new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
}

export interface MemberLevelFilter extends PageRequest {
  id?: number | undefined;
  levelName?: string | undefined;
  status?: number | undefined;
}

export async function pageMemberLevels(db: Db, filter: MemberLevelFilter): Promise<Page<MemberLevelDto>> {
  const { pageNo, pageSize, offset } = pageWindow(filter);
  const where = and(
    filter.id !== undefined ? eq(memberEquityRules.id, filter.id) : undefined,
    filter.levelName?.trim() ? ilike(memberEquityRules.levelName, `%${escapeLike(filter.levelName.trim())}%`) : undefined,
    filter.status !== undefined ? eq(memberEquityRules.status, filter.status) : undefined,
  );
  const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(memberEquityRules).where(where);
  const rows = await db.select().from(memberEquityRules).where(where).orderBy(asc(memberEquityRules.level)).limit(pageSize).offset(offset);
  const members = await memberCounts(db);
  return { list: rows.map((r) => levelDto(r, members.get(r.id) ?? 0)), total: Number(counted!.n), pageNo, pageSize };
}

function values(input: MemberLevelInput) {
  return {
    levelName: input.levelName.trim(), level: input.level, minPoints: input.minPoints,
    pointsMultiplier: String(input.pointsMultiplier ?? 1), discountPercent: input.discountPercent ?? 0,
    extendedWarrantyMonths: input.extendedWarrantyMonths ?? 0, equityContent: input.equityContent?.trim() || null,
    icon: input.icon?.trim() || null, status: input.status ?? 1,
  };
}

async function checkLevel(tx: Tx, input: ReturnType<typeof values>, id?: number) {
  if (!input.levelName) throw fieldError('levelName', 'required');
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('member-levels'))`);
  const others = await tx.select({ level: memberEquityRules.level, minPoints: memberEquityRules.minPoints }).from(memberEquityRules)
    .where(id !== undefined ? ne(memberEquityRules.id, id) : undefined);
  if (others.some((o) => o.level === input.level)) throw fieldError('level', 'unique', { value: input.level });
  const below = others.filter((o) => o.level < input.level).map((o) => o.minPoints);
  const above = others.filter((o) => o.level > input.level).map((o) => o.minPoints);
  const lower = below.length ? Math.max(...below) : undefined;
  const upper = above.length ? Math.min(...above) : undefined;
  if (lower !== undefined && input.minPoints <= lower) throw fieldError('minPoints', 'exclusiveMinimum', { limit: lower });
  if (upper !== undefined && input.minPoints >= upper) throw fieldError('minPoints', 'exclusiveMaximum', { limit: upper });
}

export async function addMemberLevel(db: Db, input: MemberLevelInput): Promise<MemberLevelDto> {
  return db.transaction(async (tx) => {
    const row = values(input);
    await checkLevel(tx, row);
    const [stored] = await tx.insert(memberEquityRules).values(row).returning();
    return levelDto(stored!, (await memberCounts(tx)).get(stored!.id) ?? 0);
  });
}

export async function editMemberLevel(db: Db, id: number, input: MemberLevelInput): Promise<MemberLevelDto> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ id: memberEquityRules.id }).from(memberEquityRules).where(eq(memberEquityRules.id, id)).for('update');
    if (!before) throw fieldError('id', 'exists');
    const row = values(input);
    await checkLevel(tx, row, id);
    const [stored] = await tx.update(memberEquityRules).set({ ...row, updatedAt: new Date() }).where(eq(memberEquityRules.id, id)).returning();
    return levelDto(stored!, (await memberCounts(tx)).get(id) ?? 0);
  });
}

/** Members fall back to the next lower level; their points are untouched. */
export async function deleteMemberLevel(db: Db, id: number): Promise<void> {
  const deleted = await db.delete(memberEquityRules).where(eq(memberEquityRules.id, id)).returning({ id: memberEquityRules.id });
  if (!deleted.length) throw fieldError('id', 'exists');
}
