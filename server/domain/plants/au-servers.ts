// AU utility servers (001 section 2 "AU server connection"): the distribution networks whose
// CSIP-AUS servers a plant's inverters and energy managers connect to for dynamic export limits.
// Each serves the plants of its states and admits devices from a minimum firmware on; a device
// below it needs a firmware upgrade first (startAutoUpgrade). The AU anti-firmware version control
// (editAuAntiFwVersionControl) sets that minimum and the version an upgrade installs per server and
// model; a model without an enabled rule keeps the server's minimum and AU_FIRMWARE_RELEASE.

export interface AuServer {
  auAreaCode: string;
  name: string;
  /** State codes (as the AU locality search answers them) whose plants it serves. */
  states: readonly string[];
  /** The lowest firmware version its server accepts. */
  minFirmware: string;
}

/** The firmware an upgrade installs where no control rule names another: it satisfies every server below. */
export const AU_FIRMWARE_RELEASE = '3.2.0';

export const AU_SERVERS: readonly AuServer[] = [
  { auAreaCode: 'AUSGRID', name: 'Ausgrid', states: ['NSW'], minFirmware: '3.0.0' },
  { auAreaCode: 'AUSNET', name: 'AusNet Services', states: ['VIC'], minFirmware: '3.1.0' },
  { auAreaCode: 'CITIPOWER', name: 'CitiPower and Powercor', states: ['VIC'], minFirmware: '3.1.0' },
  { auAreaCode: 'ENDEAVOUR', name: 'Endeavour Energy', states: ['NSW'], minFirmware: '3.0.0' },
  { auAreaCode: 'ENERGEX', name: 'Energex', states: ['QLD'], minFirmware: '3.2.0' },
  { auAreaCode: 'ERGON', name: 'Ergon Energy', states: ['QLD'], minFirmware: '3.2.0' },
  { auAreaCode: 'EVOENERGY', name: 'Evoenergy', states: ['ACT'], minFirmware: '3.0.0' },
  { auAreaCode: 'JEMENA', name: 'Jemena', states: ['VIC'], minFirmware: '3.1.0' },
  { auAreaCode: 'SAPN', name: 'SA Power Networks', states: ['SA'], minFirmware: '3.2.0' },
  { auAreaCode: 'TASNETWORKS', name: 'TasNetworks', states: ['TAS'], minFirmware: '3.0.0' },
  { auAreaCode: 'UNITED', name: 'United Energy', states: ['VIC'], minFirmware: '3.1.0' },
  { auAreaCode: 'WESTERNPOWER', name: 'Western Power', states: ['WA'], minFirmware: '3.0.0' },
];

export const auServer = (auAreaCode: string): AuServer | undefined => AU_SERVERS.find((s) => s.auAreaCode === auAreaCode);

/** Device types that connect to a utility server themselves: inverters (1) and energy managers (3, 7). */
export const CONNECTING_SN_TYPES = [1, 3, 7] as const;

/** How many times a failed upgrade may be run in all; past it the failure is final (upgradeError). */
export const MAX_UPGRADE_ATTEMPTS = 3;

/** A version's numbers ('V2.10.1' -> [2, 10, 1]); none for an unknown version. */
export function versionParts(version: string | null | undefined): number[] {
  return (version ?? '').match(/\d+/g)?.map(Number) ?? [];
}

/** True when `version` is at least `min`, compared number by number (2.10 is above 2.9); unknown is below. */
export function firmwareAtLeast(version: string | null | undefined, min: string): boolean {
  const have = versionParts(version);
  if (!have.length) return false;
  const need = versionParts(min);
  for (let i = 0; i < Math.max(have.length, need.length); i++) {
    const a = have[i] ?? 0;
    const b = need[i] ?? 0;
    if (a !== b) return a > b;
  }
  return true;
}

// Australia Post's ranges of delivery post codes per state: a plant saved with a post code but no
// state (an API client, an older form) is still placed.
const POST_CODE_STATES: [number, number, string][] = [
  [200, 299, 'ACT'], [800, 999, 'NT'], [1000, 2599, 'NSW'], [2600, 2618, 'ACT'], [2619, 2899, 'NSW'], [2900, 2920, 'ACT'],
  [2921, 2999, 'NSW'], [3000, 3999, 'VIC'], [4000, 4999, 'QLD'], [5000, 5999, 'SA'], [6000, 6999, 'WA'], [7000, 7999, 'TAS'],
  [8000, 8999, 'VIC'], [9000, 9999, 'QLD'],
];

