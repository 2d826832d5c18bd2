// Model codes (their serial prefixes are a stored resource: server/resources/generic-handlers.ts).
// Codes are unique case-insensitively; a clash is a 10003 on the field, found by the database's
// unique index so that concurrent writers agree.
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { modelCodeSerials, modelCodes } from '../db/schema/index.ts';
import { fieldError } from '../errors.ts';
import { isUniqueViolation, pageWindow, readPage, readSelectivePage, type CountColumn, type Page, type PageRequest } from './paging.ts';
import { directReads, type ListReads } from '../services/list-memo.ts';

export interface ModelCodeInput {
  modelCode: string;
  modelName: string;
  deviceType: number;
  ratedPower?: number | undefined;
  manufacturer?: string | undefined;
  remark?: string | undefined;
}

export interface ModelCodeFilter extends PageRequest {
  id?: number | undefined;
  modelCode?: string | undefined;
  deviceType?: number | undefined;
}

// Drizzle writes columns of a one-table select list without their table, and a bare "id" in this
// subquery would be the serial's own id: the outer column is named in full.
const serialCount = sql<number>`(select count(*)::int from ${modelCodeSerials} where ${modelCodeSerials.modelCodeId} = "model_codes"."id")`;

const baseColumns = {
  id: modelCodes.id, modelCode: modelCodes.modelCode, modelName: modelCodes.modelName, deviceType: modelCodes.deviceType,
  ratedPower: modelCodes.ratedPower, manufacturer: modelCodes.manufacturer, remark: modelCodes.remark,
  createdAt: modelCodes.createdAt, updatedAt: modelCodes.updatedAt,
};
const columns = { ...baseColumns, serialCount };

type Row = typeof modelCodes.$inferSelect & { serialCount: number };

function toDto(row: Row) {
  return {
    id: row.id,
    modelCode: row.modelCode,
    modelName: row.modelName,
    deviceType: row.deviceType as 1 | 2 | 3 | 4 | 5 | 6 | 7,
    ...(row.ratedPower !== null ? { ratedPower: row.ratedPower } : {}),
    ...(row.manufacturer ? { manufacturer: row.manufacturer } : {}),
    ...(row.remark ? { remark: row.remark } : {}),
    serialCount: row.serialCount,
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
  };
}
export type ModelCodeDto = ReturnType<typeof toDto>;

function where(filter: ModelCodeFilter): SQL | undefined {
  const text = filter.modelCode?.trim();
  return and(
    filter.id ? eq(modelCodes.id, filter.id) : undefined,
    filter.deviceType ? eq(modelCodes.deviceType, filter.deviceType) : undefined,
    text ? or(ilike(modelCodes.modelCode, `%${escapeLike(text)}%`), ilike(modelCodes.modelName, `%${escapeLike(text)}%`)) : undefined,
  );
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The tables a page of model codes reads: a write to either is announced, and drops memoised pages. */
const PAGE_TABLES = ['model_codes', 'model_code_serials'] as const;

export async function pageModelCodes(db: Db, filter: ModelCodeFilter, lists: ListReads = directReads): Promise<Page<ModelCodeDto>> {
  const { pageNo, pageSize, offset } = pageWindow(filter);
  const { pageNo: _p, pageSize: _s, ...criteria } = filter;
  return lists.page(`model_codes:${JSON.stringify(criteria)}:${pageNo}:${pageSize}`, PAGE_TABLES, pageSize, async () => {
    const condition = where(filter);
    // The order is the model_codes_updated_idx index. The offset is walked over that index alone
    // (ids only), and only the page's rows are read: a deep page skips index entries, not rows.
    // The serial counts are read for the page's rows only, in the same statement.
    const order = [desc(modelCodes.updatedAt), desc(modelCodes.id)];
    const page = db.select({ id: modelCodes.id }).from(modelCodes).where(condition).orderBy(...order).limit(pageSize).offset(offset).as('page');
    const key = `model_codes:${JSON.stringify(criteria)}`;
    const matching = () => db.select({ id: modelCodes.id }).from(modelCodes).where(condition).$dynamic();
    const byIndex = (extra: CountColumn) => db.select({ ...columns, ...extra }).from(modelCodes).innerJoin(page, eq(modelCodes.id, page.id)).orderBy(...order);
    // A text filter scans its trigram indexes once, for the page and its count together.
    const { rows, total } = filter.modelCode?.trim()
      ? await readSelectivePage(db, key, matching, byIndex, (cap) => {
        const matched = db.$with('matched').as(db.select({ id: modelCodes.id, updatedAt: modelCodes.updatedAt }).from(modelCodes).where(condition).limit(cap));
        const among = db.select({ id: matched.id }).from(matched).orderBy(desc(matched.updatedAt), desc(matched.id)).limit(pageSize).offset(offset).as('page');
        return db.with(matched).select({ ...columns, total: sql<number>`(select count(*)::int from ${matched})` })
          .from(modelCodes).innerJoin(among, eq(modelCodes.id, among.id)).orderBy(...order);
      })
      : await readPage(db, key, matching, byIndex);
    return { list: rows.map(toDto), total, pageNo, pageSize };
  });
}

export async function listModelCodes(db: Db, deviceType?: number): Promise<ModelCodeDto[]> {
  const rows = await db.select(columns).from(modelCodes).where(deviceType ? eq(modelCodes.deviceType, deviceType) : undefined).orderBy(asc(modelCodes.modelCode));
  return rows.map(toDto);
}

async function oneModelCode(db: Db, id: number): Promise<ModelCodeDto> {
  const [row] = await db.select(columns).from(modelCodes).where(eq(modelCodes.id, id));
  if (!row) throw fieldError('id', 'exists');
  return toDto(row);
}

/** Adds a model code, or modifies the one with `id`. */
export async function saveModelCode(db: Db, input: ModelCodeInput & { id?: number | undefined }): Promise<ModelCodeDto> {
  const values = {
    modelCode: input.modelCode,
    modelName: input.modelName,
    deviceType: input.deviceType,
    ratedPower: input.ratedPower ?? null,
    manufacturer: input.manufacturer || null,
    remark: input.remark || null,
  };
  try {
    if (input.id) {
      const updated = await db.update(modelCodes).set({ ...values, updatedAt: sql`now()` }).where(eq(modelCodes.id, input.id)).returning({ id: modelCodes.id });
      if (!updated.length) throw fieldError('id', 'exists');
      return oneModelCode(db, input.id);
    }
    const [created] = await db.insert(modelCodes).values(values).returning({ id: modelCodes.id });
    return oneModelCode(db, created!.id);
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('modelCode', 'unique', { value: values.modelCode });
    throw error;
  }
}

export async function deleteModelCode(db: Db, id: number): Promise<void> {
  const deleted = await db.delete(modelCodes).where(eq(modelCodes.id, id)).returning({ id: modelCodes.id });
  if (!deleted.length) throw fieldError('id', 'exists');
}
