// Point rules, the platform's catalogue (getPointRuleList, savePointsRule, updatePointsRule,
// deletePointsRule). What the schema cannot say: the last day not before the first, and only one
// enabled rule per event for the same users over overlapping days (targetUserType 2 overlaps 0
// and 1), checked under a transaction-wide lock so that two saves cannot both pass the check.
import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { pointRules } from '../db/schema/index.ts';
import { fieldError } from '../errors.ts';
import { escapeLike } from './scope.ts';
import { checkRange } from './point-records.ts';
import { pageWindow, type Page, type PageRequest } from './paging.ts';
import type { DataOf } from '../../src/api/contract-types.ts';

export type PointRuleDto = DataOf<'savePointsRule'>;

type Row = typeof pointRules.$inferSelect;

export interface PointRuleInput {
  ruleName: string;
  eventType: number;
  targetUserType: number;
  points: number;
  dailyLimit?: number | undefined;
  validMonths?: number | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  status?: number | undefined;
  remark?: string | undefined;
}

export function ruleDto(r: Row): PointRuleDto {
  return {
    id: r.id, ruleName: r.ruleName, eventType: r.eventType, targetUserType: r.targetUserType, points: r.points,
    dailyLimit: r.dailyLimit, validMonths: r.validMonths, status: r.status,
    ...(r.startDate ? { startDate: r.startDate } : {}), ...(r.endDate ? { endDate: r.endDate } : {}), ...(r.remark ? { remark: r.remark } : {}),
    createTime: r.createdAt.toISOString(), updateTime: r.updatedAt.toISOString(),
  } as PointRuleDto;
}

export interface PointRuleFilter extends PageRequest {
  id?: number | undefined;
  ruleName?: string | undefined;
  eventType?: number | undefined;
  status?: number | undefined;
}

const ruleFilter = (filter: Omit<PointRuleFilter, 'pageNo' | 'pageSize'>) => and(
  filter.id !== undefined ? eq(pointRules.id, filter.id) : undefined,
  filter.ruleName?.trim() ? ilike(pointRules.ruleName, `%${escapeLike(filter.ruleName.trim())}%`) : undefined,
  filter.eventType !== undefined ? eq(pointRules.eventType, filter.eventType) : undefined,
  filter.status !== undefined ? eq(pointRules.status, filter.status) : undefined,
);

export async function pagePointRules(db: Db, filter: PointRuleFilter): Promise<Page<PointRuleDto>> {
  const { pageNo, pageSize, offset } = pageWindow(filter);
  const where = ruleFilter(filter);
  const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(pointRules).where(where);
  const rows = await db.select().from(pointRules).where(where).orderBy(desc(pointRules.createdAt), desc(pointRules.id)).limit(pageSize).offset(offset);
  return { list: rows.map(ruleDto), total: Number(counted!.n), pageNo, pageSize };
}

/** The rules the list's filters select, in its order, at most `limit` of them (the export's). */
export async function pointRulesForExport(db: Db, filter: Omit<PointRuleFilter, 'pageNo' | 'pageSize'>, limit: number): Promise<PointRuleDto[]> {
  const rows = await db.select().from(pointRules).where(ruleFilter(filter)).orderBy(desc(pointRules.createdAt), desc(pointRules.id)).limit(limit);
  return rows.map(ruleDto);
}

function values(input: PointRuleInput) {
  return {
    ruleName: input.ruleName.trim(), eventType: input.eventType, targetUserType: input.targetUserType, points: input.points,
    dailyLimit: input.dailyLimit ?? 0, validMonths: input.validMonths ?? 0,
    startDate: input.startDate ?? null, endDate: input.endDate ?? null, status: input.status ?? 1, remark: input.remark?.trim() || null,
  };
}

async function checkRule(tx: Tx, input: ReturnType<typeof values>, id?: number) {
  if (!input.ruleName) throw fieldError('ruleName', 'required');
  checkRange(input.startDate ?? undefined, input.endDate ?? undefined);
  if (input.status !== 1) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('point-rules'))`);
  const [clash] = await tx.select({ id: pointRules.id, ruleName: pointRules.ruleName }).from(pointRules).where(and(
    eq(pointRules.status, 1), eq(pointRules.eventType, input.eventType),
    id !== undefined ? sql`${pointRules.id} <> ${id}` : undefined,
    input.targetUserType === 2 ? undefined : sql`${pointRules.targetUserType} in (2, ${input.targetUserType})`,
    input.endDate ? sql`(${pointRules.startDate} is null or ${pointRules.startDate} <= ${input.endDate})` : undefined,
    input.startDate ? sql`(${pointRules.endDate} is null or ${pointRules.endDate} >= ${input.startDate})` : undefined,
  )).limit(1);
  if (clash) throw fieldError('eventType', 'ruleOverlap', { value: clash.ruleName });
}

export async function addPointRule(db: Db, input: PointRuleInput): Promise<PointRuleDto> {
  return db.transaction(async (tx) => {
    const row = values(input);
    await checkRule(tx, row);
    const [stored] = await tx.insert(pointRules).values(row).returning();
    return ruleDto(stored!);
  });
}

export async function editPointRule(db: Db, id: number, input: PointRuleInput): Promise<PointRuleDto> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ id: pointRules.id }).from(pointRules).where(eq(pointRules.id, id)).for('update');
    if (!before) throw fieldError('id', 'exists');
    const row = values(input);
    await checkRule(tx, row, id);
    const [stored] = await tx.update(pointRules).set({ ...row, updatedAt: new Date() }).where(eq(pointRules.id, id)).returning();
    return ruleDto(stored!);
  });
}

/** Points the rule credited stay, and their records keep its name (point_awards.rule_name). */
export async function deletePointRule(db: Db, id: number): Promise<void> {
  const deleted = await db.delete(pointRules).where(eq(pointRules.id, id)).returning({ id: pointRules.id });
  if (!deleted.length) throw fieldError('id', 'exists');
}
