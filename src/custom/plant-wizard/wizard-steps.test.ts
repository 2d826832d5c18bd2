import { describe, expect, it } from 'vitest';
import { installerStep, tabDisabled, wizardSteps } from './wizard-steps';

describe('installer step', () => {
  it('shows for staff1, Administrator and EndUser of office 1, mandatory only for EndUser', () => {
    expect(installerStep({ officeId: '1', roles: ['Administrator'] }, {})).toEqual({ visible: true, mandatory: false });
    expect(installerStep({ officeId: '1', roles: ['staff1'] }, {})).toEqual({ visible: true, mandatory: false });
    expect(installerStep({ officeId: '1', roles: ['EndUser'] }, {})).toEqual({ visible: true, mandatory: true });
    expect(installerStep({ officeId: '1', roles: ['Installer'] }, {})).toEqual({ visible: false, mandatory: false });
    expect(installerStep({ officeId: '2', roles: ['EndUser'] }, {})).toEqual({ visible: false, mandatory: false });
  });

  it('in agent mode follows endUserId and officeId 1', () => {
    expect(installerStep({ officeId: '9', roles: ['Installer'] }, { ifAgent: '1', endUserId: 'u', officeId: '1' })).toEqual({ visible: true, mandatory: true });
    expect(installerStep({ officeId: '1', roles: ['Administrator'] }, { ifAgent: '1', officeId: '1' })).toEqual({ visible: false, mandatory: false });
    expect(installerStep({ officeId: '1', roles: ['Administrator'] }, { ifAgent: '1', endUserId: 'u', officeId: '2' })).toEqual({ visible: false, mandatory: false });
  });
});

describe('steps and tabs', () => {
  it('hides step 1 when editing and step 3 without the installer step', () => {
    expect(wizardSteps(false, true)).toEqual([1, 2, 3]);
    expect(wizardSteps(false, false)).toEqual([1, 2]);
    expect(wizardSteps(true, true)).toEqual([2, 3]);
    expect(wizardSteps(true, false)).toEqual([2]);
  });

  it('disables tabs beyond the furthest step reached', () => {
    expect(tabDisabled(3, 2)).toBe(true);
    expect(tabDisabled(2, 2)).toBe(false);
    expect(tabDisabled(1, 2)).toBe(false);
  });
});
