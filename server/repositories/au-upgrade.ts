// The AU utility-server connection of a plant (checkAntiPlantUpgradeInfo, startAutoUpgrade,
// retryAutoUpgrade) and the upgrade tasks the worker (services/upgrade-worker.ts) carries out.
// A plant's managers use them, and its visitors whose share grants editPlant (handlers/plant-access.ts
// holds visitors to that before these run).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auFwVersionControls, devices, plantUpgradeTasks, plants } from '../db/schema/index.ts';
import {
  AU_FIRMWARE_RELEASE, CONNECTING_SN_TYPES, UPGRADE_STEP, auServer, classifyUpgrades, firmwareRequirement, serverUnusable,
  type AuServer, type DeviceUpgradeState, type UpgradeOutcome, type UpgradeTaskState,
} from '../domain/plants/au-servers.ts';
import { fieldError } from '../errors.ts';
import { assertPlantVisible, type ScopeCaller } from './scope.ts';
import { splitList } from '../../src/lib/list-split.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

function knownServer(auAreaCode: string): AuServer {
  const server = auServer(auAreaCode);
  if (!server) throw fieldError('auAreaCode', 'auServerUnknown');
  return server;
}

/** The plant's inverters and energy managers with their upgrade task, if any, and what the server's control rules ask of each. */
async function connectingDevices(db: Db | Tx, server: AuServer, plantUid: string): Promise<(DeviceUpgradeState & { targetFirmware: string })[]> {
  const controls = await db.select().from(auFwVersionControls).where(eq(auFwVersionControls.auAreaCode, server.auAreaCode));
  const rows = await db.select({
    sn: devices.sn, firmwareVersion: devices.firmwareVersion, modelCode: devices.modelCode,
    taskId: plantUpgradeTasks.id, taskStatus: plantUpgradeTasks.status, attempts: plantUpgradeTasks.attempts,
  }).from(devices)
    .leftJoin(plantUpgradeTasks, and(eq(plantUpgradeTasks.plantUid, devices.plantUid), eq(plantUpgradeTasks.deviceSn, devices.sn)))
    .where(and(eq(devices.plantUid, plantUid), inArray(devices.snType, [...CONNECTING_SN_TYPES])))
    .orderBy(devices.sn);
  return rows.map((r) => {
    const need = firmwareRequirement(server, r.modelCode, controls);
    return {
      sn: r.sn, firmwareVersion: r.firmwareVersion, minFirmware: need.min, targetFirmware: need.target,
        ...(r.taskId !== null ? { task: { id: r.taskId, status: r.taskStatus as UpgradeTaskState, attempts: r.attempts! } } : {}),
    };
  });
}

export type CheckResult =
  | { errorType: 0 }
  | { errorType: 1; errorKey: string }
  | ({ errorType: 2 } & Omit<UpgradeOutcome, 'ready'>);

/**
 * Checks the chosen server for the whole plant (the earlier answer's serials and task ids need no
 * separate handling: every device is looked at again). When nothing stands in the way the server
 * is saved on the plant and locked.
 */
export async function checkUpgradeInfo(db: Db, caller: ScopeCaller, plantUid: string, auAreaCode: string): Promise<CheckResult> {
  const server = knownServer(auAreaCode);
  await assertPlantVisible(db, caller, plantUid);
  return db.transaction(async (tx) => {
    // Locked so that two checks (or a check and a start) see one another's outcome.
    const [plant] = await tx.select().from(plants).where(eq(plants.plantUid, plantUid)).for('update');
    const states = await connectingDevices(tx, server, plantUid);
    const unusable = serverUnusable(server, plant!, states.length);
    if (unusable) return { errorType: 1, errorKey: unusable };
    const { ready, ...outcome } = classifyUpgrades(server, states);
    if (!ready) return { errorType: 2, ...outcome };
    await tx.update(plants).set({ auAreaCode: server.auAreaCode, auAreaCodeName: server.name, auAreaLocked: 1, updatedAt: new Date() })
      .where(eq(plants.plantUid, plantUid));
    return { errorType: 0 };
  });
}