/** The state of an Australian post code, when it is one. */
export function stateOfPostCode(zipCode: string | null | undefined): string | undefined {
  if (!zipCode || !/^\d{4}$/.test(zipCode.trim())) return undefined;
  const n = Number(zipCode.trim());
  return POST_CODE_STATES.find(([from, to]) => n >= from && n <= to)?.[2];
}

/** Why a server cannot be used for a plant (errorType 1), as a message key; undefined when it can. */
export function serverUnusable(server: AuServer, plant: { countryCode: string | null; provinceCode: string | null; zipCode?: string | null; auAreaCode: string | null; auAreaLocked: number }, connectingDevices: number): string | undefined {
  if (plant.auAreaLocked === 1 && plant.auAreaCode !== server.auAreaCode) return 'auUpgrade.locked';
  if ((plant.countryCode ?? '').toUpperCase() !== 'AU') return 'auUpgrade.notAustralian';
  const state = plant.provinceCode?.toUpperCase() || stateOfPostCode(plant.zipCode);
  if (!state || !server.states.includes(state)) return 'auUpgrade.outsideArea';
  if (!connectingDevices) return 'auUpgrade.noDevices';
  return undefined;
}

/** A stored anti-firmware version control rule, as the checks read it. */
export interface FirmwareControl {
  auAreaCode: string;
  modelCode: string;
  minFirmwareVersion: string;
  targetFirmwareVersion: string;
  enable: number;
}

/**
 * What a device of this model needs to connect to the server: the enabled control rule of the
 * server and model (model codes compare case-insensitively), else the server's own minimum and
 * AU_FIRMWARE_RELEASE.
 */
export function firmwareRequirement(server: AuServer, modelCode: string | null | undefined, controls: readonly FirmwareControl[]): { min: string; target: string } {
  const rule = modelCode
    ? controls.find((c) => c.enable === 1 && c.auAreaCode === server.auAreaCode && c.modelCode.toLowerCase() === modelCode.toLowerCase())
    : undefined;
  return rule ? { min: rule.minFirmwareVersion, target: rule.targetFirmwareVersion } : { min: server.minFirmware, target: AU_FIRMWARE_RELEASE };
}

export type UpgradeTaskState = 'waiting' | 'upgrading' | 'success' | 'failed';

export interface DeviceUpgradeState {
  sn: string;
  firmwareVersion: string | null;
  /** The lowest version this device may connect with (firmwareRequirement); the server's minimum when absent. */
  minFirmware?: string;
  task?: { id: number; status: UpgradeTaskState; attempts: number };
}

export interface UpgradeOutcome {
  ready: boolean;
  msg?: 'needUpgrade' | 'upgrading' | 'canRetryUpgrade' | 'upgradeError';
  needUpgradeSn: string[];
  upgradingSn: string[];
  needRetryTaskId: string[];
  upgradeErrorSn: string[];
}

/**
 * Where each device stands for a server, and the state the dialog shows first: devices still to
 * start come before running upgrades, which come before retryable and then final failures.
 */
export function classifyUpgrades(server: AuServer, devices: DeviceUpgradeState[]): UpgradeOutcome {
  const out: UpgradeOutcome = { ready: false, needUpgradeSn: [], upgradingSn: [], needRetryTaskId: [], upgradeErrorSn: [] };
  for (const d of devices) {
    if (firmwareAtLeast(d.firmwareVersion, d.minFirmware ?? server.minFirmware)) continue;
    const task = d.task;
    if (task && (task.status === 'waiting' || task.status === 'upgrading')) out.upgradingSn.push(d.sn);
    else if (task?.status === 'failed' && task.attempts < MAX_UPGRADE_ATTEMPTS) out.needRetryTaskId.push(String(task.id));
    else if (task?.status === 'failed') out.upgradeErrorSn.push(d.sn);
    else out.needUpgradeSn.push(d.sn);
  }
  if (out.needUpgradeSn.length) out.msg = 'needUpgrade';
  else if (out.upgradingSn.length) out.msg = 'upgrading';
  else if (out.needRetryTaskId.length) out.msg = 'canRetryUpgrade';
  else if (out.upgradeErrorSn.length) out.msg = 'upgradeError';
  else out.ready = true;
  return out;
}

/** Progress an upgrading task gains per worker step, in percent. */
export const UPGRADE_STEP = 25;
