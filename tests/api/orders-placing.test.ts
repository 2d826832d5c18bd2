// placeOrder's rules and what a cancellation gives back: points (after the member discount and
// the coupon), stock, the per-user limit, the coupon; each refusal names its field and changes nothing.
// Balances are compared with what they were after the buyer's login (a daily login earns points),
// and the member discount is the one the buyer's level gives (the demo's levels: 5% from 1,000
// points earned).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { balanceOf, freshEndUser, givePoints, ledgerSum, orderForm, productOnShelf, type FieldErrors, type Order, type Product } from '../fixtures/mall.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.api.login('admin')).token;
});
afterAll(() => t.close());

async function buyerWith(points: number) {
  const user = await freshEndUser(t);
  if (points > 0) await givePoints(t, user.userId, points);
  return { ...user, token: (await t.api.login(user.login)).token };
}

const place = (token: string, form: Record<string, string | number | undefined>) => t.api.post<Order & FieldErrors>('/api/v1/point/order/placeOrder', { token, form });
const productById = async (id: number) => (await t.api.get<{ list: Product[] }>('/api/v1/point/product/pageProduct', { token: admin, query: { id } })).body.data.list[0]!;
const rules = (data: FieldErrors | null | undefined) => data?.errors.map(({ field, rule }) => ({ field, rule }));

async function giveCoupon(userId: string, terms: Record<string, string | number | undefined>) {
  const today = new Date().toISOString().slice(0, 10);
  const { body } = await t.api.post<{ id: number }>('/api/v1/point/coupon/giveCoupon', {
    token: admin, form: { couponName: 'Test coupon', couponType: 1, faceValue: 50, validStartDate: today, validEndDate: '2099-12-31', userIdArr: userId, ...terms },
  });
  expect(body.errCode).toBe(0);
  const mine = await t.api.get<{ list: { id: number; couponId: number; status: number }[] }>('/api/v1/point/coupon/pageUserCoupon', { token: admin, query: { couponId: body.data.id } });
  return mine.body.data.list[0]!.id;
}

