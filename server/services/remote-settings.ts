// Remote settings as round trips to the device (openapi/paths/remote-settings.yaml): each call
// sends its command over MQTT and waits for the answer. Only an answer changes anything: a
// confirmation stores the device's settings and logs what changed, a refusal logs the refused
// change with the device's reason and answers 10003; no answer in time answers 10003 and stores
// nothing.
import { fieldError } from '../errors.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { changedSettings, gridCode, logValue, SAFETY_FIELDS, type SafetySettings } from '../domain/remote/grid-codes.ts';
import { recordOutcome, storedSettings, type RemoteDevice, type SettingChange, type StoredSettings } from '../repositories/remote-settings.ts';
import { NoAnswer, type CommandName, type CommandReply, type DeviceCommands } from '../telemetry/device-commands.ts';
import type { Db } from '../db/client.ts';

export interface RemoteContext {
  db: Db;
  user: AuthContext;
  commands: DeviceCommands;
  timeoutMs: number;
}

/** The device's answer; 10003 naming deviceSn when none came in time or MQTT is off. */
async function ask(ctx: RemoteContext, device: RemoteDevice, command: CommandName, params: Record<string, unknown>): Promise<CommandReply> {
  try {
    return await ctx.commands.send(device.sn, command, params);
  } catch (error) {
    if (!(error instanceof NoAnswer)) throw error;
    if (error.unavailable) throw fieldError('deviceSn', 'commandsOff');
    throw fieldError('deviceSn', 'deviceNoAnswer', { sn: device.sn, seconds: Math.round(ctx.timeoutMs / 100) / 10 });
  }
}

const NUMERIC = SAFETY_FIELDS.filter((f) => f !== 'safetyCode');

/** Grid settings as the device reported them; 10003 when the answer does not hold them. */
function settingsOf(data: Record<string, unknown>): SafetySettings {
  const settings: Record<string, string | number> = {};
  if (typeof data.safetyCode !== 'string' || !data.safetyCode) throw fieldError('deviceSn', 'deviceBadAnswer');
  settings.safetyCode = data.safetyCode;
  for (const field of NUMERIC) {
    const value = data[field];
    if (typeof value === 'number' && Number.isFinite(value)) settings[field] = value;
    else if (value !== undefined && value !== null) throw fieldError('deviceSn', 'deviceBadAnswer');
  }
  return settings as unknown as SafetySettings;
}

/** A SafetyData answer: the settings with the grid code's name and the device's identity and status. */
function safetyData(device: RemoteDevice, settings: SafetySettings, stored: StoredSettings) {
  const code = gridCode(settings.safetyCode);
  return {
    deviceSn: device.sn, ...settings, safetyName: code?.safetyName ?? settings.safetyCode, countryCode: code?.countryCode ?? null,
    settingStatus: stored.settingStatus as 0 | 2 | 3, updateTime: stored.updatedAt.toISOString(),
  };
}

/** Logs a refusal and answers it as 10003 with the device's reason. */
async function refused(ctx: RemoteContext, device: RemoteDevice, changes: SettingChange[], reason: string, patch: { settingStatus?: number } = {}): Promise<never> {
  await recordOutcome(ctx.db, ctx.user, device.sn, { patch, changes, result: 3, reason });
  throw fieldError('deviceSn', 'deviceRefused', { reason });
}

export async function readSafetyData(ctx: RemoteContext, device: RemoteDevice) {
  if (device.snType !== 1) throw fieldError('deviceSn', 'notInverter');
  const reply = await ask(ctx, device, 'getSafetyData', {});
  if (!reply.ok) throw fieldError('deviceSn', 'deviceRefused', { reason: reply.reason });
  const settings = settingsOf(reply.data);
  // What the device reports is the truth from now on; the last change's status stays as it was.
  const stored = await recordOutcome(ctx.db, ctx.user, device.sn, { patch: { safety: { ...settings } }, changes: [], result: 2 });
  return safetyData(device, settings, stored);
}

export async function changeSafetyData(ctx: RemoteContext, device: RemoteDevice, requested: SafetySettings) {
  if (device.snType !== 1) throw fieldError('deviceSn', 'notInverter');
  // The log says "from what": a device the portal has never asked is asked first.
  let before = (await storedSettings(ctx.db, device.sn))?.safety as Partial<SafetySettings> | null | undefined;
  if (!before) {
    const current = await ask(ctx, device, 'getSafetyData', {});
    before = current.ok ? settingsOf(current.data) : undefined;
  }
  const reply = await ask(ctx, device, 'setSafetyData', { ...requested });
  if (!reply.ok) return refused(ctx, device, changedSettings(before ?? undefined, requested), reply.reason, { settingStatus: 3 });
  const confirmed = settingsOf(reply.data);
  const stored = await recordOutcome(ctx.db, ctx.user, device.sn, {
    patch: { safety: { ...confirmed }, settingStatus: 2 }, changes: changedSettings(before ?? undefined, confirmed), result: 2,
  });
  return safetyData(device, confirmed, stored);
}

type Switch = 'autoTimeSync' | 'reportEnable';

/** Turns one of the device's switches on or off; the log keeps the old and new position. */
async function changeSwitch(ctx: RemoteContext, device: RemoteDevice, command: CommandName, name: Switch, value: 0 | 1, extra: Record<string, unknown> = {}) {
  const before = (await storedSettings(ctx.db, device.sn))?.[name];
  const changes = before === value ? [] : [{ setting: name, oldValue: logValue(before), newValue: logValue(value) }];
  const reply = await ask(ctx, device, command, { [name]: value, ...extra });
  if (!reply.ok) return refused(ctx, device, changes, reply.reason);
  await recordOutcome(ctx.db, ctx.user, device.sn, { patch: { [name]: value }, changes, result: 2 });
}

export async function changeAutoTimeSync(ctx: RemoteContext, device: RemoteDevice, autoTimeSync: 0 | 1) {
  const timeZone = device.timeZone ?? 'UTC';
  const serverTime = new Date().toISOString();
  await changeSwitch(ctx, device, 'setAutoTimeSync', 'autoTimeSync', autoTimeSync, { serverTime, timeZone });
  return { deviceSn: device.sn, autoTimeSync, serverTime, timeZone };
}

export async function changeEmsReportEnable(ctx: RemoteContext, device: RemoteDevice, reportEnable: 0 | 1) {
  if (device.snType !== 3 && device.snType !== 7) throw fieldError('deviceSn', 'notEnergyManager');
  await changeSwitch(ctx, device, 'setEmsReportEnable', 'reportEnable', reportEnable);
  return null;
}
