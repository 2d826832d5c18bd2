import { describe, expect, it } from 'vitest';
import { AU_FIRMWARE_RELEASE, AU_SERVERS, MAX_UPGRADE_ATTEMPTS, auServer, classifyUpgrades, firmwareAtLeast, firmwareRequirement, serverUnusable, stateOfPostCode } from './au-servers.ts';

const sapn = auServer('SAPN')!;
const plant = { countryCode: 'AU', provinceCode: 'SA', auAreaCode: null, auAreaLocked: 0 };

describe('AU servers', () => {
  it('the release firmware satisfies every server, and codes are unique', () => {
    expect(AU_SERVERS.every((s) => firmwareAtLeast(AU_FIRMWARE_RELEASE, s.minFirmware))).toBe(true);
    expect(new Set(AU_SERVERS.map((s) => s.auAreaCode)).size).toBe(AU_SERVERS.length);
  });

  it('compares firmware number by number; unknown is below any minimum', () => {
    expect(firmwareAtLeast('V3.2.0', '3.2.0')).toBe(true);
    expect(firmwareAtLeast('3.2', '3.2.0')).toBe(true);
    expect(firmwareAtLeast('3.1.9', '3.2.0')).toBe(false);
    expect(firmwareAtLeast('3.10.0', '3.2.0')).toBe(true);
    expect(firmwareAtLeast(null, '3.0.0')).toBe(false);
    expect(firmwareAtLeast('beta', '3.0.0')).toBe(false);
  });

  it('says why a server cannot be used', () => {
    expect(serverUnusable(sapn, plant, 1)).toBeUndefined();
    expect(serverUnusable(sapn, { ...plant, countryCode: 'NZ' }, 1)).toBe('auUpgrade.notAustralian');
    expect(serverUnusable(sapn, { ...plant, provinceCode: 'NSW' }, 1)).toBe('auUpgrade.outsideArea');
    expect(serverUnusable(sapn, { ...plant, provinceCode: null }, 1)).toBe('auUpgrade.outsideArea');
    // Without a state, the post code places the plant.
    expect(serverUnusable(sapn, { ...plant, provinceCode: null, zipCode: '5000' }, 1)).toBeUndefined();
    expect(serverUnusable(sapn, { ...plant, provinceCode: null, zipCode: '2150' }, 1)).toBe('auUpgrade.outsideArea');
    expect(serverUnusable(sapn, plant, 0)).toBe('auUpgrade.noDevices');
    expect(serverUnusable(sapn, { ...plant, auAreaCode: 'ENERGEX', auAreaLocked: 1 }, 1)).toBe('auUpgrade.locked');
    expect(serverUnusable(sapn, { ...plant, auAreaCode: 'SAPN', auAreaLocked: 1 }, 1)).toBeUndefined();
  });

  it('places post codes in their states at the edges of each range', () => {
    expect(['2150', '2600', '2618', '2619', '2900', '0800', '3000', '4000', '7000', '6999'].map(stateOfPostCode))
      .toEqual(['NSW', 'ACT', 'ACT', 'NSW', 'ACT', 'NT', 'VIC', 'QLD', 'TAS', 'WA']);
    expect([null, '', '215', 'ABCD', '21500'].map(stateOfPostCode)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it('classifies devices, the first state to act on winning', () => {
    const ok = { sn: 'A', firmwareVersion: '3.2.0' };
    expect(classifyUpgrades(sapn, [ok])).toEqual({ ready: true, needUpgradeSn: [], upgradingSn: [], needRetryTaskId: [], upgradeErrorSn: [] });
    const old = { sn: 'B', firmwareVersion: '3.1.0' };
    const running = { sn: 'C', firmwareVersion: '3.0.0', task: { id: 7, status: 'upgrading' as const, attempts: 1 } };
    const retry = { sn: 'D', firmwareVersion: null, task: { id: 8, status: 'failed' as const, attempts: MAX_UPGRADE_ATTEMPTS - 1 } };
    const final = { sn: 'E', firmwareVersion: null, task: { id: 9, status: 'failed' as const, attempts: MAX_UPGRADE_ATTEMPTS } };
    expect(classifyUpgrades(sapn, [ok, old, running, retry, final])).toEqual({
      ready: false, msg: 'needUpgrade', needUpgradeSn: ['B'], upgradingSn: ['C'], needRetryTaskId: ['8'], upgradeErrorSn: ['E'],
    });
    expect(classifyUpgrades(sapn, [running, retry, final]).msg).toBe('upgrading');
    expect(classifyUpgrades(sapn, [retry, final]).msg).toBe('canRetryUpgrade');
    expect(classifyUpgrades(sapn, [final]).msg).toBe('upgradeError');
    // A task that succeeded once but left the device below this server's minimum starts again.
    expect(classifyUpgrades(sapn, [{ sn: 'F', firmwareVersion: '3.0.0', task: { id: 10, status: 'success', attempts: 1 } }]).msg).toBe('needUpgrade');
  });

  it('takes a device\'s minimum and upgrade target from the enabled control rule of its server and model', () => {
    const rule = { auAreaCode: 'SAPN', modelCode: 'INV-5K', minFirmwareVersion: '3.4.0', targetFirmwareVersion: '3.5.1', enable: 1 };
    expect(firmwareRequirement(sapn, 'inv-5k', [rule])).toEqual({ min: '3.4.0', target: '3.5.1' });
    expect(firmwareRequirement(sapn, 'INV-8K', [rule])).toEqual({ min: sapn.minFirmware, target: AU_FIRMWARE_RELEASE });
    expect(firmwareRequirement(sapn, null, [rule])).toEqual({ min: sapn.minFirmware, target: AU_FIRMWARE_RELEASE });
    expect(firmwareRequirement(sapn, 'INV-5K', [{ ...rule, enable: 0 }])).toEqual({ min: sapn.minFirmware, target: AU_FIRMWARE_RELEASE });
    expect(firmwareRequirement(sapn, 'INV-5K', [{ ...rule, auAreaCode: 'AUSGRID' }])).toEqual({ min: sapn.minFirmware, target: AU_FIRMWARE_RELEASE });
    // The device's own minimum wins over the server's.
    expect(classifyUpgrades(sapn, [{ sn: 'G', firmwareVersion: '3.2.0', minFirmware: '3.4.0' }]).msg).toBe('needUpgrade');
    expect(classifyUpgrades(sapn, [{ sn: 'G', firmwareVersion: '3.4.0', minFirmware: '3.4.0' }]).ready).toBe(true);
  });
});
