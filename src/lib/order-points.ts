// What an order of the points mall costs: the product's price times the quantity, less the
// buyer's member discount, less the coupon's deduction on what remains. Whole points, each
// discount rounded down (a deduction is never more than the order is worth). The mall page shows
// it before the order; the server charges it (one rule for both).
export interface CouponTerms {
  couponType: number;
  faceValue?: number | null | undefined;
  discountPercent?: number | null | undefined;
}

export interface OrderPoints {
  totalPoints: number;
  memberDiscountPoints: number;
  couponDeductPoints: number;
  payPoints: number;
}

export function orderPoints(pointsPrice: number, quantity: number, memberDiscountPercent: number, coupon?: CouponTerms): OrderPoints {
  const totalPoints = pointsPrice * quantity;
  const memberDiscountPoints = Math.floor((totalPoints * memberDiscountPercent) / 100);
  const afterMember = totalPoints - memberDiscountPoints;
  let couponDeductPoints = 0;
  if (coupon?.couponType === 1) couponDeductPoints = Math.min(coupon.faceValue ?? 0, afterMember);
  else if (coupon?.couponType === 2) couponDeductPoints = Math.floor((afterMember * (coupon.discountPercent ?? 0)) / 100);
  return { totalPoints, memberDiscountPoints, couponDeductPoints, payPoints: afterMember - couponDeductPoints };
}
