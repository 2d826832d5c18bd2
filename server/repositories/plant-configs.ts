// Plant configuration (001 section 7 "Plant config and firmware control"): the per-country
// defaults and caps the plant wizard and addPlant/editPlant read, and the AU anti-firmware version
// control rules the AU upgrade checks read (au-upgrade.ts). Administrators' reference data: not
// scoped to organisations.
import { and, asc, eq, ilike, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { auFwVersionControls, modelCodes, plantConfigs } from '../db/schema/index.ts';
import { auServer, firmwareAtLeast } from '../domain/plants/au-servers.ts';
import type { CountryConfig } from '../domain/plants/site-params.ts';
import { fieldError } from '../errors.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { MAX_GRID_PRICE_RMB } from '../../src/lib/plant-rules.ts';
import { escapeLike } from './scope.ts';
import { isUniqueViolation, pageWindow, type PageRequest } from './paging.ts';

type PlantConfigRow = typeof plantConfigs.$inferSelect;

const toConfig = (row: PlantConfigRow) => ({
  id: row.id, countryCode: row.countryCode, currencyName: row.currencyName, defaultGridPrice: row.defaultGridPrice,
  maxSystemPower: row.maxSystemPower, timeZone: row.timeZone, remark: row.remark, updateBy: row.updateBy,
  createTime: row.createdAt.toISOString(), updateTime: row.updatedAt.toISOString(),
});

/** The country's configuration, when it has one (country codes compare in upper case). */
export async function countryConfig(db: Db | Tx, countryCode: string | null | undefined): Promise<CountryConfig | undefined> {
  const code = countryCode?.trim().toUpperCase();
  if (!code) return undefined;
  const [row] = await db.select().from(plantConfigs).where(eq(plantConfigs.countryCode, code));
  return row;
}

export async function pagePlantConfigs(db: Db, filter: PageRequest & { id?: number | undefined; countryCode?: string | undefined }) {
  const { pageNo, pageSize, offset } = pageWindow(filter);
  const condition = and(
    filter.id ? eq(plantConfigs.id, filter.id) : undefined,
    filter.countryCode?.trim() ? eq(plantConfigs.countryCode, filter.countryCode.trim().toUpperCase()) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db.select().from(plantConfigs).where(condition).orderBy(asc(plantConfigs.countryCode)).limit(pageSize).offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(plantConfigs).where(condition),
  ]);
  return { list: rows.map(toConfig), total: counted?.n ?? 0, pageNo, pageSize };
}

export interface PlantConfigInput {
  id?: number | undefined;
  countryCode: string;
  currencyName: string;
  defaultGridPrice: number;
  maxSystemPower: number;
  timeZone?: string | null | undefined;
  remark?: string | null | undefined;
}

