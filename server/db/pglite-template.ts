// A migrated PGlite data directory, made once and copied instead of running initdb and every
// migration again: PGlite's initdb alone takes 3 to 7 s on two cores. `npm run build` writes one
// to .cache/ (outside dist/, which is served) in two forms: the directory itself, which a fresh
// data directory is copied from (about 0.4 s), and its dump as a gzipped tarball, for PGlite's
// loadDataDir (in-memory databases; about 1.5 s to unpack into a directory). The server makes the
// template itself when there is none (server.ts), so only the first fresh start of a checkout pays
// for initdb. The API tests build a seeded one per run (tests/fixtures/global-setup.ts).
//
// A template is named by a hash of the migrations it was made with. One made with an earlier
// prefix of today's migrations is still used (the newer migrations then run on the copy, as on
// any existing data directory); one made with migrations that have since changed is not.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from './client.ts';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Where `npm run build` leaves the server's template (gitignored). */
export const TEMPLATE_FOLDER = fileURLToPath(new URL('../../.cache', import.meta.url));
const PREFIX = 'pglite-template-';
const TARBALL = '.tar.gz';

/**
 * The hash of every prefix of the committed migrations, shortest first: the last names them all.
 * Each is the hash the whole list had when it ended there, so a template keeps its name as
 * migrations are added after it.
 */
export function migrationHashes(folder = migrationsFolder): string[] {
  const files = readdirSync(folder).filter((f) => f.endsWith('.sql')).sort();
  const hash = createHash('sha256');
  return files.map((file) => hash.update(file).update(readFileSync(path.join(folder, file))).copy().digest('hex').slice(0, 16));
}

/**
 * Names the committed migrations: a template is used only by the migrations it was made with
 * and those added after them, so a stale one is ignored rather than trusted.
 */
export const migrationsHash = (folder = migrationsFolder): string => migrationHashes(folder).at(-1) ?? 'none';

/** The template's file name in a folder, for the current migrations. */
export const templatePath = (folder = TEMPLATE_FOLDER) => path.join(folder, `${PREFIX}${migrationsHash()}${TARBALL}`);

/**
 * The usable template of a kind in `folder`: made with the current migrations, or else with the
 * longest earlier prefix of them that has one.
 */
export function findTemplate(folder: string, kind: 'dir' | 'tarball', hashes = migrationHashes()): string | undefined {
  if (!existsSync(folder)) return undefined;
  const present = new Set(readdirSync(folder));
  for (let i = hashes.length - 1; i >= 0; i -= 1) {
    const name = `${PREFIX}${hashes[i]}${kind === 'tarball' ? TARBALL : ''}`;
    // A directory counts once it is complete: it is renamed into place last (writeTemplate).
    if (present.has(name) && (kind === 'tarball' || existsSync(path.join(folder, name, 'PG_VERSION')))) return path.join(folder, name);
  }
  return undefined;
}

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

/** The template under `folder` as a Blob for PGlite's loadDataDir, when one is usable. */
export function readTemplate(folder = TEMPLATE_FOLDER): Blob | undefined {
  const file = findTemplate(folder, 'tarball');
  return file ? new Blob([readFileSync(file)]) : undefined;
}

/**
 * Writes the template for the current migrations to `folder`, both forms, and removes older
 * ones.
 */
export async function writeTemplate(folder = TEMPLATE_FOLDER): Promise<{ dir: string; tarball: string; bytes: number }> {
  const hash = migrationsHash();
  const bytes = Buffer.from(await (await dumpTemplate()).arrayBuffer());
  const tarball = path.join(folder, `${PREFIX}${hash}${TARBALL}`);
  mkdirSync(folder, { recursive: true });
  const aside = path.join(folder, `.${PREFIX}${randomUUID()}${TARBALL}`);
  try {
    writeFileSync(aside, bytes);
    renameSync(aside, tarball);
  } finally {
    rmSync(aside, { force: true });
  }
  const dir = await unpackTemplate(tarball, bytes);
  for (const old of readdirSync(folder)) {
    if (old.startsWith(PREFIX) && old !== path.basename(dir) && old !== path.basename(tarball)) rmSync(path.join(folder, old), { recursive: true, force: true });
  }
  return { dir, tarball, bytes: bytes.length };
}

/**
 * Unpacks a template's dump into the template directory beside it. PGlite unpacks it and shuts
 * down cleanly: the directory holds what a fresh data directory made from the dump would, ready
 * to copy. It is made aside and renamed into place whole, so that a server starting meanwhile,
 * or a second one unpacking the same, never sees half of one.
 */
async function unpackTemplate(tarball: string, bytes: Buffer): Promise<string> {
  const dir = tarball.slice(0, -TARBALL.length);
  const aside = path.join(path.dirname(tarball), `.${PREFIX}${randomUUID()}`);
  try {
    const unpacked = await openDatabase({ dataDir: aside, loadDataDir: new Blob([bytes]) });
    await unpacked.close();
    try {
      renameSync(aside, dir);
    } catch (error) {
      // Another process put the same template in place first.
      if (!existsSync(path.join(dir, 'PG_VERSION'))) throw error;
    }
  } finally {
    rmSync(aside, { recursive: true, force: true });
  }
  return dir;
}

/** What openDatabase needs to start a PGlite data directory from a template. */
export interface TemplateStart {
  templateDir?: string;
  loadDataDir?: Blob;
}

/**
 * The template for opening `dataDir`: none for an existing directory (it is opened as it is),
 * the template directory to copy for a new one, the dump for an in-memory database. With none
 * usable, a new directory's start makes one first: initdb in memory and the copy take about as
 * long as initdb in the directory, and every later fresh start is quick. When .cache/ cannot be
 * written, the directory is initialised in place as before.
 */
export async function templateFor(dataDir: string | undefined, folder = TEMPLATE_FOLDER): Promise<TemplateStart> {
  if (!dataDir || dataDir === 'memory://') return { loadDataDir: readTemplate(folder) };
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return {};
  const hashes = migrationHashes();
  const dir = findTemplate(folder, 'dir', hashes);
  if (dir) return { templateDir: dir };
  try {
    // A dump without its directory (made by an earlier build) is unpacked beside it once.
    const tarball = findTemplate(folder, 'tarball', hashes);
    if (tarball) return { templateDir: await unpackTemplate(tarball, readFileSync(tarball)) };
    return { templateDir: (await writeTemplate(folder)).dir };
  } catch (error) {
    console.warn(`no database template could be written to ${folder} (${(error as Error).message}); initialising the data directory in place`);
    return {};
  }
}
