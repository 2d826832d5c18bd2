import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { menus } from '../db/schema/index.ts';

export type MenuRow = typeof menus.$inferSelect;

export function menuRows(db: Db, platformType: number): Promise<MenuRow[]> {
  return db.select().from(menus).where(eq(menus.platformType, platformType)).orderBy(asc(menus.sort), asc(menus.id));
}
