import { describe, expect, it } from 'vitest';
import { NEW_PLANT_FIELDS, PLANT_FORM_FIELDS, plantFormValues, plantRequestFields } from './plant-values';

describe('plant values', () => {
  it('turns switches into 1/0 and drops blanks', () => {
    const fields = plantRequestFields({ plantName: 'Roof', address: ' ', isInstallMeter: true, isParallel: undefined, systemPower: 5, extra: 'x' }) as Record<string, unknown>;
    expect(fields).toEqual({ plantName: 'Roof', isInstallMeter: 1, isParallel: 0, systemPower: 5 });
  });

  it('reads a stored plant into the form', () => {
    const values = plantFormValues({ plantName: 'Roof', timeZone: 'UTC', address: 'A', systemPower: 5, gridPrice: 1, isInstallMeter: 1, isParallel: 0, callerPermissions: ['viewPlant'], callerManages: 1 });
    expect(values).toMatchObject({ plantName: 'Roof', isInstallMeter: true, isParallel: false });
  });
});

describe('new plant fields', () => {
  it('sends the AU server only when asked to', () => {
    const values = { plantName: 'Roof', auAreaCode: 'NSW1' };
    expect(plantRequestFields(values)).not.toHaveProperty('auAreaCode');
    expect(plantRequestFields(values, [...PLANT_FORM_FIELDS, ...NEW_PLANT_FIELDS])).toHaveProperty('auAreaCode', 'NSW1');
  });
});
