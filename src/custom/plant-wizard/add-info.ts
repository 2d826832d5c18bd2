// The scan step's result as addPlant takes it (001 section 3 "Add-info payload after the scan step").
import type { DataOf } from '@/api/contract-types';
import { SnType, joinSerials } from '@/lib/plant-rules';

export type ScannedDevice = DataOf<'checkFirstScanSnInfoV2'>;

/** One scanned box of step 1: the scan record, what the user typed, and the children they removed. */
export interface ScannedBox extends Omit<ScannedDevice, 'ratedPower'> {
  ratedPower?: number | null;
  aliases?: string;
  removedChildren: string[];
}

const flag = (value: number | undefined): 0 | 1 => (value === 1 ? 1 : 0);
const isEnergyManager = (type: number) => type === SnType.energyManager || type === SnType.energyManager7;

export function addInfo(boxes: readonly ScannedBox[]) {
  const first = boxes[0];
  const keptChildren = boxes.flatMap((b) => b.childSnList.filter((c) => !b.removedChildren.includes(c.sn)));
  // A module slot holds a scanned module, else the kept child of that type: each is bound with the plant.
  const slot = (type: number) => boxes.find((b) => b.snType === type)?.sn ?? keptChildren.find((c) => c.snType === type)?.sn;
  const scannedModule = boxes.find((b) => b.snType === SnType.module)?.sn;
  const moduleSn = slot(SnType.module);
  const powers = boxes.map((d) => (typeof d.ratedPower === 'number' ? String(d.ratedPower) : ''));
  const systemPower = boxes.reduce((sum, b) => sum + (typeof b.ratedPower === 'number' ? b.ratedPower : 0), 0);
  return {
    // Every box in scan order, chargers included: powerArr and aliasesArr follow deviceSnArr, so
    // this is how a charger's rated power and alias reach the server. chargeSn names them again.
    deviceSnArr: joinSerials(boxes.map((d) => d.sn)),
    aliasesArr: boxes.map((d) => d.aliases?.trim() ?? '').join(','),
    powerArr: powers.join(','),
    chargeSn: joinSerials(boxes.filter((b) => b.snType === SnType.charger).map((b) => b.sn)) || undefined,
    emsModuleSn: boxes.find((b) => isEnergyManager(b.snType))?.sn,
    NAmoduleSn: slot(SnType.moduleNa),
    moduleSn,
    validateModuleSn: moduleSn,
    newModuleSn: scannedModule,
    systemPower: systemPower > 0 ? Math.round(systemPower * 1000) / 1000 : undefined,
    snType: first?.snType ?? SnType.inverter,
    ifCMPDevice: flag(first?.ifCMPDevice),
    isInstallEms: flag(first?.isInstallEms),
    isEManager: flag(first?.isEManager),
    isEmsAddC6: flag(first?.isEmsAddC6),
    isInstallMeter: flag(boxes.some((b) => b.snType === SnType.meter) ? 1 : 0),
  };
}

export type AddInfo = ReturnType<typeof addInfo>;
