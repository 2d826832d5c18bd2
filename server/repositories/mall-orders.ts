// Orders of the points mall. Placing one spends the coupon, points and stock in one transaction,
// locking in a fixed order (the coupon, the buyer's balance in the ledger, then the product row),
// so that concurrent orders can neither take a balance below zero nor oversell the product, and
// hold the product's row only at their end. A cancellation gives all three back in the same order.
// Buyers see and handle their own orders; staff the orders of users in their organisations.
import { and, desc, eq, gte, ilike, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { coupons, mallOrders, offices, products, userCoupons, users } from '../db/schema/index.ts';
import { orderPoints } from '../../src/lib/order-points.ts';
import { nextOrderStatus, ORDER_STATUS, type OrderAction } from '../domain/mall/order-status.ts';
import { fieldError, notFoundOrForbidden } from '../errors.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { creditPoints, debitPoints, lockBalances } from '../services/points-ledger.ts';
import { memberDiscountFor } from '../services/member-level.ts';
import { PRODUCT_STATUS } from './mall-products.ts';
import { couponUsable, todayInDb } from './mall-coupons.ts';
import { listKey, pageWindow, readPage, type Page, type PageRequest } from './paging.ts';
import { callerScope, escapeLike, objectScope, resolveScope, type Scope } from './scope.ts';

type OrderRow = typeof mallOrders.$inferSelect;

const iso = (d: Date | null) => d?.toISOString();
const text = (v: string | null) => v ?? undefined;

export function orderDto(row: OrderRow, buyer: { loginName: string; nickname: string; officeId: string; officeName: string }) {
  return {
    id: row.id, orderNo: row.orderNo, userId: row.userId, loginName: buyer.loginName, nickname: buyer.nickname,
    officeId: buyer.officeId, officeName: buyer.officeName, productId: row.productId, productName: row.productName,
    productImage: text(row.productImage), quantity: row.quantity, pointsPrice: row.pointsPrice, totalPoints: row.totalPoints,
    memberDiscountPoints: row.memberDiscountPoints, couponDeductPoints: row.couponDeductPoints, payPoints: row.payPoints,
    userCouponId: row.userCouponId ?? undefined, couponName: text(row.couponName), status: row.status as 1 | 2 | 3 | 4,
    receiverName: row.receiverName, receiverPhone: row.receiverPhone, receiverAddress: row.receiverAddress,
    buyerRemark: text(row.buyerRemark), carrier: text(row.carrier), trackingNo: text(row.trackingNo), cancelReason: text(row.cancelReason),
    operatorName: text(row.operatorName), shipTime: iso(row.shippedAt), receiptTime: iso(row.receivedAt), cancelTime: iso(row.cancelledAt),
    createTime: row.createdAt.toISOString(), updateTime: row.updatedAt.toISOString(),
  };
}
export type OrderDto = ReturnType<typeof orderDto>;

const buyerColumns = { loginName: users.loginName, nickname: users.nickname, officeId: users.officeId, officeName: offices.name };

/** Orders with their buyers' names and offices, joined as every answer needs them. */
const ordersWithBuyers = (db: Db | Tx) => db.select({ row: mallOrders, ...buyerColumns }).from(mallOrders)
  .innerJoin(users, eq(users.id, mallOrders.userId)).innerJoin(offices, eq(offices.id, users.officeId));

/** Orders in the scope: of users in its offices, or the caller's own while it is not narrowed. */
const orderScope = (scope: Scope) => objectScope(scope, { officeId: users.officeId, ownerId: mallOrders.userId });

export interface OrderFilter extends PageRequest {
  searchOfficeIdArr?: string | undefined;
  orderNo?: string | undefined;
  status?: number | undefined;
  keyword?: string | undefined;
  productName?: string | undefined;
  productId?: number | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
}

function filterCondition(filter: OrderFilter): SQL | undefined {
  const like = (value: string) => `%${escapeLike(value)}%`;
  const dayAfter = (day: string) => sql`(${day}::date + 1)`;
  return and(
    filter.orderNo ? ilike(mallOrders.orderNo, like(filter.orderNo)) : undefined,
    filter.status !== undefined ? eq(mallOrders.status, filter.status) : undefined,
    filter.keyword ? or(ilike(users.loginName, like(filter.keyword)), ilike(users.nickname, like(filter.keyword)),
      ilike(mallOrders.receiverName, like(filter.keyword)), ilike(mallOrders.receiverPhone, like(filter.keyword))) : undefined,
    filter.productName ? ilike(mallOrders.productName, like(filter.productName)) : undefined,
    filter.productId !== undefined ? eq(mallOrders.productId, filter.productId) : undefined,
    filter.startDate ? gte(mallOrders.createdAt, sql`${filter.startDate}::date`) : undefined,
    filter.endDate ? lt(mallOrders.createdAt, dayAfter(filter.endDate)) : undefined,
  );
}

async function pageOf(db: Db, key: string, condition: SQL | undefined, request: PageRequest): Promise<Page<OrderDto>> {
  const { pageNo, pageSize, offset } = pageWindow(request);
  const { rows, total } = await readPage(db, key,
    () => db.select({ id: mallOrders.id }).from(mallOrders).innerJoin(users, eq(users.id, mallOrders.userId)).where(condition).$dynamic(),
    (extra) => db.select({ row: mallOrders, ...buyerColumns, ...extra }).from(mallOrders)
      .innerJoin(users, eq(users.id, mallOrders.userId)).innerJoin(offices, eq(offices.id, users.officeId))
      .where(condition).orderBy(desc(mallOrders.createdAt), desc(mallOrders.id)).limit(pageSize).offset(offset));
  return { list: rows.map(({ row, ...buyer }) => orderDto(row, buyer)), total, pageNo, pageSize };
}

/** The orders of users in the caller's organisations (narrowed by searchOfficeIdArr). */
export async function pageOrders(db: Db, caller: AuthContext, filter: OrderFilter): Promise<Page<OrderDto>> {
  const scope = await resolveScope(db, caller, filter.searchOfficeIdArr);
  const { pageNo: _p, pageSize: _s, ...criteria } = filter;
  return pageOf(db, listKey('orders', caller, criteria), and(orderScope(scope), filterCondition(filter)), filter);
}

/** The caller's own orders. */
export async function pageOwnOrders(db: Db, caller: AuthContext, filter: PageRequest & { status?: number | undefined }): Promise<Page<OrderDto>> {
  const condition = and(eq(mallOrders.userId, caller.userId), filter.status !== undefined ? eq(mallOrders.status, filter.status) : undefined);
  return pageOf(db, listKey('ownOrders', caller, { status: filter.status }), condition, filter);
}

/** The rows an export holds, newest first, at most `limit`. */
export async function exportOrderRows(db: Db, caller: AuthContext, filter: OrderFilter, limit: number): Promise<OrderDto[]> {
  const scope = await resolveScope(db, caller, filter.searchOfficeIdArr);
  const rows = await ordersWithBuyers(db).where(and(orderScope(scope), filterCondition(filter)))
    .orderBy(desc(mallOrders.createdAt), desc(mallOrders.id)).limit(limit);
  return rows.map(({ row, ...buyer }) => orderDto(row, buyer));
}

/**
 * Whose orders the caller may see or handle: staff holding one of the permissions, the orders of
 * their organisations and their own; anyone else, their own only.
 */
const callerOrders = (caller: AuthContext, staff: boolean): SQL =>
  (staff ? orderScope(callerScope(caller)) : eq(mallOrders.userId, caller.userId));

export async function orderDetail(db: Db, caller: AuthContext, id: number, staff: boolean): Promise<OrderDto> {
  const [found] = await ordersWithBuyers(db).where(and(eq(mallOrders.id, id), callerOrders(caller, staff)));
  if (!found) throw notFoundOrForbidden();
  const { row, ...buyer } = found;
  return orderDto(row, buyer);
}

export interface PlaceOrderInput {
  productId: number;
  quantity: number;
  receiverName: string;
  receiverPhone: string;
  receiverAddress: string;
  userCouponId?: number | undefined;
  buyerRemark?: string | undefined;
}

/** M, the order's day and its id: unique, and readable over the phone. */
export const orderNumber = (id: number, at: Date) => `M${at.toISOString().slice(0, 10).replaceAll('-', '')}${String(id).padStart(8, '0')}`;

/** The coupon the order applies, locked: the caller's, unused, valid today, for this product and amount. */
async function applicableCoupon(tx: Tx, caller: AuthContext, userCouponId: number, productId: number, totalPoints: number) {
  const [held] = await tx.select({ userCoupon: userCoupons, coupon: coupons }).from(userCoupons)
    .innerJoin(coupons, eq(coupons.id, userCoupons.couponId))
    .where(and(eq(userCoupons.id, userCouponId), eq(userCoupons.userId, caller.userId))).for('update', { of: userCoupons });
  if (!held) throw fieldError('userCouponId', 'couponNotHeld');
  couponUsable(held.userCoupon, held.coupon, await todayInDb(tx), productId, totalPoints);
  return held;
}

/** How much of the product the caller holds in orders that were not cancelled. */
async function boughtBefore(tx: Tx, userId: string, productId: number): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`coalesce(sum(${mallOrders.quantity}), 0)::int` }).from(mallOrders)
    .where(and(eq(mallOrders.productId, productId), eq(mallOrders.userId, userId), ne(mallOrders.status, ORDER_STATUS.cancelled)));
  return row?.n ?? 0;
}

