// "Transfer device" (001 section 2, service area): devices are delivered to an organisation (the
// inventory row's office) and only that organisation's tree can scan and bind them; a transfer
// hands free devices to another office, all or nothing, and records who moved what and when.
import { and, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { deviceTransfers, devices, offices } from '../db/schema/index.ts';
import { splitSerials } from '../domain/plants/scan-rules.ts';
import { fieldError, notFoundOrForbidden } from '../errors.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { listKey, pageWindow, readPage, type PageRequest } from './paging.ts';
import { callerScope, escapeLike, objectScope, pathInScope, resolveScope } from './scope.ts';
import { deliversEverywhere, deliveryTargets } from './transfer-offices.ts';

/** The most serials one transfer takes. */
export const MAX_TRANSFER_SNS = 100;

export interface TransferInput {
  sns: string;
  officeId: string;
  remark?: string | undefined;
}

/**
 * Delivers the named devices (and their free child modules) to `officeId`. Every serial must be a
 * device of the caller's organisations (else 10005, as for a serial nobody has) and free (else
 * 10003 snBound); the office must be one the caller delivers to (deliveryTargets: else 10005, or
 * 10003 naming officeId for an administrator's unknown office).
 */
export async function transferDevices(db: Db, auth: AuthContext, input: TransferInput): Promise<{ transferred: number }> {
  const serials = splitSerials(input.sns);
  if (!serials.length) throw fieldError('sns', 'required');
  if (serials.length > MAX_TRANSFER_SNS) throw fieldError('sns', 'maxItems', { limit: MAX_TRANSFER_SNS });
  return db.transaction(async (tx) => {
    const named = await tx.select().from(devices)
      .where(and(inArray(sql`lower(${devices.sn})`, serials.map((s) => s.toLowerCase())), objectScope(callerScope(auth), { officeId: devices.officeId })))
      .for('update');
    if (named.length !== serials.length) throw notFoundOrForbidden();
    const bound = named.find((d) => d.plantUid);
    if (bound) throw fieldError('sns', 'snBound', { sn: bound.sn });
    // The offices the dialog offers: another tree's office is, to anyone but an administrator,
    // out of reach whether it exists or not (PROTOCOL.md "Organisations and scoping").
    const [target] = await tx.select({ id: offices.id }).from(offices).where(and(eq(offices.id, input.officeId), deliveryTargets(auth)));
    if (!target) throw deliversEverywhere(auth) ? fieldError('officeId', 'exists') : notFoundOrForbidden();
    const children = await tx.select().from(devices)
      .where(and(inArray(devices.parentSn, named.map((d) => d.sn)), isNull(devices.plantUid))).for('update');
    const moving = [...named, ...children.filter((c) => !named.some((d) => d.id === c.id))].filter((d) => d.officeId !== target.id);
    if (!moving.length) return { transferred: 0 };
    const now = new Date();
    await tx.update(devices).set({ officeId: target.id, updatedAt: now }).where(inArray(devices.id, moving.map((d) => d.id)));
    await tx.insert(deviceTransfers).values(moving.map((d) => ({
      deviceSn: d.sn, fromOfficeId: d.officeId, toOfficeId: target.id, transferredBy: auth.userId, transferredByName: auth.loginName,
      remark: input.remark?.trim() || null, createdAt: now,
    })));
    return { transferred: moving.length };
  });
}

const fromOffice = alias(offices, 'from_office');
const toOffice = alias(offices, 'to_office');

/** Transfers from or to the caller's organisations, newest first; other offices by id only. */
export async function pageTransfers(db: Db, auth: AuthContext, filter: PageRequest & { sn?: string | undefined }) {
  const { pageNo, pageSize, offset } = pageWindow(filter);
  const scope = await resolveScope(db, auth);
  const condition = and(
    or(pathInScope(scope, fromOffice.path), pathInScope(scope, toOffice.path)),
    filter.sn?.trim() ? ilike(deviceTransfers.deviceSn, `${escapeLike(filter.sn.trim())}%`) : undefined,
  );
  const base = () => db.select({ id: deviceTransfers.id }).from(deviceTransfers)
    .innerJoin(fromOffice, eq(fromOffice.id, deviceTransfers.fromOfficeId)).innerJoin(toOffice, eq(toOffice.id, deviceTransfers.toOfficeId))
    .where(condition).$dynamic();
  const { rows, total } = await readPage(db, listKey('deviceTransfers', auth, { sn: filter.sn }), base,
    (extra) => db.select({
      transfer: deviceTransfers, fromPath: fromOffice.path, fromName: fromOffice.name, toPath: toOffice.path, toName: toOffice.name, ...extra,
    }).from(deviceTransfers)
      .innerJoin(fromOffice, eq(fromOffice.id, deviceTransfers.fromOfficeId)).innerJoin(toOffice, eq(toOffice.id, deviceTransfers.toOfficeId))
      .where(condition).orderBy(desc(deviceTransfers.createdAt), desc(deviceTransfers.id)).limit(pageSize).offset(offset));
  const sees = (path: string) => scope.officePaths.some((root) => path.startsWith(root));
  return {
    list: rows.map(({ transfer, fromPath, fromName, toPath, toName }) => ({
      id: transfer.id, sn: transfer.deviceSn,
      fromOfficeId: transfer.fromOfficeId, ...(sees(fromPath) ? { fromOfficeName: fromName } : {}),
      toOfficeId: transfer.toOfficeId, ...(sees(toPath) ? { toOfficeName: toName } : {}),
      transferredBy: transfer.transferredByName,
      ...(transfer.remark ? { remark: transfer.remark } : {}),
      createTime: transfer.createdAt.toISOString(),
    })),
    total, pageNo, pageSize,
  };
}
