// The device inventory: import (one serial, or a CSV file row by row), the paged list, transfers
// between organisations, and the lookups of the scan step. Inventory rows belong to the office the
// device was delivered to (the importing office until a transfer moves it); the scan step reads
// the serials of the caller's whole organisation tree (an installer scans what was delivered to
// their company), the list and an import's parent only the caller's offices.
import { and, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { devices, modelCodeSerials, modelCodes, plants } from '../db/schema/index.ts';
import { AppError, ErrCode, fieldError } from '../errors.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { isUniqueViolation, listKey, pageWindow, readPage, type Page, type PageRequest } from './paging.ts';
import { sortTerms, type SortKey, type SortRequest } from './list-sort.ts';
import { callerScope, escapeLike, inCallerTree, objectScope, plantManagedScope, plantScope, resolveScope } from './scope.ts';

export interface DeviceImport {
  sn: string;
  snType: number;
  modelCode?: string | undefined;
  ratedPower?: number | undefined;
  parentSn?: string | undefined;
  aliases?: string | undefined;
}

/** The model of a serial by its longest registered prefix. */
async function modelBySerial(tx: Db | Tx, sn: string) {
  const [row] = await tx.select({ modelCode: modelCodes.modelCode, deviceType: modelCodes.deviceType, ratedPower: modelCodes.ratedPower })
    .from(modelCodeSerials).innerJoin(modelCodes, eq(modelCodes.id, modelCodeSerials.modelCodeId))
    .where(sql`upper(${sn}) like upper(${modelCodeSerials.serialPrefix}) || '%'`)
    .orderBy(desc(sql`length(${modelCodeSerials.serialPrefix})`)).limit(1);
  return row;
}

/**
 * A parent serial outside the caller's reach, or nobody's: 10005 (PROTOCOL.md "Organisations and
 * scoping"), with the same message either way so that the answer tells nothing about other trees.
 */
export const parentUnknown = () => new AppError(ErrCode.forbidden, 'rule.exists', { field: 'parentSn' });

/**
 * Registers one serial, checking it like deviceImportSingle says; throws 10003 naming the field,
 * or 10005 (parentUnknown) for a parent the caller may not attach to.
 */
export async function importDevice(tx: Db | Tx, auth: AuthContext, input: DeviceImport) {
  const sn = input.sn.trim();
  const [existing] = await tx.select({ id: devices.id }).from(devices).where(sql`lower(${devices.sn}) = lower(${sn})`);
  if (existing) throw fieldError('sn', 'unique', { value: sn });
  let model = input.modelCode
    ? (await tx.select({ modelCode: modelCodes.modelCode, deviceType: modelCodes.deviceType, ratedPower: modelCodes.ratedPower })
      .from(modelCodes).where(sql`lower(${modelCodes.modelCode}) = lower(${input.modelCode})`))[0]
    : await modelBySerial(tx, sn);
  if (input.modelCode && !model) throw fieldError('modelCode', 'exists');
  if (model && model.deviceType !== input.snType) {
    if (input.modelCode) throw fieldError('modelCode', 'invalid');
    model = undefined; // a prefix of another device type says nothing about this one
  }
  let parentPlant: string | null = null;
  if (input.parentSn) {
    if (input.parentSn.toLowerCase() === sn.toLowerCase()) throw fieldError('parentSn', 'self');
    // The child joins its parent's plant, so the parent must be in the caller's inventory and,
    // when bound, on a plant the caller manages; anything else answers like a serial nobody has.
    const [parent] = await tx.select({ sn: devices.sn, parentSn: devices.parentSn, plantUid: devices.plantUid })
      .from(devices).leftJoin(plants, eq(plants.plantUid, devices.plantUid))
      .where(and(
        sql`lower(${devices.sn}) = lower(${input.parentSn})`,
        objectScope(callerScope(auth), { officeId: devices.officeId }),
        or(isNull(devices.plantUid), plantManagedScope(auth)),
      ));
    if (!parent) throw parentUnknown();
    if (parent.parentSn) throw fieldError('parentSn', 'exists');
    parentPlant = parent.plantUid;
    input = { ...input, parentSn: parent.sn };
  }
  try {
    const [row] = await tx.insert(devices).values({
      sn, snType: input.snType, modelCode: model?.modelCode ?? null, ratedPower: input.ratedPower ?? model?.ratedPower ?? null,
      parentSn: input.parentSn ?? null, plantUid: parentPlant, alias: input.aliases?.trim() || null,
      officeId: auth.officeId, createdBy: auth.userId,
    }).returning();
    return toImported(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('sn', 'unique', { value: sn });
    throw error;
  }
}

export function toImported(row: typeof devices.$inferSelect) {
  return {
    sn: row.sn,
    snType: row.snType as 1 | 2 | 3 | 4 | 5 | 6 | 7,
    ...(row.modelCode ? { modelCode: row.modelCode } : {}),
    ...(row.ratedPower !== null ? { ratedPower: row.ratedPower } : {}),
    ...(row.parentSn ? { parentSn: row.parentSn } : {}),
    ...(row.alias ? { aliases: row.alias } : {}),
    createTime: row.createdAt.toISOString(),
  };
}

/** The inventory list's sortable fields: devices_sn_uq, the *_sort_idx indexes and devices_created_idx, each with the id. */
const inventorySortKeys: Record<string, SortKey> = {
  sn: { by: devices.sn, natural: 'asc' },
  snType: { by: devices.snType, natural: 'asc' },
  modelCode: { by: devices.modelCode, natural: 'asc' },
  ratedPower: { by: devices.ratedPower, natural: 'desc' },
  createTime: { by: devices.createdAt, natural: 'desc' },
};

export interface InventoryFilter extends PageRequest, SortRequest {
  sn?: string | undefined;
  snType?: number | undefined;
  modelCode?: string | undefined;
  bound?: number | undefined;
  plantUid?: string | undefined;
}

export async function pageInventory(db: Db, auth: AuthContext, filter: InventoryFilter): Promise<Page<ReturnType<typeof toImported> & { plantUid?: string; plantName?: string }>> {
  const { pageNo, pageSize, offset } = pageWindow(filter);
  const scope = await resolveScope(db, auth);
  const condition: SQL = and(
    objectScope(scope, { officeId: devices.officeId }),
    filter.sn?.trim() ? ilike(devices.sn, `${escapeLike(filter.sn.trim())}%`) : undefined,
    filter.snType ? eq(devices.snType, filter.snType) : undefined,
    filter.modelCode?.trim() ? sql`lower(${devices.modelCode}) = lower(${filter.modelCode.trim()})` : undefined,
    filter.bound === 1 ? isNotNull(devices.plantUid) : filter.bound === 0 ? isNull(devices.plantUid) : undefined,
    filter.plantUid ? eq(devices.plantUid, filter.plantUid) : undefined,
  )!;
  const order = sortTerms(inventorySortKeys, devices.id, filter) ?? [desc(devices.createdAt), desc(devices.id)];
  const page = db.select({ id: devices.id }).from(devices).where(condition).orderBy(...order).limit(pageSize).offset(offset).as('page');
  const { pageNo: _p, pageSize: _s, ...criteria } = filter;
  const { rows, total } = await readPage(db, listKey('devices', auth, criteria),
    () => db.select({ id: devices.id }).from(devices).where(condition).$dynamic(),
    // The plant's name only when the caller sees the plant.
    (extra) => db.select({ device: devices, plantName: plants.plantName, ...extra }).from(devices).innerJoin(page, eq(devices.id, page.id))
      .leftJoin(plants, and(eq(plants.plantUid, devices.plantUid), plantScope(scope))).orderBy(...order));
  return {
    list: rows.map(({ device, plantName }) => ({ ...toImported(device), ...(plantName ? { plantUid: device.plantUid!, plantName } : {}) })),
    total, pageNo, pageSize,
  };
}

/**
 * Inventory rows of these serials (case-insensitive), keyed by lower-case serial; with `tree`, only
 * those delivered to that caller's organisation tree (another tree's serial is as unknown as a
 * serial nobody has).
 */
export async function devicesBySn(db: Db | Tx, serials: string[], tree?: Pick<AuthContext, 'officePath'>) {
  if (!serials.length) return new Map<string, typeof devices.$inferSelect>();
  const rows = await db.select().from(devices)
    .where(and(inArray(sql`lower(${devices.sn})`, serials.map((s) => s.toLowerCase())), tree ? inCallerTree(tree, devices.officeId) : undefined));
  return new Map(rows.map((r) => [r.sn.toLowerCase(), r]));
}

/** A device's child modules. */
export const childrenOf = (db: Db | Tx, sn: string) => db.select().from(devices).where(eq(devices.parentSn, sn)).orderBy(devices.sn);

/** A file-level problem of a CSV import: 10003 naming file, nothing stored. */
export const fileError = (rule: string, params: Record<string, string | number> = {}) => new AppError(10003, `rule.${rule}`, { field: 'file', ...params }, [{ field: 'file', rule }]);