export async function placeOrder(db: Db, caller: AuthContext, input: PlaceOrderInput): Promise<OrderDto> {
  const row = await db.transaction(async (tx) => {
    // Read without a lock: what the order costs. The stock is taken last, under the row's lock,
    // with its status and stock checked again, so that concurrent orders hold the product's row
    // only from there to their commit while their points are being debited side by side.
    const [product] = await tx.select().from(products).where(eq(products.id, input.productId));
    if (!product || product.status !== PRODUCT_STATUS.onShelf) throw fieldError('productId', 'productNotOnShelf');
    if (input.quantity > product.stock) throw fieldError('quantity', 'stockShort', { stock: product.stock });
    const totalPoints = product.pointsPrice * input.quantity;
    const held = input.userCouponId !== undefined ? await applicableCoupon(tx, caller, input.userCouponId, product.id, totalPoints) : undefined;
    const { discountPercent } = await memberDiscountFor(tx, caller.userId);
    const points = orderPoints(product.pointsPrice, input.quantity, discountPercent, held?.coupon);
    const [{ id } = { id: 0 }] = (await tx.execute(sql`select nextval(pg_get_serial_sequence('mall_orders', 'id'))::int as id`) as unknown as { rows: { id: number }[] }).rows;
    const now = new Date();
    const orderNo = orderNumber(id, now);
    // The buyer's balance row, locked by the debit (or alone when nothing is to pay), queues the
    // buyer's own orders one after another: the limit below counts every earlier one.
    if (points.payPoints > 0) {
      await debitPoints(tx, { userId: caller.userId, points: points.payPoints, reason: `Order ${orderNo}`, source: 'order', sourceId: id, field: 'quantity' });
    } else {
      await lockBalances(tx, [caller.userId]);
    }
    if (product.limitPerUser > 0) {
      const bought = await boughtBefore(tx, caller.userId, product.id);
      if (bought + input.quantity > product.limitPerUser) throw fieldError('quantity', 'limitPerUser', { limit: product.limitPerUser, bought });
    }
    const [taken] = await tx.update(products).set({ stock: sql`${products.stock} - ${input.quantity}`, soldNum: sql`${products.soldNum} + ${input.quantity}` })
      .where(and(eq(products.id, product.id), eq(products.status, PRODUCT_STATUS.onShelf), gte(products.stock, input.quantity)))
      .returning({ id: products.id });
    if (!taken) {
      const [current] = await tx.select({ status: products.status, stock: products.stock }).from(products).where(eq(products.id, product.id));
      if (current?.status !== PRODUCT_STATUS.onShelf) throw fieldError('productId', 'productNotOnShelf');
      throw fieldError('quantity', 'stockShort', { stock: current.stock });
    }
    const [order] = await tx.insert(mallOrders).values({
      id, orderNo, userId: caller.userId, productId: product.id, productName: product.productName,
      productImage: product.images[0] ?? null, quantity: input.quantity, pointsPrice: product.pointsPrice, ...points,
      userCouponId: held?.userCoupon.id ?? null, couponName: held?.coupon.couponName ?? null,
      receiverName: input.receiverName, receiverPhone: input.receiverPhone, receiverAddress: input.receiverAddress,
      buyerRemark: input.buyerRemark ?? null, operatorName: caller.nickname || caller.loginName, createdAt: now, updatedAt: now,
    }).returning();
    if (held) await tx.update(userCoupons).set({ status: 2, orderId: id, usedAt: now }).where(eq(userCoupons.id, held.userCoupon.id));
    return order!;
  });
  return orderDetail(db, caller, row.id, false);
}

