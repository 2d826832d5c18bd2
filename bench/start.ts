// `npm run bench:start`: how long `/login` takes to answer after launch, on a fresh data directory
// (migrations, seeding, demo data) and again on the same one, with the memory the server reports
// when ready. Needs the web app built (npm run build). Printed, never asserted (issue 7).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const PORT = 18_490;
const root = path.resolve(import.meta.dirname, '..');
const GIVE_UP_MS = 120_000;

if (!existsSync(path.join(root, 'dist', 'index.html'))) {
  console.error('bench:start measures the server with the web app already built: run `npm run build` first');
  process.exit(1);
}

async function launch(dataDir: string): Promise<{ seconds: number; ready: string }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    cwd: root, env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'inherit'],
  });
  let ready = '';
  let exited = false;
  child.once('exit', () => { exited = true; });
  child.stdout.on('data', (chunk: Buffer) => {
    for (const line of String(chunk).split('\n')) if (line.includes('portal ready')) ready = line;
  });
  for (;;) {
    if (exited) throw new Error('the server exited before answering /login');
    if (performance.now() - started > GIVE_UP_MS) throw new Error(`/login did not answer within ${GIVE_UP_MS / 1000} s`);
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/login`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const seconds = (performance.now() - started) / 1000;
  child.kill('SIGTERM');
  if (!exited) await new Promise((resolve) => child.once('exit', resolve));
  return { seconds, ready };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-start-'));
try {
  for (const label of ['fresh data directory', 'existing data directory']) {
    const { seconds, ready } = await launch(dataDir);
    const memory = (JSON.parse(ready || '{}') as { memory?: Record<string, number> }).memory;
    console.log(`${label.padEnd(24)} /login answers after ${seconds.toFixed(1)} s; memory when ready: ${JSON.stringify(memory)}`);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
