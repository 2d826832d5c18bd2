// One device of the inventory: read, corrected (model code, rated power, alias) and deleted when
// it was registered by mistake. Only the caller's organisations' inventory is reachable; any
// other serial answers 10005 like a serial nobody has. A device that is or ever was bound to a
// plant stays: the plant's history (device_bindings, telemetry) names it.
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { deviceBindings, devices, modelCodes, plants } from '../db/schema/index.ts';
import { fieldError, notFoundOrForbidden } from '../errors.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { toImported } from './devices.ts';
import { callerScope, objectScope, plantScope } from './scope.ts';

const sameSn = (sn: string) => sql`lower(${devices.sn}) = lower(${sn.trim()})`;
const inInventory = (auth: AuthContext) => objectScope(callerScope(auth), { officeId: devices.officeId });

/** The device as the inventory list shows it (the plant only when the caller sees it); 10005 outside the inventory. */
export async function inventoryRow(db: Db | Tx, auth: AuthContext, sn: string) {
  const [row] = await db.select({ device: devices, plantName: plants.plantName }).from(devices)
    .leftJoin(plants, and(eq(plants.plantUid, devices.plantUid), plantScope(auth)))
    .where(and(sameSn(sn), inInventory(auth)));
  if (!row) throw notFoundOrForbidden();
  return { ...toImported(row.device), ...(row.plantName ? { plantUid: row.device.plantUid!, plantName: row.plantName } : {}) };
}

async function lockedDevice(tx: Tx, auth: AuthContext, sn: string) {
  const [device] = await tx.select().from(devices).where(and(sameSn(sn), inInventory(auth))).for('update');
  if (!device) throw notFoundOrForbidden();
  return device;
}

export interface DeviceCorrection {
  sn: string;
  modelCode?: string | undefined;
  ratedPower?: number | undefined;
  aliases?: string | undefined;
}

/** Corrects a device's model code, rated power or alias; an empty model code or alias clears it. */
export function editInventoryDevice(db: Db, auth: AuthContext, input: DeviceCorrection) {
  return db.transaction(async (tx) => {
    const device = await lockedDevice(tx, auth, input.sn);
    let modelCode: string | null | undefined;
    if (input.modelCode !== undefined) {
      const code = input.modelCode.trim();
      if (code) {
        const [model] = await tx.select({ modelCode: modelCodes.modelCode, deviceType: modelCodes.deviceType })
          .from(modelCodes).where(sql`lower(${modelCodes.modelCode}) = lower(${code})`);
        if (!model) throw fieldError('modelCode', 'exists');
        if (model.deviceType !== device.snType) throw fieldError('modelCode', 'invalid');
        modelCode = model.modelCode;
      } else {
        modelCode = null;
      }
    }
    await tx.update(devices).set({
      ...(modelCode !== undefined ? { modelCode } : {}),
      ...(input.ratedPower !== undefined ? { ratedPower: input.ratedPower } : {}),
      ...(input.aliases !== undefined ? { alias: input.aliases.trim() || null } : {}),
      updatedAt: sql`now()`,
    }).where(eq(devices.id, device.id));
    return inventoryRow(tx, auth, device.sn);
  });
}

/** Deletes a device that was never bound and has no bound child module; free children stay as devices of their own. */
export function deleteInventoryDevice(db: Db, auth: AuthContext, sn: string): Promise<void> {
  return db.transaction(async (tx) => {
    const device = await lockedDevice(tx, auth, sn);
    const [history] = await tx.select({ n: count() }).from(deviceBindings).where(eq(deviceBindings.deviceSn, device.sn));
    if (device.plantUid || (history?.n ?? 0) > 0) throw fieldError('sn', 'deviceEverBound', { sn: device.sn });
    const [boundChild] = await tx.select({ sn: devices.sn }).from(devices)
      .where(and(eq(devices.parentSn, device.sn), isNotNull(devices.plantUid))).limit(1);
    if (boundChild) throw fieldError('sn', 'deviceChildBound', { sn: device.sn, child: boundChild.sn });
    await tx.delete(devices).where(eq(devices.id, device.id));
  });
}
