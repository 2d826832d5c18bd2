// The scan step's rules (001 sections 4 and 9) over a whole list of serials, as the server checks
// them in validateDeviceSnList and again in addPlant. The single-device rules are the web form's
// own (src/lib/plant-rules.ts), so that both sides read each limit in one place.
import {
  ALIAS_MAX, ALIAS_MIN, MAX_SN_LENGTH, ratedPowerMax, ratedPowerUnit, ratedPowerValid, typeAllowedAfter,
} from '../../../src/lib/plant-rules.ts';

/** What the inventory knows about a serial; undefined when it is not there. */
export interface InventoryDevice {
  sn: string;
  snType: number;
  plantUid: string | null;
  isEmsAddC6: number;
  /** 1 for a CMP device, whose child modules the scan step lets the user remove. */
  ifCmpDevice?: number;
}

/** One scanned serial with what the user typed for it. */
export interface ScannedEntry {
  sn: string;
  device: InventoryDevice | undefined;
  /** Required (and checked) when `powerRequired`. */
  ratedPower?: number | undefined;
  powerRequired?: boolean;
  alias?: string | undefined;
}

export type ScanProblem =
  | { rule: 'snNoDevices' }
  | { rule: 'snDuplicate' | 'snNotExist' | 'snBound' | 'ratedPowerMissing' | 'aliasLength'; sn: string }
  | { rule: 'snCombination'; sn: string; snType: number; firstType: number }
  | { rule: 'ratedPowerRange'; sn: string; limit: number; unit: string };

/** A serial as typed: trimmed, and no longer than a serial can be. */
export const normaliseSn = (raw: string) => raw.trim().slice(0, MAX_SN_LENGTH);

/** The first problem of the list, in the order the wizard reports them; undefined when it may proceed. */
export function scanListProblem(entries: readonly ScannedEntry[]): ScanProblem | undefined {
  if (!entries.length) return { rule: 'snNoDevices' };
  const seen = new Set<string>();
  let firstType: number | undefined;
  for (const entry of entries) {
    const key = entry.sn.toLowerCase();
    if (seen.has(key)) return { rule: 'snDuplicate', sn: entry.sn };
    seen.add(key);
    const device = entry.device;
    if (!device) return { rule: 'snNotExist', sn: entry.sn };
    if (device.plantUid) return { rule: 'snBound', sn: entry.sn };
    if (firstType !== undefined && !typeAllowedAfter(firstType, device.snType)) {
      return { rule: 'snCombination', sn: entry.sn, snType: device.snType, firstType };
    }
    firstType ??= device.snType;
    if (entry.powerRequired && entry.ratedPower === undefined) return { rule: 'ratedPowerMissing', sn: entry.sn };
    if (entry.ratedPower !== undefined && !ratedPowerValid(entry.ratedPower, device.isEmsAddC6)) {
      return { rule: 'ratedPowerRange', sn: entry.sn, limit: ratedPowerMax(device.isEmsAddC6), unit: ratedPowerUnit(device.snType) };
    }
    if (entry.alias !== undefined && entry.alias.trim() !== '' && !aliasLengthValid(entry.alias)) return { rule: 'aliasLength', sn: entry.sn };
  }
  return undefined;
}

const aliasLengthValid = (alias: string) => alias.trim().length >= ALIAS_MIN && alias.trim().length <= ALIAS_MAX;

/** Serials of a comma-joined list: trimmed, empty ones dropped, each once (the first spelling kept). */
export function splitSerials(list: string | undefined): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of (list ?? '').split(',')) {
    const sn = normaliseSn(raw);
    if (sn && !seen.has(sn.toLowerCase())) {
      seen.add(sn.toLowerCase());
      out.push(sn);
    }
  }
  return out;
}
