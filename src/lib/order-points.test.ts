import { describe, expect, it } from 'vitest';
import { orderPoints } from './order-points';

describe('orderPoints', () => {
  it('takes the member discount off the total, then the coupon off what remains, rounding each down', () => {
    expect(orderPoints(333, 3, 10)).toEqual({ totalPoints: 999, memberDiscountPoints: 99, couponDeductPoints: 0, payPoints: 900 });
    expect(orderPoints(333, 3, 10, { couponType: 2, discountPercent: 15 })).toEqual({ totalPoints: 999, memberDiscountPoints: 99, couponDeductPoints: 135, payPoints: 765 });
    expect(orderPoints(100, 2, 0, { couponType: 1, faceValue: 50 })).toEqual({ totalPoints: 200, memberDiscountPoints: 0, couponDeductPoints: 50, payPoints: 150 });
  });

  it('never deducts more than the order is worth', () => {
    expect(orderPoints(100, 1, 50, { couponType: 1, faceValue: 500 })).toEqual({ totalPoints: 100, memberDiscountPoints: 50, couponDeductPoints: 50, payPoints: 0 });
  });
});
