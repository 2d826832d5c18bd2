// Coupons: given to chosen users of the caller's organisations (another tree's user is 10005 and
// nothing is stored), their refusals naming the field, the holders' and the personal lists, the
// statistics (given, used, expired), and a coupon that expires while its order waits.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, userCoupons } from '../../server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { freshEndUser, givePoints, orderForm, productOnShelf, secondTreeAdmin, userIdOf, type FieldErrors, type Order } from '../fixtures/mall.ts';

let t: TestApp;
let admin: string;
let admin2: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.api.login('admin')).token;
  admin2 = (await t.api.login(await secondTreeAdmin(t))).token;
});
afterAll(() => t.close());

interface UserCoupon { id: number; couponId: number; couponNo: string; status: number; userId: string; nickname: string; validEndDate: string; orderNo?: string }
type Page<T> = { list: T[]; total: number };
interface Stats { givenNum: number; unusedNum: number; usedNum: number; expiredNum: number; userNum: number; usedRate: number; deductedPoints: number }

const today = () => new Date().toISOString().slice(0, 10);
const give = (form: Record<string, string | number | undefined>, token = admin) => t.api.post<{ id: number; givenNum: number; usedNum: number } & FieldErrors>('/api/v1/point/coupon/giveCoupon', {
  token, form: { couponName: 'Spring coupon', couponType: 1, faceValue: 30, validStartDate: today(), validEndDate: '2099-12-31', ...form },
});
const rules = (data: FieldErrors | null | undefined) => data?.errors.map(({ field, rule }) => ({ field, rule }));
const held = (couponId: number, token = admin) => t.api.get<Page<UserCoupon>>('/api/v1/point/coupon/pageUserCoupon', { token, query: { couponId, pageSize: 100 } });
const stats = (couponId: number, token = admin) => t.api.get<Stats>('/api/v1/point/coupon/userCouponStatistics', { token, query: { couponId } });

