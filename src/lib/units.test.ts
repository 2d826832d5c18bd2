import { afterEach, describe, expect, it } from 'vitest';
import { chooseUnits, formatCapacity, formatEnergy, formatMass, formatPower, scaleUnit } from './units';

describe('unit ladders', () => {
  it('climbs the power ladder from W to GW, keeping the sign', () => {
    expect(formatPower(0)).toBe('0 W');
    expect(formatPower(999)).toBe('999 W');
    expect(formatPower(1500)).toBe('1.5 kW');
    expect(formatPower(-2_345_678)).toBe('-2.35 MW');
    expect(formatPower(7.2e12)).toBe('7200 GW');
  });
  it('shows energy in kWh on the Wh to GWh ladder', () => {
    expect(formatEnergy(0.8)).toBe('800 Wh');
    expect(formatEnergy(12.345)).toBe('12.35 kWh');
    expect(formatEnergy(4200)).toBe('4.2 MWh');
    expect(formatEnergy(3e6)).toBe('3 GWh');
  });
  it('shows a positive trickle as 0.01 instead of 0 (000 section 9)', () => {
    expect(formatPower(0.004)).toBe('0.01 W');
    expect(formatEnergy(0.000001)).toBe('0.01 Wh');
    expect(formatPower(-0.004)).toBe('0 W');
  });
  it('shows capacity on the Wp to GWp ladder and mass in kg or t', () => {
    expect(formatCapacity(8.2)).toBe('8.2 kWp');
    expect(formatCapacity(1500)).toBe('1.5 MWp');
    expect(formatMass(997)).toBe('997 kg');
    expect(formatMass(12_340)).toBe('12.34 t');
  });
  describe('with a unit the user chose', () => {
    afterEach(() => chooseUnits('auto', 'auto'));
    it('shows every power and energy in that unit, small or large', () => {
      chooseUnits('kW', 'MWh');
      expect(formatPower(1500)).toBe('1.5 kW');
      expect(formatPower(2_345_678)).toBe('2345.68 kW');
      expect(formatPower(40)).toBe('0.04 kW');
      expect(formatEnergy(4200)).toBe('4.2 MWh');
      expect(formatEnergy(12.345)).toBe('0.01 MWh');
      chooseUnits('W', 'Wh');
      expect(formatPower(1500)).toBe('1500 W');
      expect(formatEnergy(3)).toBe('3000 Wh');
    });
    it('leaves capacities on their ladder', () => {
      chooseUnits('W', 'Wh');
      expect(formatCapacity(1500)).toBe('1.5 MWp');
    });
  });
});

describe('scaleUnit on the spec\'s ladders', () => {
  it.each([
    [999, 'W', 999, 'W'],
    [1000, 'W', 1, 'kW'],
    [1500, 'kW', 1.5, 'MW'],
    [2_500_000, 'kW', 2.5, 'GW'],
    [5e6, 'GW', 5e6, 'GW'],
    [1234.5678, 'Wh', 1.23, 'kWh'],
    [999_999, 'kWh', 1000, 'MWh'],
    [8200, 'kWp', 8.2, 'MWp'],
    [3, 'MWp', 3, 'MWp'],
    [0.004, 'kW', 0.01, 'kW'],
    [0, 'Wh', 0, 'Wh'],
    [-2500, 'W', -2.5, 'kW'],
  ])('%d %s is %d %s', (value, unit, shown, shownUnit) => expect(scaleUnit(value, unit)).toEqual({ value: shown, unit: shownUnit }));

  it.each(['kg', 'w', 'KW', 'VA', ''])('refuses %j', (unit) => expect(() => scaleUnit(1, unit)).toThrow(new Error('invalid unit')));
});
