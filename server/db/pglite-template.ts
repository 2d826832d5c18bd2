// A migrated PGlite data directory, dumped once and loaded instead of running initdb and every
// migration again: PGlite's initdb alone takes 3 to 7 s on two cores, loading a dump about 1 s.
// `npm run build` writes one to .cache/ for fresh data directories (server start-up; outside
// dist/, which is served), and the API tests build a seeded one per run
// (tests/fixtures/global-setup.ts).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from './client.ts';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Where `npm run build` leaves the server's template (gitignored). */
export const TEMPLATE_FOLDER = fileURLToPath(new URL('../../.cache', import.meta.url));

/**
 * Names the committed migrations: a template is used only by the exact migrations it was made
 * with, so a stale one is ignored rather than trusted.
 */
export function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')).sort()) {
    hash.update(file).update(readFileSync(path.join(migrationsFolder, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The template's file name in a folder. */
export const templatePath = (folder = TEMPLATE_FOLDER) => path.join(folder, `pglite-template-${migrationsHash()}.tar.gz`);

/** A dump of a fresh in-memory database after `prepare` (migrations are always applied). */
export async function dumpTemplate(prepare?: (database: Awaited<ReturnType<typeof openDatabase>>) => Promise<void>): Promise<Blob> {
  const database = await openDatabase({ dataDir: undefined });
  try {
    await prepare?.(database);
    return await database.dumpDataDir!();
  } finally {
    await database.close();
  }
}

/** The template under `folder` as a Blob for PGlite's loadDataDir, when one matches the migrations. */
export function readTemplate(folder = TEMPLATE_FOLDER): Blob | undefined {
  const file = templatePath(folder);
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}
