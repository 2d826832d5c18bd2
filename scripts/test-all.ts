// `npm test`: everything CI checks, in order, stopping at the first failure. Installs Debian's
// Chromium for the browser tests when it is missing. Ends with one line counting the tests.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
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

function ensureChromium(): boolean {
  if (existsSync(CHROMIUM)) return true;
  console.log(`Chromium is missing at ${CHROMIUM}; installing Debian's package`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (...args: string[]) => spawnSync(sudo[0] ?? 'apt-get', [...sudo.slice(1), ...(sudo.length ? ['apt-get'] : []), ...args], {
    stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  }).status === 0;
  return apt('update') && apt('install', '-y', 'chromium') && existsSync(CHROMIUM);
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
const steps: [string, () => boolean][] = [
  ['browser for the e2e tests', ensureChromium],
  ['generated code is current', () => run('gen:check', npx, ['tsx', 'scripts/gen.ts', '--check'])],
  ['resource descriptors', () => run('resource descriptors', npx, ['tsx', 'scripts/check-resources.ts'])],
  ['OpenAPI lint', () => run('openapi lint', npx, ['redocly', 'lint', 'openapi/portal.yaml', '--format', 'summary'])],
  ['typecheck', () => run('typecheck web', npx, ['tsc', '-p', 'tsconfig.json', '--noEmit']) && run('typecheck server', npx, ['tsc', '-p', 'server/tsconfig.json', '--noEmit'])],
  ['lint', () => run('lint', npx, ['eslint', '.', '--max-warnings', '0'])],
  ['unit and API tests', () => {
    const file = path.join(reports, 'vitest.json');
    const ok = run('vitest (unit + api)', npx, ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`]);
    countVitest(file);
    return ok;
  }],
  // A seeded short run of `npm run fuzz` (docs/input-rules.md): every operation, every caller.
  ['contract fuzz', () => run('fuzz (seeded short run)', npx, ['tsx', 'scripts/fuzz/run.ts', '--ci'])],
  ['web build and route budgets', () => run('build', 'npm', ['run', '-s', 'build'])],
  ['browser tests', () => {
    const file = path.join(reports, 'playwright.json');
    const ok = run('playwright', npx, ['playwright', 'test', '--reporter=line,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file });
    countPlaywright(file);
    return ok;
  }],
];

let ok = true;
for (const [title, step] of steps) {
  if (!step()) {
    console.error(`\nstopped: ${title} failed`);
    ok = false;
    break;
  }
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
