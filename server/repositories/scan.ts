// The scan step: what the inventory says about one serial, and the whole list's checks
// (server/domain/plants/scan-rules.ts) answered as 10003 naming the field.
import type { Db, Tx } from '../db/client.ts';
import { scanListProblem, type ScannedEntry } from '../domain/plants/scan-rules.ts';
import { fieldError } from '../errors.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { SnType } from '../../src/lib/plant-rules.ts';
import { childrenOf, devicesBySn } from './devices.ts';

type SnTypeValue = 1 | 2 | 3 | 4 | 5 | 6 | 7;
const flag = (v: number): 0 | 1 => (v === 1 ? 1 : 0);
/** Devices whose rated power the plant needs: the ones that produce, store or draw power. */
export const needsRatedPower = (snType: number) => [SnType.inverter, SnType.energyManager, SnType.energyManager7, SnType.charger].includes(snType as 1);
/** Modules go without alias; every other device may have one. */
const takesAlias = (snType: number) => snType !== SnType.module && snType !== SnType.moduleNa;

/** What the scan step learns of a serial: only what was delivered to the caller's organisation tree exists. */
export async function scannedRecord(db: Db, caller: Pick<AuthContext, 'officePath'>, sn: string) {
  const found = (await devicesBySn(db, [sn], caller)).get(sn.toLowerCase());
  const bare = { hasChild: 0 as const, childSnList: [], isShowRatedPower: 0 as const, isShowAliases: 0 as const };
  // Not an error: the wizard warns and clears the serial.
  if (!found) return { sn, snType: 1 as SnTypeValue, snExist: 0 as const, isBindPlant: 0 as const, ...bare };
  // A bound device cannot be added, whoever's plant of the tree holds it: the wizard needs to know
  // that much, and the caller (perhaps of another office of the tree) nothing of the device itself.
  if (found.plantUid) return { sn: found.sn, snType: found.snType as SnTypeValue, snExist: 1 as const, isBindPlant: 1 as const, ...bare };
  const children = await childrenOf(db, found.sn);
  return {
    sn: found.sn,
    snType: found.snType as SnTypeValue,
    snExist: 1 as const,
    isBindPlant: 0 as const,
    hasChild: children.length ? 1 as const : 0 as const,
    childSnList: children.slice(0, 100).map((c) => ({ sn: c.sn, snType: c.snType as SnTypeValue, snExist: 1 as const, isBindPlant: c.plantUid ? 1 as const : 0 as const })),
    isShowRatedPower: needsRatedPower(found.snType) ? 1 as const : 0 as const,
    isShowAliases: takesAlias(found.snType) ? 1 as const : 0 as const,
    ...(found.ratedPower !== null && found.ratedPower > 0 && found.ratedPower <= 2500 ? { ratedPower: found.ratedPower } : {}),
    ...(found.alias && found.alias.length >= 2 ? { aliases: found.alias } : {}),
    ...(found.modelCode ? { modelCode: found.modelCode } : {}),
    ifCMPDevice: flag(found.ifCmpDevice), isEmsAddC6: flag(found.isEmsAddC6), isInstallEms: flag(found.isInstallEms), isEManager: flag(found.isEManager),
  };
}

export interface ScanInput {
  sn: string;
  ratedPower?: number | undefined;
  alias?: string | undefined;
  /** addPlant asks rated powers of the devices that need one. */
  checkPower?: boolean;
}

/**
 * Checks the list as `caller` sees the inventory (their organisation tree); answers the form's
 * plant type and whether it offers isParallel.
 */
export async function checkScanList(db: Db | Tx, caller: Pick<AuthContext, 'officePath'>, input: ScanInput[], field: string) {
  const found = await devicesBySn(db, input.map((i) => i.sn), caller);
  const entries: ScannedEntry[] = input.map((i) => {
    const device = found.get(i.sn.toLowerCase());
    return { sn: i.sn, device, ratedPower: i.ratedPower, alias: i.alias, powerRequired: i.checkPower === true && !!device && needsRatedPower(device.snType) };
  });
  const problem = scanListProblem(entries);
  if (problem) {
    const { rule, ...params } = problem;
    throw fieldError(field, rule, params);
  }
  const first = entries[0]!.device!;
  const inverters = entries.filter((e) => e.device!.snType === SnType.inverter).length;
  return { plantType: plantTypeOf(first) as 0 | 1 | 3, isParallelShow: inverters > 1 ? 1 as const : 0 as const, devices: entries.map((e) => e.device!) };
}

/** An energy manager's plant stores energy: commercial storage for the C6 family, PV with storage otherwise. */
function plantTypeOf(first: { snType: number; isEmsAddC6: number }): number {
  if (first.snType === SnType.energyManager || first.snType === SnType.energyManager7) return first.isEmsAddC6 === 1 ? 3 : 1;
  return 0;
}

