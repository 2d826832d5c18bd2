// The caller's own marks on plants they see: favourites and pins. Marking twice changes nothing.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { plantFavorites, plantTopRecords } from '../db/schema/index.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { assertPlantVisible } from './scope.ts';

const tables = { favorite: plantFavorites, top: plantTopRecords } as const;

export async function mark(db: Db, auth: AuthContext, kind: keyof typeof tables, plantUid: string, on: boolean) {
  await assertPlantVisible(db, auth, plantUid);
  const table = tables[kind];
  if (on) await db.insert(table).values({ userId: auth.userId, plantUid }).onConflictDoNothing();
  else await db.delete(table).where(and(eq(table.userId, auth.userId), eq(table.plantUid, plantUid)));
  return null;
}
