import { describe, expect, it } from 'vitest';
import { orderPoints } from './order-points.ts';

describe('orderPoints', () => {
  it('is price times quantity without discounts', () => {
    expect(orderPoints(120, 3, 0)).toEqual({ totalPoints: 360, memberDiscountPoints: 0, couponDeductPoints: 0, payPoints: 360 });
  });

  it('takes the member discount first, rounded down, then the coupon on what remains', () => {
    expect(orderPoints(333, 1, 5, { couponType: 2, faceValue: null, discountPercent: 10 })).toEqual({ totalPoints: 333, memberDiscountPoints: 16, couponDeductPoints: 31, payPoints: 286 });
    expect(orderPoints(200, 2, 10, { couponType: 1, faceValue: 150, discountPercent: null })).toEqual({ totalPoints: 400, memberDiscountPoints: 40, couponDeductPoints: 150, payPoints: 210 });
  });

  it('never deducts more than the order is worth', () => {
    expect(orderPoints(50, 1, 0, { couponType: 1, faceValue: 80, discountPercent: null })).toMatchObject({ couponDeductPoints: 50, payPoints: 0 });
  });
});
