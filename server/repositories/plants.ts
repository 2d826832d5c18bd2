import { count } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { plants } from '../db/schema/index.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { plantScope } from './scope.ts';

export async function countVisiblePlants(db: Db, auth: AuthContext): Promise<number> {
  const [row] = await db.select({ n: count() }).from(plants).where(plantScope(auth));
  return row?.n ?? 0;
}
