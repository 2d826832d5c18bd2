// The mall's products (openapi/paths/products.yaml): administrators manage the one catalogue of
// the platform; every signed-in user browses what is on the shelf (pageMallProduct).
import { parseProductImages } from '../domain/mall/product-images.ts';
import {
  addProduct, copyProduct, deleteProduct, editProduct, moveProduct, offShelfProduct, pageProducts, productCategoryList, publishProduct,
  type ProductInput,
} from '../repositories/mall-products.ts';
import { defineHandlers } from './types.ts';

interface ProductBody { categoryId: number; productName: string; pointsPrice: number; stock: number; limitPerUser?: number | undefined; images: string; description?: string | undefined }

const input = (body: ProductBody, apiPrefix: string): ProductInput => ({ ...body, images: parseProductImages(body.images, apiPrefix) });

export const productHandlers = defineHandlers({
  pageProduct: ({ db, query, lang }) => pageProducts(db, query, lang, false),
  pageMallProduct: ({ db, query, lang }) => pageProducts(db, query, lang, true),
  getProductCategory: ({ db, lang }) => productCategoryList(db, lang),
  addProduct: ({ db, body, user, lang, config }) => addProduct(db, input(body, config.apiPrefix), user.userId, lang),
  editProduct: ({ db, body, lang, config }) => editProduct(db, body.id, input(body, config.apiPrefix), lang),
  copyProduct: ({ db, query, user }) => copyProduct(db, query.id, user.userId),
  publishProduct: ({ db, body, lang }) => publishProduct(db, body.id, lang),
  offShelfProduct: ({ db, body, lang }) => offShelfProduct(db, body.id, lang),
  delProduct: async ({ db, body }) => { await deleteProduct(db, body.id); return null; },
  moveProductLocation: ({ db, body, lang }) => moveProduct(db, body.id, body.direction, body.position, lang),
});
