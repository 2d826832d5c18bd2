// Positions in the mall: up and down swap with the neighbour (nothing at the ends), `to` moves a
// product to a place and shifts those in between; positions stay 1..N without gaps or repeats,
// also when moves and additions arrive at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { productForm, type FieldErrors, type Product } from '../fixtures/mall.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.api.login('admin')).token;
});
afterAll(() => t.close());

const order = async () => (await t.api.get<{ list: Product[] }>('/api/v1/point/product/pageProduct', { token: admin, query: { pageSize: 1000 } })).body.data.list;
const ids = async () => (await order()).map((p) => p.id);
const move = (id: number, direction: 'up' | 'down' | 'to', position?: number) =>
  t.api.post<Product & FieldErrors>('/api/v1/point/product/moveProductLocation', { token: admin, form: { id, direction, position } });
const add = async () => (await t.api.post<Product>('/api/v1/point/product/addProduct', { token: admin, form: productForm() })).body.data;

describe('product positions', () => {
  it('moves up and down one place, and not past the ends', async () => {
    const before = await ids();
    const [first, second] = before;
    expect((await move(second!, 'up')).body.data.sort).toBe(1);
    expect((await ids()).slice(0, 2)).toEqual([second, first]);
    expect((await move(second!, 'up')).body.data.sort).toBe(1);
    expect((await move(second!, 'down')).body.data.sort).toBe(2);
    expect(await ids()).toEqual(before);
    const last = before.at(-1)!;
    expect((await move(last, 'down')).body.data.sort).toBe(before.length);
  });

  it('moves to a position, shifting those in between, and past the end means last', async () => {
    const before = await ids();
    const moved = before[1]!;
    expect((await move(moved, 'to', 5)).body.data.sort).toBe(5);
    const expected = [...before];
    expected.splice(1, 1);
    expected.splice(4, 0, moved);
    expect(await ids()).toEqual(expected);
    expect((await move(moved, 'to', 100_000)).body.data.sort).toBe(before.length);
    expect((await move(moved, 'to', 1)).body.data.sort).toBe(1);
  });

  it('needs a position to move to', async () => {
    const [first] = await ids();
    const { body } = await move(first!, 'to');
    expect(body.errCode).toBe(10003);
    expect(body.data.errors[0]?.field).toBe('position');
  });

  it('keeps positions 1..N when moves, additions and copies arrive at once', async () => {
    const current = await ids();
    await Promise.all([
      ...current.slice(0, 6).map((id, i) => move(id, 'to', 12 - i)),
      add(), add(),
      t.api.get('/api/v1/point/product/copyProduct', { token: admin, query: { id: current[0]! } }),
    ]);
    const after = await order();
    expect(after).toHaveLength(current.length + 3);
    expect(after.map((p) => p.sort)).toEqual(after.map((_, i) => i + 1));
  });
});
