// The record of each file uploadFile stored, and the files a caller may download: their own
// uploads, and those uploaded from an office of their organisations (office staff). Anything else,
// existing or not, is outside the caller's reach.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { storedFiles } from '../db/schema/index.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { callerScope, objectScope } from './scope.ts';

export type StoredFile = typeof storedFiles.$inferSelect;

export async function recordStoredFile(db: Db, file: Omit<StoredFile, 'createdAt'>): Promise<void> {
  await db.insert(storedFiles).values(file);
}

export async function storedFileExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: storedFiles.id }).from(storedFiles).where(eq(storedFiles.id, id));
  return Boolean(row);
}

/** The stored file when the caller may download it. */
export async function downloadableFile(db: Db, caller: AuthContext, id: string): Promise<StoredFile | undefined> {
  const [row] = await db.select().from(storedFiles)
    .where(and(eq(storedFiles.id, id), objectScope(callerScope(caller), { officeId: storedFiles.officeId, ownerId: storedFiles.uploadedBy })));
  return row;
}
