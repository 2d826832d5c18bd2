// Sixteen orders at once on the same product and buyer: the product row and the balance are
// locked in turn, so stock is never oversold, the balance never goes below zero, and the ledger's
// sum stays the balance, whichever orders win. Balances are compared with what they were after
// the buyer's login (a daily login earns points); each order pays what its answer says.
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

const CONCURRENT = 16;
const place = (token: string, productId: number) => t.api.post<Order & FieldErrors>('/api/v1/point/order/placeOrder', { token, form: orderForm(productId) });
const productById = async (id: number) => (await t.api.get<{ list: Product[] }>('/api/v1/point/product/pageProduct', { token: admin, query: { id } })).body.data.list[0]!;

describe('concurrent orders', () => {
  it('never oversell the stock', async () => {
    const buyer = await freshEndUser(t);
    await givePoints(t, buyer.userId, 100_000);
    const token = (await t.api.login(buyer.login)).token;
    const before = await balanceOf(t, buyer.userId);
    const product = await productOnShelf(t, admin, { pointsPrice: 10, stock: 5 });
    const answers = await Promise.all(Array.from({ length: CONCURRENT }, () => place(token, product.id)));
    const placed = answers.filter((a) => a.body.errCode === 0);
    expect(placed).toHaveLength(5);
    expect(answers.filter((a) => a.body.errCode !== 0).map((a) => a.body.data?.errors[0]?.rule)).toEqual(Array(CONCURRENT - 5).fill('stockShort'));
    expect(await productById(product.id)).toMatchObject({ stock: 0, soldNum: 5 });
    const paid = placed.reduce((sum, a) => sum + a.body.data.payPoints, 0);
    expect(await balanceOf(t, buyer.userId)).toBe(before - paid);
    expect(await ledgerSum(t, buyer.userId)).toBe(before - paid);
  });

  it('never take the balance below zero', async () => {
    const buyer = await freshEndUser(t);
    await givePoints(t, buyer.userId, 250);
    const token = (await t.api.login(buyer.login)).token;
    const before = await balanceOf(t, buyer.userId);
    const product = await productOnShelf(t, admin, { pointsPrice: 40, stock: 100 });
    const answers = await Promise.all(Array.from({ length: CONCURRENT }, () => place(token, product.id)));
    const placed = answers.filter((a) => a.body.errCode === 0);
    // Below 1,000 points earned there is no member discount: each order pays 40.
    expect(placed).toHaveLength(Math.floor(before / 40));
    expect(answers.filter((a) => a.body.errCode !== 0).every((a) => a.body.data?.errors[0]?.rule === 'insufficientPoints')).toBe(true);
    expect(await balanceOf(t, buyer.userId)).toBe(before % 40);
    expect(await ledgerSum(t, buyer.userId)).toBe(before % 40);
    expect(await productById(product.id)).toMatchObject({ stock: 100 - placed.length, soldNum: placed.length });
  });

  it('keep stock and balance right when orders and cancellations interleave', async () => {
    const buyer = await freshEndUser(t);
    await givePoints(t, buyer.userId, 1000);
    const token = (await t.api.login(buyer.login)).token;
    const before = await balanceOf(t, buyer.userId);
    const product = await productOnShelf(t, admin, { pointsPrice: 100, stock: 8 });
    const first = await Promise.all(Array.from({ length: 4 }, () => place(token, product.id)));
    const ids = first.map((a) => a.body.data.id);
    await Promise.all([
      ...ids.map((id) => t.api.post('/api/v1/point/order/cancelOrder', { token, form: { id } })),
      ...Array.from({ length: CONCURRENT - ids.length }, () => place(token, product.id)),
    ]);
    const after = await productById(product.id);
    const balance = await balanceOf(t, buyer.userId);
    expect(after.stock).toBeGreaterThanOrEqual(0);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(await ledgerSum(t, buyer.userId)).toBe(balance);
    // Every item sold is paid for (100 less the 5% member discount), and nothing else was taken.
    expect(before - balance).toBe(after.soldNum * 95);
    expect(after.stock + after.soldNum).toBe(8);
  });
});
