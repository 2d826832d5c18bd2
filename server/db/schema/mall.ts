// The points mall: the platform's product catalogue (one for every organisation), the orders users
// place with their points, and the coupons staff give to users. Orders keep a snapshot of the
// product as it was ordered; an order and a coupon belong to their user, and through the user's
// office to the organisation tree that handles them.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { offices, users } from './identity.ts';

/** Reference data (server/db/seed/mall.ts), names in both languages of the portal. */
export const productCategories = pgTable('product_categories', {
  id: integer('id').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameZh: text('name_zh').notNull(),
  sort: smallint('sort').notNull(),
});

export const products = pgTable('products', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  categoryId: integer('category_id').notNull().references(() => productCategories.id),
  productName: text('product_name').notNull(),
  pointsPrice: integer('points_price').notNull(),
  stock: integer('stock').notNull(),
  /** 0: no limit. */
  limitPerUser: integer('limit_per_user').notNull().default(0),
  /** 1 to 9 URLs, the first the cover. */
  images: text('images').array().notNull(),
  description: text('description'),
  /** 0 draft, 1 on shelf, 2 off shelf. */
  status: smallint('status').notNull().default(0),
  /** Position in the mall, 1..N without gaps (kept so under the mall's sort lock). */
  sort: integer('sort').notNull(),
  soldNum: integer('sold_num').notNull().default(0),
  publishedAt: timestamp('published_at', { withTimezone: true }),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  check('products_stock_not_negative', sql`stock >= 0`),
  check('products_sold_not_negative', sql`sold_num >= 0`),
  check('products_status', sql`status in (0, 1, 2)`),
  index('products_sort_idx').on(t.sort, t.id),
  index('products_category_idx').on(t.categoryId, t.status, t.sort),
]);

export const coupons = pgTable('coupons', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  couponName: text('coupon_name').notNull(),
  /** 1 points deduction (faceValue), 2 discount (discountPercent). */
  couponType: smallint('coupon_type').notNull(),
  faceValue: integer('face_value'),
  discountPercent: integer('discount_percent'),
  thresholdPoints: integer('threshold_points').notNull().default(0),
  /**
   * Valid only for this product. No foreign key: a product that was never ordered may be deleted,
   * and its coupons then apply to nothing.
   */
  productId: integer('product_id'),
  validStartDate: date('valid_start_date').notNull(),
  validEndDate: date('valid_end_date').notNull(),
  quantityPerUser: integer('quantity_per_user').notNull().default(1),
  remark: text('remark'),
  givenNum: integer('given_num').notNull().default(0),
  /** The giver's office: the batch belongs to that organisation. */
  officeId: text('office_id').notNull().references(() => offices.id),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, () => [
  check('coupons_kind', sql`(coupon_type = 1 and face_value > 0) or (coupon_type = 2 and discount_percent between 1 and 99)`),
  check('coupons_valid_span', sql`valid_end_date >= valid_start_date`),
]);

/** 1 unused, 2 used; an unused coupon past its batch's last day is answered as 3 expired. */
export const userCoupons = pgTable('user_coupons', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  couponId: integer('coupon_id').notNull().references(() => coupons.id, { onDelete: 'cascade' }),
  couponNo: text('coupon_no').notNull(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  status: smallint('status').notNull().default(1),
  orderId: integer('order_id'),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  check('user_coupons_status', sql`(status = 1 and order_id is null) or (status = 2 and order_id is not null)`),
  uniqueIndex('user_coupons_no_uq').on(t.couponNo),
  index('user_coupons_user_idx').on(t.userId, t.status),
  index('user_coupons_coupon_idx').on(t.couponId),
  index('user_coupons_created_idx').on(t.createdAt, t.id),
]);

/** 1 pending shipment, 2 shipped, 3 completed, 4 cancelled (openapi/paths/orders.yaml). */
export const mallOrders = pgTable('mall_orders', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  orderNo: text('order_no').notNull(),
  userId: text('user_id').notNull().references(() => users.id),
  productId: integer('product_id').notNull().references(() => products.id),
  productName: text('product_name').notNull(),
  productImage: text('product_image'),
  quantity: integer('quantity').notNull(),
  pointsPrice: integer('points_price').notNull(),
  totalPoints: integer('total_points').notNull(),
  memberDiscountPoints: integer('member_discount_points').notNull().default(0),
  couponDeductPoints: integer('coupon_deduct_points').notNull().default(0),
  payPoints: integer('pay_points').notNull(),
  userCouponId: integer('user_coupon_id').references(() => userCoupons.id, { onDelete: 'set null' }),
  couponName: text('coupon_name'),
  status: smallint('status').notNull().default(1),
  receiverName: text('receiver_name').notNull(),
  receiverPhone: text('receiver_phone').notNull(),
  receiverAddress: text('receiver_address').notNull(),
  buyerRemark: text('buyer_remark'),
  carrier: text('carrier'),
  trackingNo: text('tracking_no'),
  cancelReason: text('cancel_reason'),
  operatorName: text('operator_name'),
  shippedAt: timestamp('shipped_at', { withTimezone: true }),
  receivedAt: timestamp('received_at', { withTimezone: true }),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  check('mall_orders_status', sql`status in (1, 2, 3, 4)`),
  check('mall_orders_points', sql`quantity between 1 and 99 and pay_points >= 0 and pay_points = total_points - member_discount_points - coupon_deduct_points`),
  uniqueIndex('mall_orders_no_uq').on(t.orderNo),
  index('mall_orders_user_idx').on(t.userId, t.createdAt, t.id),
  index('mall_orders_product_idx').on(t.productId, t.userId),
  index('mall_orders_created_idx').on(t.createdAt, t.id),
]);
