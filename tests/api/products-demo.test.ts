// The demo's mall: three categories, a dozen products on the shelf with pictures the web app
// serves, a welcome coupon and orders of the demo end users in every state, paid through the ledger.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../server/db/seed/seed.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../fixtures/app.ts';
import { balanceOf, ledgerSum, userIdOf, type Order, type Product } from '../fixtures/mall.ts';

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = (await t.api.login('owner')).token;
});
afterAll(() => t.close());

describe('the demo mall', () => {
  it('has a dozen products on the shelf in three categories, with pictures of the web app', async () => {
    const categories = await t.api.get<{ productNum: number }[]>('/api/v1/point/product/getProductCategory', { token: owner });
    expect(categories.body.data).toHaveLength(3);
    const mall = await t.api.get<{ list: Product[]; total: number }>('/api/v1/point/product/pageMallProduct', { token: owner, query: { pageSize: 100 } });
    expect(mall.body.data.total).toBe(12);
    for (const picture of mall.body.data.list.flatMap((p) => p.images.split(','))) {
      expect(existsSync(path.join(import.meta.dirname, '../../public', picture)), picture).toBe(true);
    }
  });

  it('gives the demo end users orders in every state and a coupon, paid through the ledger', async () => {
    const orders = await t.api.get<{ list: Order[] }>('/api/v1/point/order/pageOrderForApp', { token: owner });
    expect(new Set(orders.body.data.list.map((o) => o.status))).toEqual(new Set([1, 2, 3, 4]));
    expect(orders.body.data.list.some((o) => o.couponDeductPoints > 0)).toBe(true);
    const userId = await userIdOf(t, 'owner');
    expect(await ledgerSum(t, userId)).toBe(await balanceOf(t, userId));
    expect(await balanceOf(t, userId)).toBeGreaterThan(0);
  });

  it('is written once: seeding again adds nothing', async () => {
    await seed(t.database.db, { demo: true, demoPassword: DEMO_PASSWORD });
    const mall = await t.api.get<{ total: number }>('/api/v1/point/product/pageMallProduct', { token: owner });
    expect(mall.body.data.total).toBe(12);
    const orders = await t.api.get<{ total: number }>('/api/v1/point/order/pageOrderForApp', { token: owner });
    expect(orders.body.data.total).toBe(4);
  });
});
