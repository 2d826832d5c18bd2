// Orders belong to their buyer and, for staff, to the buyer's organisations: another tree's
// administrator and another end user see none of them and change nothing (10005); the lists and
// the export hold the caller's tree only.
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions } from '../../server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { freshEndUser, givePoints, orderForm, productOnShelf, secondTreeAdmin, type Order } from '../fixtures/mall.ts';

let t: TestApp;
let admin: string;
let admin2: string;
let buyerToken: string;
let neighbour: string;
let order: Order;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.api.login('admin')).token;
  admin2 = (await t.api.login(await secondTreeAdmin(t))).token;
  const buyer = await freshEndUser(t, '11');
  await givePoints(t, buyer.userId, 1000);
  buyerToken = (await t.api.login(buyer.login)).token;
  neighbour = (await t.api.login((await freshEndUser(t, '11')).login)).token;
  const product = await productOnShelf(t, admin, { pointsPrice: 10, stock: 10 });
  order = (await t.api.post<Order>('/api/v1/point/order/placeOrder', { token: buyerToken, form: orderForm(product.id, { receiverName: 'Scope Receiver' }) })).body.data;
});
afterAll(() => t.close());

type OrderPage = { list: Order[]; total: number };

describe('orders across trees', () => {
  it('are listed for the buyer\'s tree and the buyer only', async () => {
    const mine = await t.api.get<OrderPage>('/api/v1/point/order/pageOrder', { token: admin, query: { keyword: 'Scope Receiver' } });
    expect(mine.body.data.list.map((o) => o.id)).toEqual([order.id]);
    const theirs = await t.api.get<OrderPage>('/api/v1/point/order/pageOrder', { token: admin2, query: { keyword: 'Scope Receiver' } });
    expect(theirs.body.data).toMatchObject({ list: [], total: 0 });
    const own = await t.api.get<OrderPage>('/api/v1/point/order/pageOrderForApp', { token: buyerToken });
    expect(own.body.data.list.map((o) => o.id)).toEqual([order.id]);
    const none = await t.api.get<OrderPage>('/api/v1/point/order/pageOrderForApp', { token: neighbour });
    expect(none.body.data.total).toBe(0);
    expect((await t.api.get('/api/v1/point/order/pageOrder', { token: buyerToken })).body.errCode).toBe(10005);
  });

  it('answer 10005 to another tree\'s administrator and another user, and stay as they were', async () => {
    for (const token of [admin2, neighbour]) {
      expect((await t.api.get('/api/v1/point/order/getOrderDetail', { token, query: { id: order.id } })).body.errCode).toBe(10005);
      expect((await t.api.post('/api/v1/point/order/cancelOrder', { token, form: { id: order.id } })).body.errCode).toBe(10005);
      expect((await t.api.post('/api/v1/point/order/receiptOrder', { token, form: { id: order.id } })).body.errCode).toBe(10005);
      expect((await t.api.post('/api/v1/point/order/shipOrder', { token, form: { id: order.id, carrier: 'X', trackingNo: 'ABCD1234' } })).body.errCode).toBe(10005);
    }
    const detail = await t.api.get<Order>('/api/v1/point/order/getOrderDetail', { token: buyerToken, query: { id: order.id } });
    expect(detail.body.data).toMatchObject({ status: 1 });
    expect(detail.body.data.carrier).toBeUndefined();
  });

  it('are handled by staff of the buyer\'s tree only with market:order:edit, which is in the permission catalogue', async () => {
    const installer = (await t.api.login('installer')).token;
    expect((await t.api.post('/api/v1/point/order/cancelOrder', { token: installer, form: { id: order.id } })).body.errCode).toBe(10005);
    expect((await t.api.get('/api/v1/point/order/getOrderDetail', { token: installer, query: { id: order.id } })).body.errCode).toBe(10005);
    const catalogue = await t.database.db.select({ permission: permissions.permission }).from(permissions).where(inArray(permissions.permission, ['market:order:edit', 'market:order:list']));
    expect(catalogue.map((p) => p.permission).sort()).toEqual(['market:order:edit', 'market:order:list']);
  });

  it('are exported for the caller\'s tree only', async () => {
    const own = await t.app.inject(t.api.request('GET', '/api/v1/point/order/exportOrder', { token: admin, query: { keyword: 'Scope Receiver', format: 'csv' } }));
    expect(own.headers['content-type']).toMatch(/^text\/csv/);
    expect(decodeURIComponent(String(own.headers['download-filename']))).toBe('Point orders.csv');
    const lines = own.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toMatch(/^Order number,Order time,Status,/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(order.orderNo);
    expect(lines[1]).toContain('Pending shipment');
    const other = await t.app.inject(t.api.request('GET', '/api/v1/point/order/exportOrder', { token: admin2, query: { keyword: 'Scope Receiver', format: 'csv' } }));
    expect(other.body.replace(/^\uFEFF/, '').trim().split('\r\n')).toHaveLength(1);
    const xlsx = await t.app.inject(t.api.request('GET', '/api/v1/point/order/exportOrder', { token: admin, query: { keyword: 'Scope Receiver' } }));
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });
});
