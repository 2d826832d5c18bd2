import { describe, expect, it } from 'vitest';
import { loadContract } from '../contract/contract.ts';
import { PLANT_PERMISSIONS } from './plant-access.ts';

/**
 * Sharing's own operations check the plant themselves (only managers share, only visitors leave);
 * the points area's deviceSn filters records of points earned in the caller's organisations, not
 * a plant's data; device import names serials of the inventory (`sn`), before any plant.
 */
const NOT_PLANT_DATA = ['sharing', 'points'];
/** The device inventory is scoped by the importing office; its plantUid only narrows that list. */
const INVENTORY = ['deviceInventoryPage'];

describe('plant access table', () => {
  it('names every operation that takes a plantUid or a deviceSn, so that none forgets a visitor\'s limits', () => {
    const contract = loadContract();
    const plantScoped = contract.operations.filter((operation) => !NOT_PLANT_DATA.includes(operation.area) && !INVENTORY.includes(operation.operationId)
      && Object.values(operation.schema).some((part) => ['plantUid', 'deviceSn'].some((name) => Object.hasOwn(part?.properties ?? {}, name))));
    const missing = plantScoped.map((o) => o.operationId).filter((id) => !(id in PLANT_PERMISSIONS));
    expect(missing).toEqual([]);
    const unknown = Object.keys(PLANT_PERMISSIONS).filter((id) => !contract.operations.some((o) => o.operationId === id));
    expect(unknown).toEqual([]);
  });
});
