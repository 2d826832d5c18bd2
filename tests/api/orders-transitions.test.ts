// The order's state machine: 1 pending -> 2 shipped (shipOrder, with carrier and tracking number)
// -> 3 completed (receiptOrder); 1 -> 4 cancelled (cancelOrder). Every other move is 10003 on status.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { freshEndUser, givePoints, orderForm, productOnShelf, type FieldErrors, type Order, type Product } from '../fixtures/mall.ts';

let t: TestApp;
let admin: string;
let buyer: string;
let product: Product;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.api.login('admin')).token;
  const user = await freshEndUser(t);
  await givePoints(t, user.userId, 100_000);
  buyer = (await t.api.login(user.login)).token;
  product = await productOnShelf(t, admin, { stock: 1000, pointsPrice: 10 });
});
afterAll(() => t.close());

type Action = 'ship' | 'receipt' | 'cancel';
const PATHS: Record<Action, string> = { ship: 'shipOrder', receipt: 'receiptOrder', cancel: 'cancelOrder' };

async function order(): Promise<Order> {
  const { body } = await t.api.post<Order>('/api/v1/point/order/placeOrder', { token: buyer, form: orderForm(product.id) });
  expect(body.errCode).toBe(0);
  return body.data;
}

function act(action: Action, id: number, token = admin) {
  const form = action === 'ship' ? { id, carrier: 'SF Express', trackingNo: 'SF123456789' } : { id };
  return t.api.post<Order & FieldErrors>(`/api/v1/point/order/${PATHS[action]}`, { token, form });
}

/** An order brought to the status by the allowed moves. */
async function orderIn(status: 1 | 2 | 3 | 4): Promise<Order> {
  const placed = await order();
  const moves: Record<number, Action[]> = { 1: [], 2: ['ship'], 3: ['ship', 'receipt'], 4: ['cancel'] };
  for (const move of moves[status]!) expect((await act(move, placed.id)).body.errCode).toBe(0);
  return placed;
}

const ALLOWED: Record<Action, number> = { ship: 1, receipt: 2, cancel: 1 };
const NEXT: Record<Action, number> = { ship: 2, receipt: 3, cancel: 4 };

describe('order transitions', () => {
  for (const action of ['ship', 'receipt', 'cancel'] as const) {
    for (const status of [1, 2, 3, 4] as const) {
      const allowed = ALLOWED[action] === status;
      it(`${allowed ? 'allows' : 'refuses'} ${action} from status ${status}`, async () => {
        const placed = await orderIn(status);
        const { body } = await act(action, placed.id);
        if (allowed) {
          expect(body.errCode).toBe(0);
          expect(body.data.status).toBe(NEXT[action]);
        } else {
          expect(body.errCode).toBe(10003);
          expect(body.data.errors).toEqual([expect.objectContaining({ field: 'status' })]);
          expect(body.errMsg).toMatch(/^status: only /);
          const detail = await t.api.get<Order>('/api/v1/point/order/getOrderDetail', { token: admin, query: { id: placed.id } });
          expect(detail.body.data.status).toBe(status);
        }
      });
    }
  }

  it('records the carrier, the tracking number and the times along the way', async () => {
    const placed = await order();
    const shipped = (await act('ship', placed.id)).body.data;
    expect(shipped).toMatchObject({ status: 2, carrier: 'SF Express', trackingNo: 'SF123456789', shipTime: expect.any(String), operatorName: 'Ada Admin' });
    const done = (await act('receipt', placed.id, buyer)).body.data;
    expect(done).toMatchObject({ status: 3, receiptTime: expect.any(String) });
  });

  it('lets the buyer cancel and confirm their own order but not ship it', async () => {
    const placed = await order();
    expect((await act('ship', placed.id, buyer)).body.errCode).toBe(10005);
    expect((await act('cancel', placed.id, buyer)).body.data.status).toBe(4);
  });

  it('says why in the caller\'s language', async () => {
    const placed = await orderIn(3);
    const { body } = await t.api.post('/api/v1/point/order/cancelOrder', { token: buyer, form: { id: placed.id }, lang: 'zh-CN' });
    expect(body.errMsg).toBe('status：只有尚未发货的订单可以取消');
  });
});