export interface TransitionInput {
  id: number;
  carrier?: string | undefined;
  trackingNo?: string | undefined;
  cancelReason?: string | undefined;
}

/**
 * Moves an order along its state machine, locked for the change; a move its status does not allow
 * is 10003 on `status`. A cancellation gives back the stock (and the sale), the coupon (unless
 * it has expired meanwhile) and the points, in the same transaction.
 */
export async function changeOrder(db: Db, caller: AuthContext, action: OrderAction, input: TransitionInput, staff: boolean): Promise<OrderDto> {
  await db.transaction(async (tx) => {
    const [found] = await tx.select({ row: mallOrders }).from(mallOrders).innerJoin(users, eq(users.id, mallOrders.userId))
      .where(and(eq(mallOrders.id, input.id), callerOrders(caller, staff))).for('update', { of: mallOrders });
    if (!found) throw notFoundOrForbidden();
    const order = found.row;
    const next = nextOrderStatus(order.status, action);
    if (!next) throw fieldError('status', `order${action[0]!.toUpperCase()}${action.slice(1)}NotAllowed`, { value: order.status });
    const now = new Date();
    const common = { status: next, operatorName: caller.nickname || caller.loginName, updatedAt: now };
    if (action === 'ship') {
      await tx.update(mallOrders).set({ ...common, carrier: input.carrier!, trackingNo: input.trackingNo!, shippedAt: now }).where(eq(mallOrders.id, order.id));
    } else if (action === 'receipt') {
      await tx.update(mallOrders).set({ ...common, receivedAt: now }).where(eq(mallOrders.id, order.id));
    } else {
      await tx.update(mallOrders).set({ ...common, cancelReason: input.cancelReason ?? null, cancelledAt: now }).where(eq(mallOrders.id, order.id));
      await refund(tx, order);
    }
  });
  return orderDetail(db, caller, input.id, staff);
}

async function refund(tx: Tx, order: OrderRow) {
  // Locks in placeOrder's order (coupon, balance, product), so that the two never wait on each other.
  if (order.userCouponId !== null) {
    // An expired coupon stays used: it could not be spent again, and "expired" would misstate what happened to it.
    await tx.update(userCoupons).set({ status: 1, orderId: null, usedAt: null })
      .where(and(eq(userCoupons.id, order.userCouponId), eq(userCoupons.orderId, order.id),
        sql`(select c.valid_end_date from coupons c where c.id = user_coupons.coupon_id) >= current_date`));
  }
  if (order.payPoints > 0) {
    await creditPoints(tx, { userId: order.userId, points: order.payPoints, reason: `Refund of order ${order.orderNo}`, source: 'orderRefund', sourceId: order.id });
  }
  await tx.update(products).set({ stock: sql`${products.stock} + ${order.quantity}`, soldNum: sql`${products.soldNum} - ${order.quantity}` })
    .where(eq(products.id, order.productId));
}
