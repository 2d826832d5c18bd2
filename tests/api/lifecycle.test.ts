// The server process as an operator runs it: it starts on a fresh data directory, serves the API,
// and on SIGTERM finishes what is in flight and closes the database cleanly.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client.ts';
import { users } from '../../server/db/schema/index.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-lifecycle-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('server process', () => {
  it('starts, answers, and shuts down gracefully on SIGTERM', async () => {
    const port = 18_000 + Math.floor(Math.random() * 2000);
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
      env: { ...process.env, DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST: '/nonexistent', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not ready: ${output}`)), 60_000);
      child.stdout.on('data', () => {
        if (output.includes('portal ready')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    expect(output).toMatch(/portal ready on http:\/\/localhost:\d+ in \d+\.\d s/);

    const answer = (await fetch(`http://127.0.0.1:${port}/dev-api/api/v1/sys/site/list`).then((r) => r.json())) as { errCode: number };
    expect(answer.errCode).toBe(10003);

    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('shutting down');

    // Closed cleanly: the directory opens again with its seeded accounts.
    const database = await openDatabase({ dataDir });
    expect((await database.db.select().from(users)).length).toBe(10);
    await database.close();
  }, 90_000);
});
