// The brand a request is served as, read from the brands table (a handful of rows, read whole).
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { brandTable } from '../db/schema/index.ts';
import { brandKeyForHost } from '../domain/branding/brand-choice.ts';
import { AppError, ErrCode, fieldError } from '../errors.ts';

export type Brand = typeof brandTable.$inferSelect;

/**
 * The brand named by `oemKey` (10003 on oemKey when there is none), or else the one serving the
 * request's host. The main brand is seeded on every installation; an administrator who deleted
 * it leaves the portal without branding, which is a fault rather than a parameter error.
 */
export async function brandOf(db: Db, config: Config, request: FastifyRequest, oemKey?: string): Promise<Brand> {
  if (oemKey) {
    const [named] = await db.select().from(brandTable).where(eq(sql`lower(${brandTable.oemKey})`, oemKey.toLowerCase()));
    if (!named) throw fieldError('oemKey', 'exists');
    return named;
  }
  const brands = await db.select().from(brandTable);
  const key = brandKeyForHost(brands, request.hostname, config.brand);
  const brand = brands.find((b) => b.oemKey === key);
  if (!brand) throw new AppError(ErrCode.fault, 'error.brandMissing');
  return brand;
}

/** Main-brand-only features (system switch, AI assistant) exist for the configured main brand alone. */
export const isMainBrand = (config: Config, brand: Brand) => brand.oemKey === config.brand;
