// The brand a request is served as, read from the brands table (a handful of rows, read whole).
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { brandTable } from '../db/schema/index.ts';
import { brandKeyForHost } from '../domain/branding/brand-choice.ts';
import { mainBrand } from '../domain/branding/main-brand.ts';
import { fieldError } from '../errors.ts';

export type Brand = typeof brandTable.$inferSelect;

/** The main brand as installed, answered while no stored row holds the configured key. */
function builtInBrand(oemKey: string): Brand {
  const epoch = new Date(0);
  return {
    id: 0, hostNames: null, companyBrief: null, callCenter: null, email: null, fax: null, postal: null, address: null, copyright: null,
    aiChatH5Url: null, vpphubUrl: null, createdAt: epoch, createdBy: null, updatedAt: epoch, updatedBy: null, ...mainBrand(oemKey),
  };
}

/**
 * The brand named by `oemKey` (10003 on oemKey when there is none), or else the one serving the
 * request's host, else the configured main brand. Deleting or renaming brand rows never leaves the
 * login page without a name and a logo: with no main brand row, the installed one answers.
 */
export async function brandOf(db: Db, config: Config, request: FastifyRequest, oemKey?: string): Promise<Brand> {
  if (oemKey) {
    const [named] = await db.select().from(brandTable).where(eq(sql`lower(${brandTable.oemKey})`, oemKey.toLowerCase()));
    if (!named) throw fieldError('oemKey', 'exists');
    return named;
  }
  const brands = await db.select().from(brandTable);
  const key = brandKeyForHost(brands, request.hostname, config.brand);
  return brands.find((b) => b.oemKey === key) ?? brands.find((b) => b.oemKey === config.brand) ?? builtInBrand(config.brand);
}

/** Main-brand-only features (system switch, AI assistant) exist for the configured main brand alone. */
export const isMainBrand = (config: Config, brand: Brand) => brand.oemKey === config.brand;
