import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { changedSettings, defaultGridCode, gridCodesFor, requestedSettings } from './grid-codes.ts';

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as AppError).fields[0];
  }
  return undefined;
};

describe('grid codes', () => {
  it('offers a country its own codes and the international ones, by name; every code without a country', () => {
    expect(gridCodesFor('de').map((c) => c.safetyCode)).toEqual(['EN50549', 'VDE4105']);
    expect(gridCodesFor('BR').map((c) => c.safetyCode)).toEqual(['EN50549']);
    expect(gridCodesFor(undefined).length).toBeGreaterThan(5);
    expect(defaultGridCode('AU').safetyCode).toBe('AS4777-A');
    expect(defaultGridCode(null).safetyCode).toBe('EN50549');
  });

  it('fills what a change leaves out from the grid code, and keeps each under-limit below its over-limit', () => {
    const codes = gridCodesFor('DE');
    expect(requestedSettings({ safetyCode: 'VDE4105', overVoltageLimit: 250 }, codes)).toEqual({
      safetyCode: 'VDE4105', overVoltageLimit: 250, underVoltageLimit: 184, overFrequencyLimit: 51.5, underFrequencyLimit: 47.5,
      reconnectDelay: 60, activePowerLimit: 100, powerFactor: 1, exportLimitEnable: 0,
    });
    expect(refusal(() => requestedSettings({ safetyCode: 'AS4777-A' }, codes))).toEqual({ field: 'safetyCode', rule: 'unknownGridCode' });
    expect(refusal(() => requestedSettings({ safetyCode: 'VDE4105', underVoltageLimit: 260 }, codes))).toEqual({ field: 'underVoltageLimit', rule: 'below' });
    expect(refusal(() => requestedSettings({ safetyCode: 'VDE4105', underFrequencyLimit: 52 }, codes))).toEqual({ field: 'underFrequencyLimit', rule: 'below' });
    expect(refusal(() => requestedSettings({ safetyCode: 'VDE4105', exportLimitEnable: 1 }, codes))).toEqual({ field: 'exportLimitPower', rule: 'required' });
    expect(requestedSettings({ safetyCode: 'VDE4105', exportLimitEnable: 1, exportLimitPower: 3000 }, codes).exportLimitPower).toBe(3000);
  });

  it('lists the settings that changed with their old and new values as text', () => {
    expect(changedSettings({ safetyCode: 'VDE4105', overVoltageLimit: 253 }, { safetyCode: 'VDE4105', overVoltageLimit: 250, exportLimitEnable: 0 })).toEqual([
      { setting: 'overVoltageLimit', oldValue: '253', newValue: '250' },
      { setting: 'exportLimitEnable', oldValue: null, newValue: '0' },
    ]);
    expect(changedSettings(undefined, { safetyCode: 'EN50549' })).toEqual([{ setting: 'safetyCode', oldValue: null, newValue: 'EN50549' }]);
  });
});
