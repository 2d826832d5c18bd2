import { describe, expect, it } from 'vitest';
import { normaliseSn, scanListProblem, splitSerials, type InventoryDevice, type ScannedEntry } from './scan-rules.ts';
import { plantFormProblem, systemPowerLimit } from './plant-rules.ts';
import { defaultGridPrice } from './site-params.ts';

const dev = (sn: string, snType: number, extra: Partial<InventoryDevice> = {}): InventoryDevice => ({ sn, snType, plantUid: null, isEmsAddC6: 0, ...extra });
const entry = (device: InventoryDevice, extra: Partial<ScannedEntry> = {}): ScannedEntry => ({ sn: device.sn, device, ...extra });

describe('scan list rules', () => {
  it('needs at least one device', () => expect(scanListProblem([])).toEqual({ rule: 'snNoDevices' }));
  it('refuses a serial twice, whatever its case', () => {
    expect(scanListProblem([entry(dev('A1', 1)), { ...entry(dev('a1', 1)) }])).toEqual({ rule: 'snDuplicate', sn: 'a1' });
  });
  it('refuses unknown and bound serials', () => {
    expect(scanListProblem([{ sn: 'X', device: undefined }])).toEqual({ rule: 'snNotExist', sn: 'X' });
    expect(scanListProblem([entry(dev('B', 1, { plantUid: 'p' }))])).toEqual({ rule: 'snBound', sn: 'B' });
  });
  it('lets the first type limit the others', () => {
    expect(scanListProblem([entry(dev('I1', 1)), entry(dev('I2', 1)), entry(dev('C', 6))])).toBeUndefined();
    expect(scanListProblem([entry(dev('I1', 1)), entry(dev('E', 3))])).toMatchObject({ rule: 'snCombination', sn: 'E' });
    expect(scanListProblem([entry(dev('M', 2)), entry(dev('I', 1))])).toMatchObject({ rule: 'snCombination', firstType: 2 });
    expect(scanListProblem([entry(dev('E', 3)), entry(dev('M', 2))])).toMatchObject({ rule: 'snCombination', snType: 2 });
    expect(scanListProblem([entry(dev('E', 3)), entry(dev('I', 1)), entry(dev('C', 6))])).toBeUndefined();
  });
  it('checks rated powers just inside and outside the limits', () => {
    const inv = dev('I', 1);
    expect(scanListProblem([entry(inv, { powerRequired: true })])).toEqual({ rule: 'ratedPowerMissing', sn: 'I' });
    expect(scanListProblem([entry(inv, { ratedPower: 2500 })])).toBeUndefined();
    expect(scanListProblem([entry(inv, { ratedPower: 2500.01 })])).toEqual({ rule: 'ratedPowerRange', sn: 'I', limit: 2500, unit: 'kWp' });
    expect(scanListProblem([entry(inv, { ratedPower: 0 })])).toMatchObject({ rule: 'ratedPowerRange' });
    const c6 = dev('E', 3, { isEmsAddC6: 1 });
    expect(scanListProblem([entry(c6, { ratedPower: 600 })])).toBeUndefined();
    expect(scanListProblem([entry(c6, { ratedPower: 600.5 })])).toEqual({ rule: 'ratedPowerRange', sn: 'E', limit: 600, unit: 'kWp' });
  });
  it('names a charger\'s rated power in kW, every other device\'s in kWp', () => {
    expect(scanListProblem([entry(dev('I', 1)), entry(dev('C', 6), { ratedPower: 2600 })])).toEqual({ rule: 'ratedPowerRange', sn: 'C', limit: 2500, unit: 'kW' });
  });
  it('lowers the system-power limit to the country\'s configured maximum, never raises it', () => {
    expect(systemPowerLimit('global', 1, 0, 50)).toBe(50);
    expect(systemPowerLimit('global', 1, 0, 20000)).toBe(10000);
    expect(systemPowerLimit('cn', 1, 0, 5000)).toBe(1000);
    expect(systemPowerLimit('global', 1, 0)).toBe(10000);
    expect(defaultGridPrice('global', 'ZA', { currencyName: 'ZAR', defaultGridPrice: 2.5, maxSystemPower: 50, timeZone: null }))
      .toEqual({ defaultGridPrice: 2.5, currencyName: 'ZAR', maxSystemPower: 50 });
    expect(defaultGridPrice('global', 'ZA')).toEqual({ defaultGridPrice: 3, currencyName: 'ZAR' });
    expect(defaultGridPrice('global', 'XX')).toEqual({ defaultGridPrice: 0.3, currencyName: 'AUD' });
  });
  it('takes aliases of 2 to 30 characters, or none', () => {
    const inv = dev('I', 1);
    expect(scanListProblem([entry(inv, { alias: '' })])).toBeUndefined();
    expect(scanListProblem([entry(inv, { alias: 'ab' })])).toBeUndefined();
    expect(scanListProblem([entry(inv, { alias: 'a' })])).toMatchObject({ rule: 'aliasLength' });
    expect(scanListProblem([entry(inv, { alias: 'x'.repeat(30) })])).toBeUndefined();
    expect(scanListProblem([entry(inv, { alias: 'x'.repeat(31) })])).toMatchObject({ rule: 'aliasLength' });
  });
  it('trims serials and drops repeats from lists', () => {
    expect(normaliseSn('  AB ')).toBe('AB');
    expect(splitSerials(' a, b ,A,, c')).toEqual(['a', 'b', 'c']);
  });
});

describe('plant form rules', () => {
  const base = { systemPower: 10, gridPrice: 1 };
  it('takes southern latitudes except on the China site', () => {
    expect(plantFormProblem('global', { ...base, latitude: -33.9, longitude: 151.2 }, 10000)).toBeUndefined();
    expect(plantFormProblem('cn', { ...base, latitude: -0.1, longitude: 100, provinceCode: '1', cityCode: '2', countyCode: '3' }, 1000)).toMatchObject({ field: 'latitude', rule: 'minimum' });
    expect(plantFormProblem('cn', { ...base, longitude: 100 }, 1000)).toMatchObject({ field: 'latitude', rule: 'required' });
  });
  it('limits system power by site and device', () => {
    expect(systemPowerLimit('cn', 1, 0)).toBe(1000);
    expect(systemPowerLimit('cn', 3, 1)).toBe(10000);
    expect(systemPowerLimit('global', 1, 0)).toBe(10000);
    expect(plantFormProblem('global', { ...base, systemPower: 10000 }, 10000)).toBeUndefined();
    expect(plantFormProblem('global', { ...base, systemPower: 10000.1 }, 10000)).toMatchObject({ field: 'systemPower', rule: 'maximum' });
  });
  it('limits the grid price to 2 in RMB', () => {
    expect(plantFormProblem('global', { ...base, gridPrice: 2, currencyName: 'RMB' }, 10000)).toBeUndefined();
    expect(plantFormProblem('global', { ...base, gridPrice: 2.01, currencyName: 'RMB' }, 10000)).toMatchObject({ field: 'gridPrice' });
    expect(plantFormProblem('global', { ...base, gridPrice: 10000, currencyName: 'AUD' }, 10000)).toBeUndefined();
  });
  it('asks the AU fields on the AU site', () => {
    expect(plantFormProblem('au', base, 10000)).toMatchObject({ field: 'zipCode', rule: 'required' });
  });
});
