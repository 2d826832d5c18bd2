// The server process as an operator runs it: it starts on a fresh data directory, serves the API,
// and on SIGTERM finishes what is in flight and closes the database cleanly, under load too.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client.ts';
import { users } from '../../server/db/schema/index.ts';
import { signatureParams } from '../../src/lib/signing.ts';
import { DEMO_PASSWORD } from '../fixtures/demo-password.ts';
import { freshPostgresDatabase } from '../fixtures/postgres.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-lifecycle-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Starts server/server.ts as a process of its own and resolves once it says it is ready. */
async function startProcess(env: Record<string, string>) {
  const port = 18_000 + Math.floor(Math.random() * 2000);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    env: { ...process.env, DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST: '/nonexistent', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready: ${output}`)), 60_000);
    child.stdout.on('data', () => {
      if (output.includes('portal ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then((code) => reject(new Error(`exited with ${code} before it was ready: ${output}`)));
  });
  return { child, port, exited, output: () => output };
}

describe('server process', () => {
  it('starts, answers, and shuts down gracefully on SIGTERM', async () => {
    const { child, port, exited, output } = await startProcess({});
    expect(output()).toMatch(/portal ready on http:\/\/localhost:\d+ in \d+\.\d s/);

    const answer = (await fetch(`http://127.0.0.1:${port}/dev-api/api/v1/sys/site/list`).then((r) => r.json())) as { errCode: number };
    expect(answer.errCode).toBe(10003);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output()).toContain('shutting down');

    // Closed cleanly: the directory opens again with its seeded accounts.
    const database = await openDatabase({ dataDir });
    expect((await database.db.select().from(users)).length).toBe(10);
    await database.close();
  }, 90_000);

  // server.ts exits with 1 when stopping takes longer than 10 s, so an exit code of 0 is the proof
  // that it stopped in time; nothing here measures time.
  it('stops under load: every request in flight is answered or sees its connection closed, and the exit is clean', async () => {
    const postgres = process.env.TEST_DATABASE_URL ? await freshPostgresDatabase(process.env.TEST_DATABASE_URL) : undefined;
    try {
      const { child, port, exited, output } = await startProcess({
        RATE_LIMIT_PER_IP: '0', RATE_LIMIT_PER_TOKEN: '0',
        ...(postgres ? { DATABASE_URL: postgres.url, DEMO: '1' } : {}),
      });
      const base = `http://127.0.0.1:${port}/dev-api/api/v1`;
      // The query string of a call, with the signing fields over its query and form, as the web app builds it.
      const signed = (query: Record<string, string>, form: Record<string, string> = {}) =>
        new URLSearchParams({ ...query, ...signatureParams('portal-web-public', { clientId: 'web', appProjectName: 'portal', lang: 'en' }, { ...query, ...form }) }).toString();
      const credentials = { username: 'admin', password: DEMO_PASSWORD };
      const login = (await fetch(`${base}/sys/login?${signed({}, credentials)}`, {
        method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(credentials).toString(),
      }).then((r) => r.json())) as { errCode: number; data: { token: string } };
      expect(login.errCode).toBe(0);
      const headers = { authorization: `Bearer ${login.data.token}` };

      // A read the session cache serves and one that pages through the database, each signed afresh.
      const calls = [() => `${base}/sys/user/getLoginInfo?${signed({})}`, () => `${base}/modelCode/pageList?${signed({ pageNo: '2', pageSize: '20' })}`];
      const answered: number[] = [];
      let closed = 0;
      let warm: () => void = () => undefined;
      const warmedUp = new Promise<void>((resolve) => (warm = resolve));
      const worker = async (n: number) => {
        for (let i = n; ; i++) {
          try {
            const response = await fetch(calls[i % calls.length]!(), { headers });
            const body = (await response.json()) as { errCode: number };
            answered.push(body.errCode);
            // Stopped once it is busy: 200 requests served and 50 more on their way.
            if (answered.length >= 200) warm();
          } catch (error) {
            if (!connectionClosed(error)) throw error;
            // The server is going away for this client: it stops asking.
            closed += 1;
            return;
          }
        }
      };
      const workers = Promise.all(Array.from({ length: 50 }, (_, n) => worker(n)));
      // A worker that fails before the load is up fails the test at once.
      await Promise.race([warmedUp, workers]);
      child.kill('SIGTERM');
      expect(await exited, output()).toBe(0);
      await workers;

      expect(output()).toContain('shutting down');
      expect(output()).not.toContain('exiting anyway');
      // Every answer is the envelope: served, or turned away as busy while stopping (10006).
      expect(new Set(answered.filter((errCode) => errCode !== 0 && errCode !== 10006))).toEqual(new Set());
      expect(answered.filter((errCode) => errCode === 0).length).toBeGreaterThanOrEqual(200);
      // Every worker ends on a closed or refused connection, once the process is gone.
      expect(closed).toBe(50);
    } finally {
      await postgres?.drop();
    }
  }, 120_000);
});

/** A request that failed because its connection was refused, reset or closed: no answer, but no hang. */
function connectionClosed(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return error instanceof TypeError && ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED'].includes(cause?.code ?? '');
}