describe('placing an order', () => {
  it('spends points and stock, and the ledger says so', async () => {
    const buyer = await buyerWith(1000);
    const product = await productOnShelf(t, admin, { pointsPrice: 120, stock: 5 });
    const before = await balanceOf(t, buyer.userId);
    const { body } = await place(buyer.token, orderForm(product.id, { quantity: 3, buyerRemark: 'Leave at the door' }));
    expect(body.errCode).toBe(0);
    expect(body.data).toMatchObject({ status: 1, quantity: 3, pointsPrice: 120, totalPoints: 360, couponDeductPoints: 0, buyerRemark: 'Leave at the door', orderNo: expect.stringMatching(/^M\d{16}$/) });
    expect(body.data.memberDiscountPoints).toBe(Math.floor(360 * 0.05));
    expect(body.data.payPoints).toBe(360 - body.data.memberDiscountPoints);
    expect(await balanceOf(t, buyer.userId)).toBe(before - body.data.payPoints);
    expect(await ledgerSum(t, buyer.userId)).toBe(before - body.data.payPoints);
    expect(await productById(product.id)).toMatchObject({ stock: 2, soldNum: 3 });
  });

  it('refuses beyond the stock, the balance or an unpublished product, naming the field and changing nothing', async () => {
    const buyer = await buyerWith(500);
    const product = await productOnShelf(t, admin, { pointsPrice: 100, stock: 3 });
    expect(rules((await place(buyer.token, orderForm(product.id, { quantity: 4 }))).body.data)).toEqual([{ field: 'quantity', rule: 'stockShort' }]);
    const poor = await place(buyer.token, orderForm(product.id, { quantity: 3 }));
    expect(poor.body.errCode).toBe(0);
    expect(rules((await place(buyer.token, orderForm(product.id, { quantity: 0 }))).body.data)).toEqual([{ field: 'quantity', rule: 'minimum' }]);

    const left = await balanceOf(t, buyer.userId);
    const pricey = await productOnShelf(t, admin, { pointsPrice: left + 100, stock: 3 });
    expect(rules((await place(buyer.token, orderForm(pricey.id))).body.data)).toEqual([{ field: 'quantity', rule: 'insufficientPoints' }]);
    expect(await productById(pricey.id)).toMatchObject({ stock: 3, soldNum: 0 });
    expect(await balanceOf(t, buyer.userId)).toBe(left);

    await t.api.post('/api/v1/point/product/offShelfProduct', { token: admin, form: { id: pricey.id } });
    expect(rules((await place(buyer.token, orderForm(pricey.id))).body.data)).toEqual([{ field: 'productId', rule: 'productNotOnShelf' }]);
    expect(rules((await place(buyer.token, orderForm(999_999))).body.data)).toEqual([{ field: 'productId', rule: 'productNotOnShelf' }]);
  });

  it('keeps to the per-user limit, counting orders not cancelled', async () => {
    const buyer = await buyerWith(10_000);
    const product = await productOnShelf(t, admin, { pointsPrice: 10, stock: 100, limitPerUser: 3 });
    const first = await place(buyer.token, orderForm(product.id, { quantity: 2 }));
    const refused = await place(buyer.token, orderForm(product.id, { quantity: 2 }));
    expect(rules(refused.body.data)).toEqual([{ field: 'quantity', rule: 'limitPerUser' }]);
    expect(refused.body.errMsg).toBe('quantity: at most 3 per user, and you have ordered 2 already');
    expect((await place(buyer.token, orderForm(product.id, { quantity: 1 }))).body.errCode).toBe(0);
    await t.api.post('/api/v1/point/order/cancelOrder', { token: buyer.token, form: { id: first.body.data.id } });
    expect((await place(buyer.token, orderForm(product.id, { quantity: 2 }))).body.errCode).toBe(0);
    const other = await buyerWith(1000);
    expect((await place(other.token, orderForm(product.id, { quantity: 3 }))).body.errCode).toBe(0);
  });

  it('applies a coupon after the points, and gives back points, stock and coupon on cancellation', async () => {
    const buyer = await buyerWith(1000);
    const product = await productOnShelf(t, admin, { pointsPrice: 200, stock: 10 });
    const coupon = await giveCoupon(buyer.userId, { faceValue: 150, thresholdPoints: 300, productId: product.id });
    const before = await balanceOf(t, buyer.userId);
    const { body } = await place(buyer.token, orderForm(product.id, { quantity: 2, userCouponId: coupon }));
    expect(body.data).toMatchObject({ totalPoints: 400, memberDiscountPoints: 20, couponDeductPoints: 150, payPoints: 230, userCouponId: coupon, couponName: 'Test coupon' });
    expect(await balanceOf(t, buyer.userId)).toBe(before - 230);
    const personal = await t.api.get<{ list: { id: number; status: number; orderNo?: string }[] }>('/api/v1/point/coupon/pagePersonalUserCoupon', { token: buyer.token });
    expect(personal.body.data.list.find((c) => c.id === coupon)).toMatchObject({ status: 2, orderNo: body.data.orderNo });
    expect(rules((await place(buyer.token, orderForm(product.id, { userCouponId: coupon, quantity: 2 }))).body.data)).toEqual([{ field: 'userCouponId', rule: 'couponUsed' }]);

    const cancelled = await t.api.post<Order>('/api/v1/point/order/cancelOrder', { token: buyer.token, form: { id: body.data.id, cancelReason: 'Changed my mind' } });
    expect(cancelled.body.data).toMatchObject({ status: 4, cancelReason: 'Changed my mind' });
    expect(await balanceOf(t, buyer.userId)).toBe(before);
    expect(await ledgerSum(t, buyer.userId)).toBe(before);
    expect(await productById(product.id)).toMatchObject({ stock: 10, soldNum: 0 });
    const after = await t.api.get<{ list: { id: number; status: number }[] }>('/api/v1/point/coupon/pagePersonalUserCoupon', { token: buyer.token, query: { status: 1 } });
    expect(after.body.data.list.map((c) => c.id)).toContain(coupon);
  });

  it('takes a discount coupon as a percentage of the points left after the member discount', async () => {
    const buyer = await buyerWith(1000);
    const product = await productOnShelf(t, admin, { pointsPrice: 333, stock: 10 });
    const coupon = await giveCoupon(buyer.userId, { couponType: 2, discountPercent: 10, faceValue: undefined });
    const { body } = await place(buyer.token, orderForm(product.id, { userCouponId: coupon }));
    expect(body.data).toMatchObject({ totalPoints: 333, memberDiscountPoints: 16, couponDeductPoints: 31, payPoints: 286 });
  });

  it('refuses a coupon that is not the caller\'s, for another product or below its threshold', async () => {
    const buyer = await buyerWith(1000);
    const other = await buyerWith(0);
    const product = await productOnShelf(t, admin, { pointsPrice: 100, stock: 10 });
    const another = await productOnShelf(t, admin, { pointsPrice: 100, stock: 10 });
    const foreign = await giveCoupon(other.userId, {});
    expect(rules((await place(buyer.token, orderForm(product.id, { userCouponId: foreign }))).body.data)).toEqual([{ field: 'userCouponId', rule: 'couponNotHeld' }]);
    const elsewhere = await giveCoupon(buyer.userId, { productId: another.id });
    expect(rules((await place(buyer.token, orderForm(product.id, { userCouponId: elsewhere }))).body.data)).toEqual([{ field: 'userCouponId', rule: 'couponOtherProduct' }]);
    const threshold = await giveCoupon(buyer.userId, { thresholdPoints: 500 });
    expect(rules((await place(buyer.token, orderForm(product.id, { userCouponId: threshold }))).body.data)).toEqual([{ field: 'userCouponId', rule: 'couponThreshold' }]);
    const later = await giveCoupon(buyer.userId, { validStartDate: '2099-01-01' });
    const before = await balanceOf(t, buyer.userId);
    expect(rules((await place(buyer.token, orderForm(product.id, { userCouponId: later }))).body.data)).toEqual([{ field: 'userCouponId', rule: 'couponNotStarted' }]);
    expect(await balanceOf(t, buyer.userId)).toBe(before);
    expect(await productById(product.id)).toMatchObject({ stock: 10 });
  });
});
