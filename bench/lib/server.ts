// What the load benchmarks share: the real server and a bare Fastify hello as processes of their
// own, signed requests as the web app builds them, and autocannon runs that print one line each.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { signatureParams } from '../../src/lib/signing.ts';
import { freshPostgresDatabase } from '../../tests/fixtures/postgres.ts';

export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const KEY = 'portal-web-public';
const root = path.resolve(import.meta.dirname, '../..');
export const PORT = 18_480;
export const HELLO_PORT = 18_481;

const HELLO = `
import Fastify from 'fastify';
const app = Fastify();
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

function start(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function waitFor(port: number, urlPath: string) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}${urlPath}`)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nothing answered on port ${port}`);
}

const answers = (port: number) => new Promise<boolean>((resolve) => {
  const socket = connect(port, '127.0.0.1', () => {
    socket.end();
    resolve(true);
  }).on('error', () => resolve(false));
});

/** The signed query string of a request with these fields, as the web app builds it. */
export const signed = (fields: Record<string, string>) =>
  new URLSearchParams({ ...signatureParams(KEY, { clientId: 'web', appProjectName: 'portal', lang: 'en' }, fields) }).toString();

export interface Call {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** Query parameters of the operation itself, signed with the rest. */
  query?: Record<string, string>;
  /** Fields of a form body, fresh for each request. */
  form?: () => Record<string, string>;
}

export interface Figures { rps: number; p50: number; p99: number; errors: number }

export async function load(port: number, call: Call, token?: string, connections = CONNECTIONS): Promise<Figures> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: SECONDS,
    requests: [{
      method: call.method,
      setupRequest: (request) => {
        const form = call.form?.();
        const own = new URLSearchParams(call.query ?? {}).toString();
        const query = call.path === '/hello' ? '' : `?${own ? `${own}&` : ''}${signed({ ...call.query, ...form })}`;
        return {
          ...request,
          path: `${call.path}${query}`,
          headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
          ...(form ? { body: new URLSearchParams(form).toString() } : {}),
        };
      },
    }],
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx };
}

export async function login(port: number): Promise<string> {
  const form = { username: 'admin', password: 'Demo@2026' };
  const response = await fetch(`http://127.0.0.1:${port}/dev-api/api/v1/sys/login?${signed(form)}`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString(),
  });
  const body = await response.json() as { errCode: number; data: { token: string } };
  if (body.errCode !== 0) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.data.token;
}

export const line = (name: string, r: Figures, hello?: number) =>
  console.log(`  ${name.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${String(r.p50).padStart(5)} ms  p99 ${String(r.p99).padStart(5)} ms  errors ${r.errors}${hello ? `  ${(r.rps / hello).toFixed(2)} × hello` : ''}`);

export interface Running {
  kind: 'PGlite' | 'PostgreSQL';
  token: string;
  /** Runs SQL on the server's database (PostgreSQL only: PGlite belongs to the server process). */
  databaseUrl?: string;
}

/** Runs `measure` against the real server (production settings, demo seeded) on each database. */
export async function onEachDatabase(measure: (running: Running) => Promise<void>, options: { hello?: boolean } = {}) {
  const run = async (kind: Running['kind'], env: Record<string, string>, databaseUrl?: string) => {
    const hello = options.hello ? start(['--input-type=module', '-e', HELLO], { PORT: String(HELLO_PORT) }) : undefined;
    // BENCH_PROFILE=<dir> writes the server's CPU profile there (open it in Chrome's DevTools).
    const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(process.env.BENCH_PROFILE)] : [];
    const server = start([...profile, '--import', 'tsx', 'server/server.ts'], {
      PORT: String(PORT), HOST: '127.0.0.1', NODE_ENV: 'production', DEMO: '1', LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_IP: '0', RATE_LIMIT_PER_TOKEN: '0', ...env,
    });
    try {
      await Promise.all([waitFor(PORT, '/dev-api/api/v1/no/such'), ...(hello ? [waitFor(HELLO_PORT, '/hello')] : [])]);
      await measure({ kind, token: await login(PORT), ...(databaseUrl ? { databaseUrl } : {}) });
    } finally {
      server.kill('SIGTERM');
      hello?.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  try {
    await run('PGlite', { DATA_DIR: dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (!(await answers(5432))) {
    console.log('PostgreSQL does not answer on 127.0.0.1:5432: skipped that half');
    return;
  }
  const database = await freshPostgresDatabase(POSTGRES_URL);
  try {
    await run('PostgreSQL', { DATABASE_URL: database.url }, database.url);
  } finally {
    await database.drop();
  }
}
