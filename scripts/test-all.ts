// `npm test`: everything CI checks, in order, stopping at the first failure. Installs Debian's
// Chromium headless shell for the browser tests when it is missing (tests/e2e/browser-path.ts).
// Ends with one line counting the tests.
// The static checks are single-threaded, so they run two at a time (the machine's two cores),
// each one's output printed whole when it ends; the fuzz run and the web build likewise.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FULL_CHROMIUM, HEADLESS_SHELL } from '../tests/e2e/browser-path.ts';

const reports = mkdtempSync(path.join(tmpdir(), 'portal-test-'));
let passed = 0;
let failed = 0;

function run(title: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n=== ${title}`);
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  console.log(`=== ${title}: ${ok ? 'ok' : 'FAILED'} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return ok;
}

/** Runs the commands at most `width` at a time, each one's output held and printed when it ends. */
async function runTogether(width: number, commands: [title: string, command: string, args: string[]][]): Promise<boolean> {
  let allOk = true;
  const queue = [...commands];
  const lane = async () => {
    for (let next = queue.shift(); next && allOk; next = queue.shift()) {
      const [title, command, args] = next;
      const started = performance.now();
      const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
      const output: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
      const status = await new Promise<number | null>((resolve) => child.once('close', resolve));
      console.log(`\n=== ${title}\n${Buffer.concat(output).toString().trimEnd()}`);
      console.log(`=== ${title}: ${status === 0 ? 'ok' : 'FAILED'} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
      if (status !== 0) allOk = false;
    }
  };
  await Promise.all(Array.from({ length: width }, lane));
  return allOk;
}

/**
 * The headless shell, installed from Debian when missing; failing that, an installed full
 * Chromium serves (the tests run the same in both).
 */
function ensureChromium(): boolean {
  if (process.env.CHROMIUM_PATH) return existsSync(process.env.CHROMIUM_PATH);
  if (existsSync(HEADLESS_SHELL)) return true;
  console.log(`The Chromium headless shell is missing at ${HEADLESS_SHELL}; installing Debian's package`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (...args: string[]) => spawnSync(sudo[0] ?? 'apt-get', [...sudo.slice(1), ...(sudo.length ? ['apt-get'] : []), ...args], {
    stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  }).status === 0;
  if (apt('update') && apt('install', '-y', 'chromium-headless-shell') && existsSync(HEADLESS_SHELL)) return true;
  if (existsSync(FULL_CHROMIUM)) {
    console.log(`Installing it failed: the browser tests use ${FULL_CHROMIUM}`);
    return true;
  }
  return false;
}

function countVitest(file: string) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number };
  passed += report.numPassedTests;
  failed += report.numFailedTests;
}

function countPlaywright(file: string) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number } };
  passed += report.stats.expected + report.stats.flaky;
  failed += report.stats.unexpected;
}

const npx = 'npx';
const steps: [string, () => boolean | Promise<boolean>][] = [
  ['browser for the e2e tests', ensureChromium],
  ['static checks', () => runTogether(2, [
    ['gen:check', npx, ['tsx', 'scripts/gen.ts', '--check']],
    ['typecheck web', npx, ['tsc', '-p', 'tsconfig.json', '--noEmit']],
    ['typecheck server', npx, ['tsc', '-p', 'server/tsconfig.json', '--noEmit']],
    ['lint', npx, ['eslint', '.', '--max-warnings', '0']],
    ['resource descriptors', npx, ['tsx', 'scripts/check-resources.ts']],
    ['openapi lint', npx, ['redocly', 'lint', 'openapi/portal.yaml', '--format', 'summary']],
  ])],
  ['unit and API tests', () => {
    const file = path.join(reports, 'vitest.json');
    const ok = run('vitest (unit + api)', npx, ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`]);
    countVitest(file);
    return ok;
  }],
  // A seeded short run of `npm run fuzz` (docs/input-rules.md): every operation, every caller;
  // beside it, the web build that the browser tests serve.
  ['contract fuzz and web build', () => runTogether(2, [
    ['fuzz (seeded short run)', npx, ['tsx', 'scripts/fuzz/run.ts', '--ci']],
    ['build', 'npm', ['run', '-s', 'build']],
  ])],
  ['browser tests', () => {
    const file = path.join(reports, 'playwright.json');
    const ok = run('playwright', npx, ['playwright', 'test', '--reporter=line,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file });
    countPlaywright(file);
    return ok;
  }],
];

let ok = true;
for (const [title, step] of steps) {
  if (!(await step())) {
    console.error(`\nstopped: ${title} failed`);
    ok = false;
    break;
  }
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
