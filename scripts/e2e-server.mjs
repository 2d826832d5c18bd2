// Starts the portal for browser tests on a fresh temporary data directory, removed on exit.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, DEMO: '1', HOST: '127.0.0.1', VALIDATE_RESPONSES: 'strict' },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
