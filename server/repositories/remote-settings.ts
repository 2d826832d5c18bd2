// Remote settings as the portal knows them: a device's last confirmed or reported settings, and
// the change log (server/db/schema/remote-settings.ts). A device is reached through its plant
// (assertDeviceVisible): one bound to no plant the caller sees answers 10005.
import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { deviceRemoteSettings, remoteSettingLogs } from '../db/schema/index.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { pageWindow, type Page, type PageRequest } from './paging.ts';
import type { assertDeviceVisible } from './statistics-device-data.ts';

/** A device bound to a plant the caller sees (assertDeviceVisible), as the commands need it. */
export type RemoteDevice = Awaited<ReturnType<typeof assertDeviceVisible>>;

export type StoredSettings = typeof deviceRemoteSettings.$inferSelect;

export async function storedSettings(db: Db, sn: string): Promise<StoredSettings | undefined> {
  const [row] = await db.select().from(deviceRemoteSettings).where(eq(deviceRemoteSettings.deviceSn, sn));
  return row;
}

export interface SettingChange {
  setting: string;
  oldValue: string | null;
  newValue: string | null;
}

/** What one answer of the device changes: the stored settings' columns, and the log's entries. */
export interface Outcome {
  patch: Partial<Pick<StoredSettings, 'safety' | 'settingStatus' | 'autoTimeSync' | 'reportEnable'>>;
  changes: SettingChange[];
  /** 2 confirmed, 3 refused (with the device's reason). */
  result: 2 | 3;
  reason?: string;
}

/** Stores the device's answer and logs its changes, together. */
export async function recordOutcome(db: Db, user: AuthContext, sn: string, outcome: Outcome): Promise<StoredSettings> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(deviceRemoteSettings).values({ deviceSn: sn, ...outcome.patch, updatedAt: new Date() })
      .onConflictDoUpdate({ target: deviceRemoteSettings.deviceSn, set: { ...outcome.patch, updatedAt: new Date() } }).returning();
    if (outcome.changes.length) {
      await tx.insert(remoteSettingLogs).values(outcome.changes.map((change) => ({
        deviceSn: sn, ...change, result: outcome.result, reason: outcome.reason ?? null, operatorId: user.userId, operatorName: user.loginName,
      })));
    }
    return row!;
  });
}

export async function settingLogPage(db: Db, sn: string, request: PageRequest): Promise<Page<{
  id: number; deviceSn: string; setting: string; oldValue: string | null; newValue: string | null; result: 2 | 3;
  reason: string | null; operatorName: string; createTime: string;
}>> {
  const { pageNo, pageSize, offset } = pageWindow(request);
  const ofDevice = sql`lower(${remoteSettingLogs.deviceSn}) = lower(${sn})`;
  const [rows, [total]] = await Promise.all([
    db.select().from(remoteSettingLogs).where(ofDevice)
      .orderBy(desc(sql`lower(${remoteSettingLogs.deviceSn})`), desc(remoteSettingLogs.createdAt), desc(remoteSettingLogs.id)).limit(pageSize).offset(offset),
    db.select({ n: count() }).from(remoteSettingLogs).where(ofDevice),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id, deviceSn: r.deviceSn, setting: r.setting, oldValue: r.oldValue, newValue: r.newValue, result: r.result as 2 | 3,
      reason: r.reason, operatorName: r.operatorName, createTime: r.createdAt.toISOString(),
    })),
    total: total?.n ?? 0, pageNo, pageSize,
  };
}