/** Starts one upgrade task for each named serial, each of which must be a device of the plant still to upgrade. */
export async function startUpgrades(db: Db, caller: ScopeCaller, input: { plantUid: string; auAreaCode: string; needUpgradeSn: string }) {
  const server = knownServer(input.auAreaCode);
  await assertPlantVisible(db, caller, input.plantUid);
  const serials = splitList(input.needUpgradeSn);
  return db.transaction(async (tx) => {
    const [plant] = await tx.select().from(plants).where(eq(plants.plantUid, input.plantUid)).for('update');
    const states = await connectingDevices(tx, server, input.plantUid);
    if (serverUnusable(server, plant!, states.length)) throw fieldError('auAreaCode', 'auServerUnusable');
    const { needUpgradeSn } = classifyUpgrades(server, states);
    const refused = serials.filter((sn) => !needUpgradeSn.includes(sn));
    if (!serials.length || refused.length) throw fieldError('needUpgradeSn', 'upgradeNotNeeded', { sn: refused.join(', ') });
    const now = new Date();
    const target = (sn: string) => states.find((d) => d.sn === sn)?.targetFirmware ?? AU_FIRMWARE_RELEASE;
    const rows = await tx.insert(plantUpgradeTasks)
      .values(serials.map((deviceSn) => ({ plantUid: input.plantUid, deviceSn, status: 'waiting', progress: 0, attempts: 1, targetFirmware: target(deviceSn) })))
      // A device whose earlier upgrade succeeded but left it below this server starts afresh.
      .onConflictDoUpdate({
        target: [plantUpgradeTasks.plantUid, plantUpgradeTasks.deviceSn],
        set: { status: 'waiting', progress: 0, attempts: 1, errorMsg: null, targetFirmware: sql`excluded.target_firmware`, updatedAt: now },
      })
      .returning({ id: plantUpgradeTasks.id });
    return { taskIds: rows.map((r) => String(r.id)) };
  });
}

/** Runs failed tasks of the plant once more, each of which must still be retryable for the server. */
export async function retryUpgrades(db: Db, caller: ScopeCaller, input: { plantUid: string; auAreaCode: string; needRetryTaskId: string }) {
  const server = knownServer(input.auAreaCode);
  await assertPlantVisible(db, caller, input.plantUid);
  const ids = splitList(input.needRetryTaskId);
  return db.transaction(async (tx) => {
    const [plant] = await tx.select().from(plants).where(eq(plants.plantUid, input.plantUid)).for('update');
    const states = await connectingDevices(tx, server, input.plantUid);
    if (serverUnusable(server, plant!, states.length)) throw fieldError('auAreaCode', 'auServerUnusable');
    const { needRetryTaskId } = classifyUpgrades(server, states);
    const refused = ids.filter((id) => !needRetryTaskId.includes(id));
    if (!ids.length || refused.length) throw fieldError('needRetryTaskId', 'nothingToRetry');
    await tx.update(plantUpgradeTasks)
      .set({ status: 'waiting', progress: 0, attempts: sql`${plantUpgradeTasks.attempts} + 1`, errorMsg: null, updatedAt: new Date() })
      .where(inArray(plantUpgradeTasks.id, ids.map(Number)));
    return { taskIds: ids };
  });
}

/**
 * One step of every running upgrade: a waiting task starts when its device is online and still
 * bound to the plant (else it fails, retryably); an upgrading task gains UPGRADE_STEP percent and at
 * 100 installs the task's target firmware (the control rule's when it started) on the device. Answers how many tasks changed.
 */
export async function advanceUpgrades(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const active = await tx.select({ task: plantUpgradeTasks, deviceStatus: devices.status, devicePlant: devices.plantUid })
      .from(plantUpgradeTasks).leftJoin(devices, eq(devices.sn, plantUpgradeTasks.deviceSn))
      .where(inArray(plantUpgradeTasks.status, ['waiting', 'upgrading']))
      .for('update', { of: plantUpgradeTasks, skipLocked: true });
    const now = new Date();
    for (const { task, deviceStatus, devicePlant } of active) {
      if (task.status === 'waiting') {
        const failure = devicePlant !== task.plantUid ? 'auUpgrade.deviceGone' : deviceStatus === 3 ? 'auUpgrade.deviceOffline' : undefined;
        await tx.update(plantUpgradeTasks).set(failure ? { status: 'failed', errorMsg: failure, updatedAt: now } : { status: 'upgrading', progress: 0, updatedAt: now })
          .where(eq(plantUpgradeTasks.id, task.id));
        continue;
      }
      const progress = Math.min(100, task.progress + UPGRADE_STEP);
      await tx.update(plantUpgradeTasks).set({ progress, status: progress === 100 ? 'success' : 'upgrading', updatedAt: now })
        .where(eq(plantUpgradeTasks.id, task.id));
      if (progress === 100) {
        await tx.update(devices).set({ firmwareVersion: task.targetFirmware ?? AU_FIRMWARE_RELEASE, updatedAt: now }).where(eq(devices.sn, task.deviceSn));
      }
    }
    return active.length;
  });
}
