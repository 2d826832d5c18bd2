// The mall's products: add, edit, copy, publish, off-shelf and delete as the administrator, with
// their refusals naming the field; pictures only of ours; the mall as users see it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureParams } from '../../src/lib/signing.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { freshEndUser, givePoints, orderForm, productForm, productOnShelf, type FieldErrors, type Product } from '../fixtures/mall.ts';

let t: TestApp;
let admin: string;
let owner: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.api.login('admin')).token;
  owner = (await t.api.login('owner')).token;
});
afterAll(() => t.close());

const post = <T = Product>(path: string, form: Record<string, string | number>, token = admin) => t.api.post<T & FieldErrors>(`/api/v1/point/product/${path}`, { token, form });
const rules = (data: FieldErrors | null | undefined) => data?.errors.map(({ field, rule }) => ({ field, rule }));

describe('products', () => {
  it('adds a draft at the last position, with its category named in the caller\'s language', async () => {
    const { body } = await post('addProduct', productForm({ categoryId: 2, images: '/mall/led-bulbs.png,/mall/smart-plug.png', limitPerUser: 3 }));
    expect(body.errCode).toBe(0);
    expect(body.data).toMatchObject({ status: 0, soldNum: 0, categoryId: 2, categoryName: 'Home and energy saving', images: '/mall/led-bulbs.png,/mall/smart-plug.png', limitPerUser: 3 });
    const page = await t.api.get<{ list: Product[]; total: number }>('/api/v1/point/product/pageProduct', { token: admin, query: { pageSize: 100 } });
    expect(body.data.sort).toBe(page.body.data.total);
    const zh = await t.api.get<{ categoryName: string }[]>('/api/v1/point/product/getProductCategory', { token: owner, lang: 'zh-CN' });
    expect(zh.body.data.map((c) => c.categoryName)).toEqual(['光伏配件', '家居节能', '礼品卡券']);
  });

  it('takes pictures uploaded here, and refuses others or more than nine, naming images', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Buffer.from('0000000dIHDR', 'latin1'), ...Buffer.alloc(64, 7)]);
    const boundary = '----product-picture';
    const uploaded = (await t.app.inject({
      method: 'POST', url: '/dev-api/api/v1/sys/uploadFile', query: { ...signatureParams('portal-web-public', { clientId: 'web', appProjectName: 'portal', lang: 'en' }, {}) },
      headers: { authorization: `Bearer ${admin}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`), png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    })).json() as { data: { url: string } };
    const ok = await post('addProduct', productForm({ images: `${uploaded.data.url},/mall/tote-bag.png` }));
    expect(ok.body.errCode).toBe(0);

    const foreign = await post('addProduct', productForm({ images: 'https://example.com/a.png' }));
    expect(rules(foreign.body.data)).toEqual([{ field: 'images', rule: 'uploadedImage' }]);
    const ten = await post('addProduct', productForm({ images: Array.from({ length: 10 }, () => '/mall/tote-bag.png').join(',') }));
    expect(ten.body.errCode).toBe(10003);
    expect(ten.body.data?.errors[0]?.field).toBe('images');
  });

  it('refuses an unknown category naming categoryId', async () => {
    const { body } = await post('addProduct', productForm({ categoryId: 99 }));
    expect(rules(body.data)).toEqual([{ field: 'categoryId', rule: 'exists' }]);
  });

  it('edits every field but keeps status, position and sales', async () => {
    const product = await productOnShelf(t, admin);
    const { body } = await post('editProduct', { id: product.id, ...productForm({ productName: 'Renamed', pointsPrice: 555, stock: 7, categoryId: 3 }) });
    expect(body.data).toMatchObject({ id: product.id, productName: 'Renamed', pointsPrice: 555, stock: 7, categoryId: 3, status: 1, sort: product.sort });
  });

  it('copies a product into a draft at the end, without sales', async () => {
    const product = await productOnShelf(t, admin, { productName: 'Original' });
    const copy = await t.api.get<number>('/api/v1/point/product/copyProduct', { token: admin, query: { id: product.id } });
    const page = await t.api.get<{ list: Product[]; total: number }>('/api/v1/point/product/pageProduct', { token: admin, query: { id: copy.body.data } });
    expect(page.body.data.list[0]).toMatchObject({ productName: 'Original', status: 0, soldNum: 0, sort: page.body.data.total > 0 ? expect.any(Number) : 0 });
    const all = await t.api.get<{ total: number }>('/api/v1/point/product/pageProduct', { token: admin, query: {} });
    expect(page.body.data.list[0]!.sort).toBe(all.body.data.total);
  });

  it('publishes a draft or an off-shelf product only, and only with stock', async () => {
    const draft = (await post('addProduct', productForm({ stock: 0 }))).body.data;
    expect(rules((await post('publishProduct', { id: draft.id })).body.data)).toEqual([{ field: 'stock', rule: 'exclusiveMinimum' }]);
    const product = await productOnShelf(t, admin);
    expect(rules((await post('publishProduct', { id: product.id })).body.data)).toEqual([{ field: 'status', rule: 'productStatusNotAllowed' }]);
    const off = await post('offShelfProduct', { id: product.id });
    expect(off.body.data.status).toBe(2);
    expect(rules((await post('offShelfProduct', { id: product.id })).body.data)).toEqual([{ field: 'status', rule: 'productStatusNotAllowed' }]);
    expect((await post('publishProduct', { id: product.id })).body.data.status).toBe(1);
  });

  it('deletes only a product off the shelf that was never ordered, closing the gap in positions', async () => {
    const product = await productOnShelf(t, admin);
    expect(rules((await post('delProduct', { id: product.id })).body.data)).toEqual([{ field: 'status', rule: 'productOnShelf' }]);

    const buyer = await freshEndUser(t);
    await givePoints(t, buyer.userId, 1000);
    const buyerToken = (await t.api.login(buyer.login)).token;
    expect((await t.api.post('/api/v1/point/order/placeOrder', { token: buyerToken, form: orderForm(product.id) })).body.errCode).toBe(0);
    await post('offShelfProduct', { id: product.id });
    const refused = await post('delProduct', { id: product.id });
    expect(rules(refused.body.data)).toEqual([{ field: 'status', rule: 'productOrdered' }]);
    expect(refused.body.errMsg).toMatch(/take it off the shelf instead/);

    const draft = (await post('addProduct', productForm())).body.data;
    const last = await post('addProduct', productForm());
    expect((await post('delProduct', { id: draft.id })).body.errCode).toBe(0);
    const after = await t.api.get<{ list: Product[]; total: number }>('/api/v1/point/product/pageProduct', { token: admin, query: { pageSize: 1000 } });
    expect(after.body.data.list.map((p) => p.sort)).toEqual(after.body.data.list.map((_, i) => i + 1));
    expect(after.body.data.list.find((p) => p.id === last.body.data.id)?.sort).toBe(last.body.data.sort - 1);
  });

  it('refuses the catalogue\'s changes to a user without the permission', async () => {
    const { body } = await post('addProduct', productForm(), owner);
    expect(body.errCode).toBe(10005);
    expect((await t.api.get('/api/v1/point/product/pageProduct', { token: owner })).body.errCode).toBe(10005);
  });

  it('shows users only what is on the shelf, by category', async () => {
    const onShelf = await productOnShelf(t, admin, { categoryId: 3, productName: 'Shelf visible' });
    const draft = (await post('addProduct', productForm({ categoryId: 3, productName: 'Shelf hidden' }))).body.data;
    const mall = await t.api.get<{ list: Product[] }>('/api/v1/point/product/pageMallProduct', { token: owner, query: { categoryId: 3, pageSize: 100 } });
    const ids = mall.body.data.list.map((p) => p.id);
    expect(ids).toContain(onShelf.id);
    expect(ids).not.toContain(draft.id);
    expect(mall.body.data.list.every((p) => p.status === 1)).toBe(true);
    const categories = await t.api.get<{ id: number; productNum: number }[]>('/api/v1/point/product/getProductCategory', { token: owner });
    expect(categories.body.data.find((c) => c.id === 3)!.productNum).toBe(mall.body.data.list.length);
  });
});
