// `npm start` (through server/launch.mjs, which runs this from a bundle): builds the web app when
// dist/ is missing or older than its sources, then starts the server. On a fresh machine this
// needs nothing but Node and `npm ci`.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SOURCES = ['src', 'schemas', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];
// The build the server will serve (WEB_DIST, as server/config.ts reads it): a browser-test run with
// its own WEB_DIST builds and serves its own copy instead of rewriting the shared dist/. A WEB_DIST
// outside the project is not emptied first (vite empties only its own dist/): a browser-test run
// starts three portals one after another, and when sources change between their starts a later
// one rebuilds while the first still serves the index it read, whose assets must stay.
const webDist = path.resolve(root, process.env.WEB_DIST ?? 'dist');

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), stat.mtimeMs);
}

function webBuildIsStale(): boolean {
  const built = path.join(webDist, 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(root, s)) > builtAt);
}

async function buildWebApp(): Promise<void> {
  const started = performance.now();
  console.log('building the web app...');
  const child = spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', webDist, '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  const status = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (status !== 0) process.exit(status ?? 1);
  console.log(`web app built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * While vite builds (a fresh checkout), the database template a new PGlite directory starts from
 * is made beside it when there is none: the server would otherwise make it after the build.
 */
async function prepareTemplate(): Promise<void> {
  const { loadConfig } = await import('./config.ts');
  const config = loadConfig();
  if (config.databaseUrl) return;
  const { templateFor } = await import('./db/pglite-template.ts');
  await templateFor(config.dataDir);
}

// A broken descriptor is named here, before a build or a start would trip over it.
const { checkedDescriptors } = await import('./resources/check.ts');
const problems = checkedDescriptors();
if (problems) {
  console.error(problems);
  process.exit(1);
}

// A configuration the template cannot be made for is the server's to report, as it starts.
if (webBuildIsStale()) await Promise.all([buildWebApp(), prepareTemplate().catch(() => undefined)]);

const { main } = await import('./server.ts');
main();
