import { describe, expect, it } from 'vitest';
import { buyerActions, chartRange, chartRows, couponUnfit, maxQuantity, productImages, type UserCoupon } from './mall-logic';

const coupon = (over: Partial<UserCoupon>): UserCoupon => ({
  id: 1, couponId: 1, couponNo: 'C1', couponName: 'Spring', couponType: 1, faceValue: 50, userId: 'u1', status: 1,
  validStartDate: '2026-11-01', validEndDate: '2026-11-30', createTime: '2026-11-01T00:00:00Z', ...over,
} as UserCoupon);

describe('which coupons fit an order', () => {
  it('fits an unused coupon within its days, for any product or this one, whose threshold the order reaches', () => {
    expect(couponUnfit(coupon({}), 7, 100, '2026-11-15')).toBeUndefined();
    expect(couponUnfit(coupon({ productId: 7, thresholdPoints: 100 }), 7, 100, '2026-11-30')).toBeUndefined();
  });

  it('says why another does not', () => {
    expect(couponUnfit(coupon({ status: 2 }), 7, 100, '2026-11-15')).toBe('notUnused');
    expect(couponUnfit(coupon({}), 7, 100, '2026-10-31')).toBe('notYet');
    expect(couponUnfit(coupon({}), 7, 100, '2026-12-01')).toBe('expired');
    expect(couponUnfit(coupon({ productId: 8 }), 7, 100, '2026-11-15')).toBe('otherProduct');
    expect(couponUnfit(coupon({ thresholdPoints: 101 }), 7, 100, '2026-11-15')).toBe('threshold');
  });
});

describe('the order form\'s quantity', () => {
  it('is at most the stock, the per-user limit and 99', () => {
    expect(maxQuantity({ stock: 5, limitPerUser: 0 })).toBe(5);
    expect(maxQuantity({ stock: 500, limitPerUser: 0 })).toBe(99);
    expect(maxQuantity({ stock: 500, limitPerUser: 2 })).toBe(2);
    expect(maxQuantity({ stock: 0, limitPerUser: 2 })).toBe(0);
  });
});

describe('what a buyer may do with an order', () => {
  it('cancels one awaiting shipment, confirms a shipped one, and does nothing with a final one', () => {
    expect(buyerActions(1)).toEqual(['cancel']);
    expect(buyerActions(2)).toEqual(['receipt']);
    expect(buyerActions(3)).toEqual([]);
    expect(buyerActions(4)).toEqual([]);
  });
});

describe('the points chart', () => {
  it('spans the last 30 days by day, or the last 12 months from the first of the month, within the server\'s limits', () => {
    expect(chartRange('day', '2026-03-01')).toEqual({ periodType: 'day', startDate: '2026-01-31', endDate: '2026-03-01' });
    expect(chartRange('month', '2026-11-27')).toEqual({ periodType: 'month', startDate: '2025-12-01', endDate: '2026-11-27' });
    expect(chartRange('month', '2026-03-31')).toEqual({ periodType: 'month', startDate: '2025-04-01', endDate: '2026-03-31' });
  });

  it('draws earned and spent side by side per period', () => {
    expect(chartRows([{ period: '2026-10', incomePoints: 120, consumptionPoints: 40 }], { income: 'Earned', consumption: 'Spent' })).toEqual([
      { time: '2026-10', series: 'Earned', value: 120 }, { time: '2026-10', series: 'Spent', value: 40 },
    ]);
  });
});

describe('a product\'s pictures', () => {
  it('are its comma-joined images, the cover first', () => {
    expect(productImages({ images: '/mall/a.png,/dev-api/resource/file/b.png' })).toEqual(['/mall/a.png', '/dev-api/resource/file/b.png']);
  });
});
