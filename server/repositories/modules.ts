// Device modules (001 section 7 "Modules"): inventory devices of snType 4 and 5 bound to the
// caller's plants, with their parent device and model. Visible as the plants are (managed, or
// shared: every share grants viewPlant), narrowed by searchOfficeIdArr.
import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { devices, modelCodes, plants } from '../db/schema/index.ts';
import { listKey, pageWindow, readPage, type Page, type PageRequest } from './paging.ts';
import { escapeLike, plantScope, resolveScope, type ScopeCaller } from './scope.ts';

/** The module types: one slot each on a device (001 section 4, snType 4 and 5). */
export const MODULE_TYPES = [4, 5] as const;
type ModuleType = (typeof MODULE_TYPES)[number];

export interface ModuleFilter {
  searchOfficeIdArr?: string;
  plantUid?: string;
  moduleSn?: string;
  productType?: ModuleType;
  modelCode?: string;
}

const parent = alias(devices, 'parent_device');

async function conditions(db: Db, caller: ScopeCaller, filter: ModuleFilter): Promise<SQL> {
  const scope = await resolveScope(db, caller, filter.searchOfficeIdArr);
  const sn = filter.moduleSn?.trim();
  const pattern = sn ? `%${escapeLike(sn)}%` : undefined;
  return and(
    inArray(devices.snType, filter.productType ? [filter.productType] : [...MODULE_TYPES]),
    plantScope(scope),
    filter.plantUid ? eq(devices.plantUid, filter.plantUid) : undefined,
    pattern ? or(ilike(devices.sn, pattern), ilike(devices.parentSn, pattern)) : undefined,
    filter.modelCode ? sql`lower(${devices.modelCode}) = lower(${filter.modelCode})` : undefined,
  )!;
}

/** The product types with their model codes from the model-code list; names are the caller's to translate. */
export async function moduleProductTypes(db: Db) {
  const codes = await db.select({ modelCode: modelCodes.modelCode, modelName: modelCodes.modelName, deviceType: modelCodes.deviceType })
    .from(modelCodes).where(inArray(modelCodes.deviceType, [...MODULE_TYPES])).orderBy(asc(modelCodes.modelCode));
  return MODULE_TYPES.map((productType) => ({
    productType,
    modelCodes: codes.filter((c) => c.deviceType === productType).map(({ modelCode, modelName }) => ({ modelCode, modelName })),
  }));
}

/** One page of modules, by plant name and then module serial. */
export async function pageModules(db: Db, caller: ScopeCaller, filter: ModuleFilter & PageRequest & { status?: 1 | 2 | 3 }) {
  const { pageNo, pageSize, offset } = pageWindow(filter);
  const where = and(await conditions(db, caller, filter), filter.status ? eq(devices.status, filter.status) : undefined);
  const { pageNo: _p, pageSize: _s, ...criteria } = filter;
  const { rows, total } = await readPage(db, listKey('modules', caller, criteria),
    () => db.select({ id: devices.id }).from(devices)
      .innerJoin(plants, eq(plants.plantUid, devices.plantUid)).where(where).$dynamic(),
    (extra) => db.select({
      moduleSn: devices.sn, productType: devices.snType, modelCode: devices.modelCode, modelName: modelCodes.modelName,
      parentSn: devices.parentSn, parentDeviceType: parent.snType, alias: devices.alias, plantUid: devices.plantUid,
      plantName: plants.plantName, firmwareVersion: devices.firmwareVersion, status: devices.status,
      lastReportTime: devices.lastReportTime, createdAt: devices.createdAt, ...extra,
    }).from(devices)
      .innerJoin(plants, eq(plants.plantUid, devices.plantUid))
      .leftJoin(parent, eq(parent.sn, devices.parentSn))
      .leftJoin(modelCodes, sql`lower(${modelCodes.modelCode}) = lower(${devices.modelCode})`)
      .where(where).orderBy(asc(plants.plantName), asc(devices.sn)).limit(pageSize).offset(offset));
  const list = rows.map(({ createdAt, lastReportTime, productType, status, parentDeviceType, ...row }) => ({
    ...row, productType: productType as ModuleType, status: status as 1 | 2 | 3,
    parentDeviceType: parentDeviceType as 1 | 2 | 3 | 4 | 5 | 6 | 7 | null,
    lastReportTime: lastReportTime?.toISOString() ?? null, createTime: createdAt.toISOString(),
  }));
  return { list, total, pageNo, pageSize } satisfies Page<(typeof list)[number]>;
}

/** How many modules match the list's filters, in all and in each status (the list's tabs). */
export async function countModules(db: Db, caller: ScopeCaller, filter: ModuleFilter) {
  const rows = await db.select({ status: devices.status, n: count() }).from(devices)
    .innerJoin(plants, eq(plants.plantUid, devices.plantUid))
    .where(await conditions(db, caller, filter)).groupBy(devices.status);
  const of = (status: number) => rows.find((r) => r.status === status)?.n ?? 0;
  return { totalNum: rows.reduce((sum, r) => sum + r.n, 0), onlineNum: of(1), faultNum: of(2), offlineNum: of(3) };
}
