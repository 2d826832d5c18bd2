// `npm start`: runs server/start.ts under plain Node from one bundle of the server's own sources
// (node_modules stay outside), which esbuild makes in .cache/server/ and which is used again
// until a file it was made from changes. Through tsx, every start paid for a second Node process
// and for resolving and loading each of some 200 modules through tsx's hooks; the bundle loads
// as one module. Plain JavaScript, so that Node runs it without a loader (README "Start-up").
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Where the bundles live (gitignored, like the database template beside them). */
export const BUNDLE_FOLDER = path.join(ROOT, '.cache', 'server');
/** Changes with the build options below: bundles made with others are made again. */
export const BUNDLE_FORMAT = 1;
const MANIFEST = 'manifest.json';

/**
 * @typedef {object} Manifest
 * @property {number} format BUNDLE_FORMAT when made
 * @property {string} esbuild the esbuild version that made it
 * @property {string} root the checkout it was made in (its paths are written into the bundle)
 * @property {string} entry the entry, relative to root
 * @property {string} bundle the bundle's file name in the folder
 * @property {Record<string, [number, number]>} inputs every file it was made from, relative to root: mtime (ms) and size
 */

/** esbuild, which tsx depends on (and so `npm start` already had). */
function loadEsbuild() {
  const fromTsx = createRequire(createRequire(import.meta.url).resolve('tsx/package.json'));
  return /** @type {typeof import('esbuild')} */ (fromTsx('esbuild'));
}

/** The version of esbuild a bundle would be made with now, read without loading esbuild. */
export function esbuildVersion() {
  const fromTsx = createRequire(createRequire(import.meta.url).resolve('tsx/package.json'));
  return /** @type {{ version: string }} */ (JSON.parse(readFileSync(fromTsx.resolve('esbuild/package.json'), 'utf8'))).version;
}

/** @param {string} file @returns {[number, number] | undefined} */
function stamp(file) {
  try {
    const stat = statSync(file);
    return [stat.mtimeMs, stat.size];
  } catch {
    return undefined;
  }
}

/**
 * Whether a manifest's bundle is what building `entry` in `root` would give now: made by these
 * options and this esbuild, here, and not one of its inputs changed (touched, resized, removed)
 * since. A source that no input imports cannot change the bundle; one that starts being imported
 * does so through an edit of an input, which is seen.
 * @param {Manifest | undefined} manifest
 * @param {{ root: string, entry: string, folder: string, esbuild: string }} target
 */
export function isFresh(manifest, { root, entry, folder, esbuild }) {
  if (!manifest || manifest.format !== BUNDLE_FORMAT || manifest.esbuild !== esbuild || manifest.root !== root || manifest.entry !== entry) return false;
  if (!existsSync(path.join(folder, manifest.bundle))) return false;
  return Object.entries(manifest.inputs).every(([file, [mtime, size]]) => {
    const now = stamp(path.join(root, file));
    return now !== undefined && now[0] === mtime && now[1] === size;
  });
}

/** @param {string} folder @returns {Manifest | undefined} */
export function readManifest(folder) {
  try {
    return JSON.parse(readFileSync(path.join(folder, MANIFEST), 'utf8'));
  } catch {
    return undefined;
  }
}

/** Writes a file whole or not at all: aside, then renamed into place. @param {string} file @param {string | Uint8Array} contents */
function writeWhole(file, contents) {
  const aside = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    writeFileSync(aside, contents);
    renameSync(aside, file);
  } finally {
    rmSync(aside, { force: true });
  }
}

/**
 * Bundles `entry` (relative to `root`) into `folder` and writes its manifest. Packages stay
 * imports of node_modules. A module's import.meta.url, dirname and filename are its source's, as
 * when it runs on its own (paths to migrations, data files and the web build are made from them).
 * Each input's mtime and size are taken before it is read: a file changed during the build looks
 * newer than the bundle, which the next start makes again.
 * @param {{ root: string, entry: string, folder: string }} target
 * @returns {Promise<Manifest>}
 */
