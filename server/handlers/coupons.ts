// The mall's coupons (openapi/paths/coupons.yaml): staff give them to users of their
// organisations and follow them; users see their own.
import { giveCoupon, pagePersonalCoupons, pageUserCoupons, userCouponStatistics } from '../repositories/mall-coupons.ts';
import { defineHandlers } from './types.ts';

export const couponHandlers = defineHandlers({
  giveCoupon: ({ db, user, body }) => giveCoupon(db, user, body),
  pageUserCoupon: ({ db, user, query }) => pageUserCoupons(db, user, query),
  pagePersonalUserCoupon: ({ db, user, query }) => pagePersonalCoupons(db, user, query),
  userCouponStatistics: ({ db, user, query }) => userCouponStatistics(db, user, query),
});
