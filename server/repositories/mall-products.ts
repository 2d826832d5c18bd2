// The mall's products: one catalogue for the whole platform, changed by administrators (the
// market:product permissions), browsed by every signed-in user while on the shelf. Positions are
// 1..N without gaps; every change of them (add, copy, delete, move) takes the mall's sort lock
// first, before any product's row, so that two changes never compute positions from the same
// stale list nor wait on each other's locks in opposite orders.
import { and, asc, eq, gt, gte, ilike, lte, max, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { mallOrders, productCategories, products } from '../db/schema/index.ts';
import { fieldError } from '../errors.ts';
import { escapeLike } from './scope.ts';
import { pageWindow, readPage, type Page, type PageRequest } from './paging.ts';

export const PRODUCT_STATUS = { draft: 0, onShelf: 1, offShelf: 2 } as const;

/** Any constant key: PostgreSQL advisory locks are one namespace per database. */
const SORT_LOCK = 0x6d616c6c; // 'mall'
const lockSort = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(${SORT_LOCK})`);

type ProductRow = typeof products.$inferSelect;

const categoryName = (lang: string) => (lang.startsWith('zh') ? productCategories.nameZh : productCategories.nameEn);

export function productDto(row: ProductRow, category: string) {
  return {
    id: row.id, categoryId: row.categoryId, categoryName: category, productName: row.productName, pointsPrice: row.pointsPrice,
    stock: row.stock, limitPerUser: row.limitPerUser, images: row.images.join(','), description: row.description ?? undefined,
    status: row.status as 0 | 1 | 2, sort: row.sort, soldNum: row.soldNum, publishTime: row.publishedAt?.toISOString(),
    createTime: row.createdAt.toISOString(), updateTime: row.updatedAt.toISOString(),
  };
}
export type ProductDto = ReturnType<typeof productDto>;

export interface ProductFilter extends PageRequest {
  id?: number | undefined;
  productName?: string | undefined;
  categoryId?: number | undefined;
  status?: number | undefined;
}

/** A page of products by position; `onShelfOnly` for the mall as users see it. */
export async function pageProducts(db: Db, filter: ProductFilter, lang: string, onShelfOnly: boolean): Promise<Page<ProductDto>> {
  const { pageNo, pageSize, offset } = pageWindow(filter);
  const condition = and(
    filter.id !== undefined ? eq(products.id, filter.id) : undefined,
    filter.productName ? ilike(products.productName, `%${escapeLike(filter.productName)}%`) : undefined,
    filter.categoryId !== undefined ? eq(products.categoryId, filter.categoryId) : undefined,
    onShelfOnly ? eq(products.status, PRODUCT_STATUS.onShelf) : filter.status !== undefined ? eq(products.status, filter.status) : undefined,
  );
  const { pageNo: _p, pageSize: _s, ...criteria } = filter;
  const { rows, total } = await readPage(db, `products:${onShelfOnly}:${JSON.stringify(criteria)}`,
    () => db.select({ id: products.id }).from(products).where(condition).$dynamic(),
    (extra) => db.select({ row: products, category: categoryName(lang), ...extra }).from(products)
      .innerJoin(productCategories, eq(productCategories.id, products.categoryId))
      .where(condition).orderBy(asc(products.sort), asc(products.id)).limit(pageSize).offset(offset));
  return { list: rows.map((r) => productDto(r.row, r.category)), total, pageNo, pageSize };
}

export async function productCategoryList(db: Db, lang: string) {
  return db.select({
    id: productCategories.id, categoryName: categoryName(lang),
    // Qualified by hand: in a single-table select the query builder leaves column names bare.
    productNum: sql<number>`(select count(*)::int from products p where p.category_id = product_categories.id and p.status = ${PRODUCT_STATUS.onShelf})`,
  }).from(productCategories).orderBy(asc(productCategories.sort), asc(productCategories.id));
}

async function withCategory(db: Db | Tx, row: ProductRow, lang: string): Promise<ProductDto> {
  const [category] = await db.select({ name: categoryName(lang) }).from(productCategories).where(eq(productCategories.id, row.categoryId));
  return productDto(row, category!.name);
}

/** The product locked for a change; an unknown id is 10003 on `id` (the catalogue is every caller's). */
async function lockedProduct(tx: Tx, id: number): Promise<ProductRow> {
  const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
  if (!row) throw fieldError('id', 'exists');
  return row;
}

async function assertCategory(tx: Tx, categoryId: number) {
  const [category] = await tx.select({ id: productCategories.id }).from(productCategories).where(eq(productCategories.id, categoryId));
  if (!category) throw fieldError('categoryId', 'exists');
}

const nextSort = async (tx: Tx) => ((await tx.select({ last: max(products.sort) }).from(products))[0]?.last ?? 0) + 1;

export interface ProductInput {
  categoryId: number;
  productName: string;
  pointsPrice: number;
  stock: number;
  limitPerUser?: number | undefined;
  images: string[];
  description?: string | undefined;
}

const columns = (input: ProductInput) => ({
  categoryId: input.categoryId, productName: input.productName, pointsPrice: input.pointsPrice, stock: input.stock,
  limitPerUser: input.limitPerUser ?? 0, images: input.images, description: input.description ?? null,
});

/** A new draft at the last position. */
export async function addProduct(db: Db, input: ProductInput, userId: string, lang: string): Promise<ProductDto> {
  const row = await db.transaction(async (tx) => {
    await assertCategory(tx, input.categoryId);
    await lockSort(tx);
    const [created] = await tx.insert(products).values({ ...columns(input), sort: await nextSort(tx), createdBy: userId }).returning();
    return created!;
  });
  return withCategory(db, row, lang);
}

/** Every editable field; status, position and sales stay. */
export async function editProduct(db: Db, id: number, input: ProductInput, lang: string): Promise<ProductDto> {
  const row = await db.transaction(async (tx) => {
    await lockedProduct(tx, id);
    await assertCategory(tx, input.categoryId);
    const [updated] = await tx.update(products).set({ ...columns(input), updatedAt: new Date() }).where(eq(products.id, id)).returning();
    return updated!;
  });
  return withCategory(db, row, lang);
}

/** A draft copy of every editable field, at the last position, without sales. */
export async function copyProduct(db: Db, id: number, userId: string): Promise<number> {
  return db.transaction(async (tx) => {
    await lockSort(tx);
    const original = await lockedProduct(tx, id);
    const [copy] = await tx.insert(products).values({
      categoryId: original.categoryId, productName: original.productName, pointsPrice: original.pointsPrice, stock: original.stock,
      limitPerUser: original.limitPerUser, images: original.images, description: original.description, sort: await nextSort(tx), createdBy: userId,
    }).returning({ id: products.id });
    return copy!.id;
  });
}

/** Draft or off shelf -> on shelf; a product without stock stays off (nobody could order it). */
export async function publishProduct(db: Db, id: number, lang: string): Promise<ProductDto> {
  const row = await db.transaction(async (tx) => {
    const product = await lockedProduct(tx, id);
    if (product.status === PRODUCT_STATUS.onShelf) throw fieldError('status', 'productStatusNotAllowed', { value: product.status });
    if (product.stock <= 0) throw fieldError('stock', 'exclusiveMinimum', { limit: 0 });
    const now = new Date();
    const [updated] = await tx.update(products).set({ status: PRODUCT_STATUS.onShelf, publishedAt: now, updatedAt: now }).where(eq(products.id, id)).returning();
    return updated!;
  });
  return withCategory(db, row, lang);
}

/** On shelf -> off shelf; orders already placed are unaffected. */
export async function offShelfProduct(db: Db, id: number, lang: string): Promise<ProductDto> {
  const row = await db.transaction(async (tx) => {
    const product = await lockedProduct(tx, id);
    if (product.status !== PRODUCT_STATUS.onShelf) throw fieldError('status', 'productStatusNotAllowed', { value: product.status });
    const [updated] = await tx.update(products).set({ status: PRODUCT_STATUS.offShelf, updatedAt: new Date() }).where(eq(products.id, id)).returning();
    return updated!;
  });
  return withCategory(db, row, lang);
}

/** Only a product off the shelf and never ordered; the positions after it close the gap. */
export async function deleteProduct(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockSort(tx);
    const product = await lockedProduct(tx, id);
    if (product.status === PRODUCT_STATUS.onShelf) throw fieldError('status', 'productOnShelf');
    const [ordered] = await tx.select({ id: mallOrders.id }).from(mallOrders).where(eq(mallOrders.productId, id)).limit(1);
    if (ordered) throw fieldError('status', 'productOrdered');
    await tx.delete(products).where(eq(products.id, id));
    await tx.update(products).set({ sort: sql`${products.sort} - 1` }).where(gt(products.sort, product.sort));
  });
}

export type MoveDirection = 'up' | 'down' | 'to';

/**
 * Up or down one place (nothing at the ends), or to a position (past the end: last), shifting the
 * products in between by one, so that positions stay 1..N.
 */
export async function moveProduct(db: Db, id: number, direction: MoveDirection, position: number | undefined, lang: string): Promise<ProductDto> {
  const row = await db.transaction(async (tx) => {
    await lockSort(tx);
    const product = await lockedProduct(tx, id);
    const [{ count } = { count: 0 }] = await tx.select({ count: sql<number>`count(*)::int` }).from(products);
    const from = product.sort;
    const wanted = direction === 'up' ? from - 1 : direction === 'down' ? from + 1 : position!;
    const to = Math.min(Math.max(wanted, 1), count);
    if (to !== from) {
      const between: SQL = to < from ? and(gte(products.sort, to), lte(products.sort, from - 1))! : and(gte(products.sort, from + 1), lte(products.sort, to))!;
      await tx.update(products).set({ sort: to < from ? sql`${products.sort} + 1` : sql`${products.sort} - 1` }).where(between);
      await tx.update(products).set({ sort: to, updatedAt: new Date() }).where(eq(products.id, id));
    }
    const [moved] = await tx.select().from(products).where(eq(products.id, id));
    return moved!;
  });
  return withCategory(db, row, lang);
}