describe('giving coupons', () => {
  it('gives quantityPerUser coupons to every chosen user, each with its own number', async () => {
    const [a, b] = [await freshEndUser(t), await freshEndUser(t, '12')];
    const { body } = await give({ userIdArr: `${a.userId},${b.userId}`, quantityPerUser: 2 });
    expect(body.errCode).toBe(0);
    expect(body.data).toMatchObject({ givenNum: 4, usedNum: 0, couponName: 'Spring coupon', operatorName: 'Ada Admin' });
    const list = (await held(body.data.id)).body.data;
    expect(list.total).toBe(4);
    expect(new Set(list.list.map((c) => c.couponNo)).size).toBe(4);
    expect(list.list.filter((c) => c.userId === a.userId)).toHaveLength(2);
    expect((await stats(body.data.id)).body.data).toEqual({ givenNum: 4, unusedNum: 4, usedNum: 0, expiredNum: 0, userNum: 2, usedRate: 0, deductedPoints: 0 });
  });

  it('refuses a user of another tree with 10005 and stores nothing', async () => {
    const mine = await freshEndUser(t);
    const owner2 = await userIdOf(t, 'owner2');
    const before = await t.database.db.select({ id: coupons.id }).from(coupons);
    const { body } = await give({ userIdArr: `${mine.userId},${owner2}` });
    expect(body.errCode).toBe(10005);
    expect(await t.database.db.select({ id: coupons.id }).from(coupons)).toHaveLength(before.length);
    expect((await give({ userIdArr: mine.userId }, admin2)).body.errCode).toBe(10005);
  });

  it('names the field of every other refusal', async () => {
    const user = await freshEndUser(t);
    expect(rules((await give({ userIdArr: `${user.userId},${user.userId}` })).body.data)).toEqual([{ field: 'userIdArr', rule: 'duplicate' }]);
    expect(rules((await give({ userIdArr: 'no-such-user' })).body.data)).toEqual([{ field: 'userIdArr', rule: 'exists' }]);
    expect(rules((await give({ userIdArr: user.userId, validStartDate: '2099-12-31', validEndDate: '2099-01-01' })).body.data)).toEqual([{ field: 'validEndDate', rule: 'notBefore' }]);
    expect(rules((await give({ userIdArr: user.userId, validStartDate: '2020-01-01', validEndDate: '2020-12-31' })).body.data)).toEqual([{ field: 'validEndDate', rule: 'notPast' }]);
    expect(rules((await give({ userIdArr: user.userId, faceValue: undefined })).body.data)).toEqual([{ field: 'faceValue', rule: 'required' }]);
    expect(rules((await give({ userIdArr: user.userId, couponType: 2, faceValue: undefined })).body.data)).toEqual([{ field: 'discountPercent', rule: 'required' }]);
    expect(rules((await give({ userIdArr: user.userId, productId: 999_999 })).body.data)).toEqual([{ field: 'productId', rule: 'exists' }]);
  });

  it('lists the holder\'s own coupons, unused first and soonest to end first', async () => {
    const user = await freshEndUser(t);
    const token = (await t.api.login(user.login)).token;
    await give({ userIdArr: user.userId, couponName: 'Late', validEndDate: '2099-12-31' });
    await give({ userIdArr: user.userId, couponName: 'Soon', validEndDate: '2098-01-01' });
    const expiring = (await give({ userIdArr: user.userId, couponName: 'Gone' })).body.data.id;
    await t.database.db.update(coupons).set({ validStartDate: '2020-01-01', validEndDate: '2020-01-31' }).where(eq(coupons.id, expiring));
    const mine = await t.api.get<Page<UserCoupon & { couponName: string }>>('/api/v1/point/coupon/pagePersonalUserCoupon', { token });
    expect(mine.body.data.list.map((c) => [c.couponName, c.status])).toEqual([['Soon', 1], ['Late', 1], ['Gone', 3]]);
    const expired = await t.api.get<Page<UserCoupon>>('/api/v1/point/coupon/pagePersonalUserCoupon', { token, query: { status: 3 } });
    expect(expired.body.data.total).toBe(1);
    const other = await t.api.get<Page<UserCoupon>>('/api/v1/point/coupon/pagePersonalUserCoupon', { token: (await t.api.login((await freshEndUser(t)).login)).token });
    expect(other.body.data.total).toBe(0);
  });

  it('counts used and expired coupons and the points they took off; another tree sees none of them', async () => {
    const [a, b, c] = [await freshEndUser(t), await freshEndUser(t), await freshEndUser(t)];
    await givePoints(t, a.userId, 1000);
    const product = await productOnShelf(t, admin, { pointsPrice: 100, stock: 10 });
    const batch = (await give({ userIdArr: `${a.userId},${b.userId},${c.userId}`, couponName: `Stats ${a.login}` })).body.data.id;
    const coupon = (await held(batch)).body.data.list.find((x) => x.userId === a.userId)!;
    const buyer = (await t.api.login(a.login)).token;
    expect((await t.api.post('/api/v1/point/order/placeOrder', { token: buyer, form: orderForm(product.id, { userCouponId: coupon.id }) })).body.errCode).toBe(0);
    expect((await stats(batch)).body.data).toEqual({ givenNum: 3, unusedNum: 2, usedNum: 1, expiredNum: 0, userNum: 3, usedRate: 33.3, deductedPoints: 30 });
    await t.database.db.update(coupons).set({ validStartDate: '2020-01-01', validEndDate: '2020-01-31' }).where(eq(coupons.id, batch));
    expect((await stats(batch)).body.data).toMatchObject({ unusedNum: 0, usedNum: 1, expiredNum: 2 });
    expect((await held(batch, admin2)).body.data.total).toBe(0);
    expect((await stats(batch, admin2)).body.data).toMatchObject({ givenNum: 0, usedRate: 0 });
  });

  it('keeps a coupon used when its order is cancelled after the coupon expired, and refuses an expired one', async () => {
    const user = await freshEndUser(t);
    await givePoints(t, user.userId, 1000);
    const token = (await t.api.login(user.login)).token;
    const product = await productOnShelf(t, admin, { pointsPrice: 100, stock: 10 });
    const batch = (await give({ userIdArr: user.userId, quantityPerUser: 2 })).body.data.id;
    const [first, second] = (await held(batch)).body.data.list;
    const order = (await t.api.post<Order>('/api/v1/point/order/placeOrder', { token, form: orderForm(product.id, { userCouponId: first!.id }) })).body.data;
    await t.database.db.update(coupons).set({ validStartDate: '2020-01-01', validEndDate: '2020-01-31' }).where(eq(coupons.id, batch));
    const refused = await t.api.post<FieldErrors>('/api/v1/point/order/placeOrder', { token, form: orderForm(product.id, { userCouponId: second!.id }) });
    expect(rules(refused.body.data)).toEqual([{ field: 'userCouponId', rule: 'couponExpired' }]);
    expect((await t.api.post('/api/v1/point/order/cancelOrder', { token, form: { id: order.id } })).body.errCode).toBe(0);
    const [kept] = await t.database.db.select().from(userCoupons).where(eq(userCoupons.id, first!.id));
    expect(kept).toMatchObject({ status: 2, orderId: order.id });
  });
});
