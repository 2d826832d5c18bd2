import { describe, expect, it } from 'vitest';
import { addInfo, type ScannedBox } from './add-info';

const box = (sn: string, snType: number, more: Partial<ScannedBox> = {}): ScannedBox => ({
  sn, snType: snType as ScannedBox['snType'], snExist: 1, isBindPlant: 0, hasChild: 0, childSnList: [], isShowRatedPower: 0, isShowAliases: 0, removedChildren: [], ...more,
});

describe('add-info payload', () => {
  it('sends every device in scan order, chargers with their rated power and alias, and names the chargers again', () => {
    const info = addInfo([
      box('INV1', 1, { ratedPower: 5, aliases: 'East', isEmsAddC6: 0 }),
      box('CHG1', 6, { ratedPower: 7, aliases: 'Garage' }),
      box('INV2', 1, { ratedPower: 3 }),
    ]);
    expect(info).toMatchObject({ deviceSnArr: 'INV1,CHG1,INV2', powerArr: '5,7,3', aliasesArr: 'East,Garage,', chargeSn: 'CHG1', snType: 1, systemPower: 15, isInstallMeter: 0 });
  });

  it('fills each module slot with a kept child, a type 5 one included', () => {
    const info = addInfo([box('INV1', 1, { ratedPower: 5, childSnList: [
      { sn: 'MOD4', snType: 4, snExist: 1, isBindPlant: 0 }, { sn: 'MOD5', snType: 5, snExist: 1, isBindPlant: 0 },
    ] })]);
    expect(info).toMatchObject({ deviceSnArr: 'INV1', moduleSn: 'MOD4', validateModuleSn: 'MOD4', NAmoduleSn: 'MOD5' });
    expect(info.newModuleSn).toBeUndefined();
    const removed = addInfo([box('EMS1', 3, { ifCMPDevice: 1, childSnList: [{ sn: 'MOD5', snType: 5, snExist: 1, isBindPlant: 0 }], removedChildren: ['MOD5'] })]);
    expect(removed.NAmoduleSn).toBeUndefined();
  });

  it('takes the energy manager and a kept child module', () => {
    const info = addInfo([box('EMS1', 3, { ifCMPDevice: 1, isEmsAddC6: 1, childSnList: [
      { sn: 'MOD1', snType: 4, snExist: 1, isBindPlant: 0 }, { sn: 'MOD2', snType: 4, snExist: 1, isBindPlant: 0 },
    ], removedChildren: ['MOD1'] }), box('MTR1', 2)]);
    expect(info).toMatchObject({ emsModuleSn: 'EMS1', moduleSn: 'MOD2', ifCMPDevice: 1, isEmsAddC6: 1, isInstallMeter: 1, systemPower: undefined });
  });
});
