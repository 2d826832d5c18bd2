import { describe, expect, it } from 'vitest';
import { nextOrderStatus } from './order-status.ts';

describe('nextOrderStatus', () => {
  it('allows exactly ship from 1, receipt from 2 and cancel from 1', () => {
    const allowed = [1, 2, 3, 4].flatMap((status) => (['ship', 'receipt', 'cancel'] as const)
      .filter((action) => nextOrderStatus(status, action) !== undefined).map((action) => `${action} ${status}->${nextOrderStatus(status, action)}`));
    expect(allowed).toEqual(['ship 1->2', 'cancel 1->4', 'receipt 2->3']);
  });
});