/** Adds a country's configuration, or modifies the one of `id`; one per country. */
export async function savePlantConfig(db: Db, auth: AuthContext, input: PlantConfigInput) {
  if (input.currencyName === 'RMB' && input.defaultGridPrice > MAX_GRID_PRICE_RMB) throw fieldError('defaultGridPrice', 'maximum', { limit: MAX_GRID_PRICE_RMB });
  const countryCode = input.countryCode.trim().toUpperCase();
  const values = {
    countryCode, currencyName: input.currencyName, defaultGridPrice: input.defaultGridPrice, maxSystemPower: input.maxSystemPower,
    timeZone: input.timeZone?.trim() || null, remark: input.remark?.trim() || null, updateBy: auth.loginName, updatedAt: new Date(),
  };
  return db.transaction(async (tx) => {
    const [clash] = await tx.select({ id: plantConfigs.id }).from(plantConfigs)
      .where(and(eq(plantConfigs.countryCode, countryCode), input.id ? ne(plantConfigs.id, input.id) : undefined));
    if (clash) throw fieldError('countryCode', 'unique', { value: countryCode });
    try {
      const [row] = input.id
        ? await tx.update(plantConfigs).set(values).where(eq(plantConfigs.id, input.id)).returning()
        : await tx.insert(plantConfigs).values(values).returning();
      if (!row) throw fieldError('id', 'exists');
      return toConfig(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError('countryCode', 'unique', { value: countryCode });
      throw error;
    }
  });
}

type ControlRow = typeof auFwVersionControls.$inferSelect;

const toControl = (row: ControlRow) => ({
  id: row.id, auAreaCode: row.auAreaCode, modelCode: row.modelCode, minFirmwareVersion: row.minFirmwareVersion,
  targetFirmwareVersion: row.targetFirmwareVersion, enable: row.enable === 1 ? 1 as const : 0 as const, remark: row.remark,
  createTime: row.createdAt.toISOString(), updateTime: row.updatedAt.toISOString(),
});

export async function pageFwControls(db: Db, filter: PageRequest & { id?: number | undefined; auAreaCode?: string | undefined; modelCode?: string | undefined }) {
  const { pageNo, pageSize, offset } = pageWindow(filter);
  const condition = and(
    filter.id ? eq(auFwVersionControls.id, filter.id) : undefined,
    filter.auAreaCode?.trim() ? eq(auFwVersionControls.auAreaCode, filter.auAreaCode.trim()) : undefined,
    filter.modelCode?.trim() ? ilike(auFwVersionControls.modelCode, `%${escapeLike(filter.modelCode.trim())}%`) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db.select().from(auFwVersionControls).where(condition)
      .orderBy(asc(auFwVersionControls.auAreaCode), asc(auFwVersionControls.modelCode), asc(auFwVersionControls.id)).limit(pageSize).offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(auFwVersionControls).where(condition),
  ]);
  return { list: rows.map(toControl), total: counted?.n ?? 0, pageNo, pageSize };
}

export interface FwControlInput {
  id?: number | undefined;
  auAreaCode: string;
  modelCode: string;
  minFirmwareVersion: string;
  targetFirmwareVersion: string;
  enable?: number | undefined;
  remark?: string | null | undefined;
}

/** Adds a rule, or modifies the one of `id`: a known server and model, one rule per pair, target not below min. */
export async function saveFwControl(db: Db, input: FwControlInput) {
  if (!auServer(input.auAreaCode)) throw fieldError('auAreaCode', 'exists');
  if (!firmwareAtLeast(input.targetFirmwareVersion, input.minFirmwareVersion)) {
    throw fieldError('targetFirmwareVersion', 'firmwareBelowMin', { limit: input.minFirmwareVersion });
  }
  return db.transaction(async (tx) => {
    const [model] = await tx.select({ modelCode: modelCodes.modelCode }).from(modelCodes).where(sql`lower(${modelCodes.modelCode}) = lower(${input.modelCode.trim()})`);
    if (!model) throw fieldError('modelCode', 'exists');
    const values = {
      auAreaCode: input.auAreaCode, modelCode: model.modelCode, minFirmwareVersion: input.minFirmwareVersion.trim(),
      targetFirmwareVersion: input.targetFirmwareVersion.trim(), enable: input.enable === 0 ? 0 : 1, remark: input.remark?.trim() || null, updatedAt: new Date(),
    };
    const [clash] = await tx.select({ id: auFwVersionControls.id }).from(auFwVersionControls)
      .where(and(eq(auFwVersionControls.auAreaCode, input.auAreaCode), sql`lower(${auFwVersionControls.modelCode}) = lower(${model.modelCode})`,
        input.id ? ne(auFwVersionControls.id, input.id) : undefined));
    if (clash) throw fieldError('modelCode', 'unique', { value: model.modelCode });
    try {
      const [row] = input.id
        ? await tx.update(auFwVersionControls).set(values).where(eq(auFwVersionControls.id, input.id)).returning()
        : await tx.insert(auFwVersionControls).values(values).returning();
      if (!row) throw fieldError('id', 'exists');
      return toControl(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError('modelCode', 'unique', { value: model.modelCode });
      throw error;
    }
  });
}

export async function deleteFwControl(db: Db, id: number) {
  const removed = await db.delete(auFwVersionControls).where(eq(auFwVersionControls.id, id)).returning({ id: auFwVersionControls.id });
  if (!removed.length) throw fieldError('id', 'exists');
}