export async function buildBundle({ root, entry, folder }) {
  const esbuild = loadEsbuild();
  /** @type {Manifest['inputs']} */
  const inputs = {};
  const result = await esbuild.build({
    entryPoints: [path.join(root, entry)], absWorkingDir: root, bundle: true, platform: 'node', format: 'esm', target: 'node20',
    packages: 'external', outfile: path.join(folder, 'start.mjs'), sourcemap: 'linked', write: false, logLevel: 'silent',
    // Classes and names as they were: stack traces and logs name the source's functions.
    keepNames: true,
    plugins: [{
      name: 'sources-in-place',
      setup(build) {
        build.onLoad({ filter: /.*/ }, async (args) => {
          const stamped = stamp(args.path);
          if (stamped) inputs[path.relative(root, args.path)] = stamped;
          if (!/\.[cm]?[jt]sx?$/.test(args.path)) return undefined;
          const text = await readFile(args.path, 'utf8');
          const meta = { url: pathToFileURL(args.path).href, dirname: path.dirname(args.path), filename: args.path };
          return {
            contents: text.replace(/\bimport\.meta\.(url|dirname|filename)\b/g, (_match, key) => JSON.stringify(meta[/** @type {keyof typeof meta} */ (key)])),
            loader: /** @type {import('esbuild').Loader} */ (path.extname(args.path).replace(/^\.[cm]?/, '')),
          };
        });
      },
    }],
  });
  const code = result.outputFiles.find((f) => f.path.endsWith('.mjs'));
  const map = result.outputFiles.find((f) => f.path.endsWith('.map'));
  if (!code || !map) throw new Error('esbuild wrote no bundle');
  const name = `start-${createHash('sha256').update(code.contents).digest('hex').slice(0, 16)}.mjs`;
  mkdirSync(folder, { recursive: true });
  writeWhole(path.join(folder, `${name}.map`), map.contents);
  writeWhole(path.join(folder, name), code.text.replace(/\/\/# sourceMappingURL=start\.mjs\.map\s*$/, `//# sourceMappingURL=${name}.map\n`));
  /** @type {Manifest} */
  const manifest = { format: BUNDLE_FORMAT, esbuild: esbuildVersion(), root, entry, bundle: name, inputs };
  writeWhole(path.join(folder, MANIFEST), JSON.stringify(manifest));
  // Earlier bundles go, but not one a second start may be about to load (made in the last minute).
  for (const old of readdirSync(folder)) {
    if (!old.startsWith('start-') || old.startsWith(name)) continue;
    const at = stamp(path.join(folder, old));
    if (at && Date.now() - at[0] > 60_000) rmSync(path.join(folder, old), { force: true });
  }
  return manifest;
}

/**
 * The bundle of `entry`, made again first when it is missing or stale.
 * @param {{ root?: string, entry?: string, folder?: string }} [options]
 * @returns {Promise<{ file: string, built: boolean }>}
 */
export async function bundleOf({ root = ROOT, entry = 'server/start.ts', folder = BUNDLE_FOLDER } = {}) {
  const manifest = readManifest(folder);
  if (isFresh(manifest, { root, entry, folder, esbuild: esbuildVersion() })) return { file: path.join(folder, /** @type {Manifest} */ (manifest).bundle), built: false };
  const made = await buildBundle({ root, entry, folder });
  return { file: path.join(folder, made.bundle), built: true };
}

async function launch() {
  // Stack traces name the TypeScript sources, as under tsx.
  process.setSourceMapsEnabled(true);
  const started = performance.now();
  let bundle;
  try {
    bundle = await bundleOf();
  } catch (error) {
    // A source esbuild cannot read stops here, with its message, as it would under tsx.
    if (error && typeof error === 'object' && 'errors' in error) {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    }
    // No bundle can be written (a read-only checkout): the sources run through tsx, as before.
    console.warn(`no server bundle in ${BUNDLE_FOLDER} (${error instanceof Error ? error.message : String(error)}); running the sources through tsx`);
    const { register } = await import('tsx/esm/api');
    register();
    await import(pathToFileURL(path.join(ROOT, 'server/start.ts')).href);
    return;
  }
  if (bundle.built) console.log(`server bundled in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await import(pathToFileURL(bundle.file).href);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await launch();
