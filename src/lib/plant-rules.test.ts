import { describe, expect, it } from 'vitest';
import {
  aliasValid, childDeletable, clampSystemPower, defaultCurrency, joinSerials, maxGridPrice, overseasFlag, proceedProblem, ratedPowerValid,
  savedPlantType, scanClosed, scanRefusal, systemPowerMax, typeAllowedAfter, type ScanRecord,
} from './plant-rules';

const device = (sn: string, snType: number, more: Partial<ScanRecord> = {}): ScanRecord => ({ sn, snType, snExist: 1, isBindPlant: 0, isShowRatedPower: 0, ...more });

describe('scan step', () => {
  it('limits later types by the first one', () => {
    expect(typeAllowedAfter(undefined, 2)).toBe(true);
    expect([1, 2, 3, 4, 5, 6, 7].filter((t) => typeAllowedAfter(1, t))).toEqual([1, 6]);
    expect([1, 2, 3, 4, 5, 6, 7].filter((t) => typeAllowedAfter(2, t))).toEqual([]);
    expect([1, 2, 3, 4, 5, 6, 7].filter((t) => typeAllowedAfter(3, t))).toEqual([1, 3, 4, 5, 6, 7]);
    expect(scanClosed(2)).toBe(true);
    expect(scanClosed(1)).toBe(false);
  });

  it('refuses duplicates (any case), bad combinations, unknown and bound serials', () => {
    const list = [device('INV1', 1)];
    expect(scanRefusal(list, device('inv1', 1))).toBe('duplicate');
    expect(scanRefusal(list, device('M1', 2))).toBe('badCombination');
    expect(scanRefusal(list, device('X', 1, { snExist: 0 }))).toBe('notExist');
    expect(scanRefusal(list, device('B', 1, { isBindPlant: 1 }))).toBe('bound');
    expect(scanRefusal(list, device('C1', 6))).toBeUndefined();
  });

  it('lets children be deleted only under a CMP type 3 or a type 5 parent', () => {
    expect(childDeletable({ snType: 3, ifCMPDevice: 1 })).toBe(true);
    expect(childDeletable({ snType: 3, ifCMPDevice: 0 })).toBe(false);
    expect(childDeletable({ snType: 5 })).toBe(true);
    expect(childDeletable({ snType: 1, ifCMPDevice: 1 })).toBe(false);
  });

  it('checks rated power against 2500, or 600 for C6 energy managers', () => {
    expect(ratedPowerValid(2500, 0)).toBe(true);
    expect(ratedPowerValid(2500.01, 0)).toBe(false);
    expect(ratedPowerValid(600, 1)).toBe(true);
    expect(ratedPowerValid(600.5, 1)).toBe(false);
    expect(ratedPowerValid(0, 0)).toBe(false);
    expect(ratedPowerValid(undefined, 0)).toBe(false);
  });

  it('checks aliases for 2 to 30 characters', () => {
    expect(aliasValid('')).toBe(true);
    expect(aliasValid('a')).toBe(false);
    expect(aliasValid('ab')).toBe(true);
    expect(aliasValid('a'.repeat(31))).toBe(false);
    expect(aliasValid('a,b')).toBe(false);
  });

  it('says why it cannot proceed', () => {
    expect(proceedProblem([])).toBe('noDevices');
    expect(proceedProblem([device('A', 1, { isBindPlant: 1 })])).toBe('bound');
    expect(proceedProblem([device('A', 1, { snExist: 0 })])).toBe('notExist');
    expect(proceedProblem([device('A', 1, { isShowRatedPower: 1 })])).toBe('missingRatedPower');
    expect(proceedProblem([{ ...device('A', 1, { isShowRatedPower: 1 }), ratedPower: 3000 }])).toBe('wrongPowerRange');
    expect(proceedProblem([{ ...device('A', 1, { isShowRatedPower: 1 }), ratedPower: 5 }])).toBeUndefined();
  });
});

describe('plant form', () => {
  const site = { maxSystemPower: 1000, maxSystemPowerEmsC6: 10000 };
  it('clamps system power to the site maximum and says so', () => {
    expect(systemPowerMax(site, device('E', 3, { isEmsAddC6: 1 }))).toBe(10000);
    expect(systemPowerMax(site, device('E', 3))).toBe(1000);
    expect(clampSystemPower(1500, 1000)).toEqual({ value: 1000, clamped: true });
    expect(clampSystemPower(1000, 1000)).toEqual({ value: 1000, clamped: false });
  });

  it('limits grid price by currency and picks the default currency', () => {
    expect(maxGridPrice('RMB')).toBe(2);
    expect(maxGridPrice('AUD')).toBe(10000);
    expect(defaultCurrency(true)).toBe('RMB');
    expect(defaultCurrency(false)).toBe('AUD');
    expect(overseasFlag('cn')).toBe('0');
    expect(overseasFlag('au')).toBe('1');
  });

  it('saves type 2 as 3 and de-duplicates serial lists', () => {
    expect(savedPlantType(2)).toBe(3);
    expect(savedPlantType(1)).toBe(1);
    expect(joinSerials([' A ', 'b', 'a', '', 'B', 'C'])).toBe('A,b,C');
  });
});
