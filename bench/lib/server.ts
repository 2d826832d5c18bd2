// What the load benchmarks share: the real server and a bare Fastify hello as processes of their
// own, signed requests as the web app builds them, and autocannon runs that print one line each.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { signatureParams } from '../../src/lib/signing.ts';
import { serverSignature } from '../../server/plugins/signature.ts';
import { freshPostgresDatabase } from '../../tests/fixtures/postgres.ts';
import { cpuMeter, cpuPer, watchServer, type CpuSpent } from './cpu.ts';

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

/**
 * The signed query string of a request with these fields, as the web app builds it, signed by
 * OpenSSL as a Node.js client would: the browser's portable HMAC would make the load generator,
 * sharing this machine's cores with the server, spend more on each request than the server does.
 */
export const signed = (fields: Record<string, string>) =>
  new URLSearchParams({ ...signatureParams(KEY, { clientId: 'web', appProjectName: 'portal', lang: 'en' }, fields, serverSignature) }).toString();

export interface Call {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** Query parameters of the operation itself, signed with the rest; a function gives each request its own (e.g. a random plant). */
  query?: Record<string, string> | (() => Record<string, string>);
  /** Fields of a form body, fresh for each request. */
  form?: () => Record<string, string>;
}

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  /** Failed requests: socket errors and timeouts (no latency recorded), non-2xx, and answers whose errCode is not 0 (shed ones included). */
  errors: number;
  /** Of those, the answers 10006: waited longer than MAX_QUEUE_WAIT_MS in the admission queue, and shed. */
  shed?: number;
  /** Requests answered, and the CPU each process spent meanwhile (Linux). */
  answered: number;
  cpu?: CpuSpent | undefined;
}

/** The answers whose envelope is not errCode 0 (business errors answer HTTP 200). */
const failed = (body: string) => !body.startsWith('{"errCode":0,');
const SHED = '{"errCode":10006,';

export async function load(port: number, call: Call, token?: string, connections = CONNECTIONS): Promise<Figures> {
  let refused = 0;
  let shed = 0;
  const spent = cpuMeter();
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: SECONDS,
    requests: [{
      method: call.method,
      setupRequest: (request) => {
        const form = call.form?.();
        const fields = typeof call.query === 'function' ? call.query() : call.query;
        const own = new URLSearchParams(fields ?? {}).toString();
        const query = call.path === '/hello' ? '' : `?${own ? `${own}&` : ''}${signed({ ...fields, ...form })}`;
        return {
          ...request,
          path: `${call.path}${query}`,
          headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
          ...(form ? { body: new URLSearchParams(form).toString() } : {}),
        };
      },
      ...(call.path === '/hello' ? {} : { onResponse: (status: number, body: string) => {
        if (status < 300 && failed(body)) refused++;
        if (body.startsWith(SHED)) shed++;
      } }),
    }],
  });
  return {
    rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99,
    // autocannon counts its timeouts among its errors already.
    errors: result.errors + result.non2xx + refused, ...(shed ? { shed } : {}),
    answered: result.requests.total, cpu: spent(),
  };
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
  console.log(`  ${name.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${String(r.p50).padStart(5)} ms  p99 ${String(r.p99).padStart(5)} ms  errors ${r.errors}${r.shed ? ` (${r.shed} shed, 10006)` : ''}${hello ? `  ${(r.rps / hello).toFixed(2)} × hello` : ''}  ${cpuPer(r.cpu, r.answered, 'request')}`);

export interface Running {
  kind: 'PGlite' | 'PostgreSQL';
  /** The kind, and CLUSTER=1 when the server runs as one of several sharing its database. */
  label: string;
  token: string;
  /** Runs SQL on the server's database (PostgreSQL only: PGlite belongs to the server process). */
  databaseUrl?: string;
  /**
   * Stops the server, runs `between` on its database (which nobody has open then, PGlite's
   * included), starts it again and logs in; resolves to the new token.
   */
  restart(between?: (target: Target) => Promise<void>): Promise<string>;
}

/** The database before the server starts: PGlite's data directory (nobody has it open yet), or PostgreSQL's URL. */
export interface Target {
  kind: Running['kind'];
  dataDir?: string;
  databaseUrl?: string;
}

export interface DatabaseOptions {
  hello?: boolean;
  /** Runs before the server starts, on a database nobody else has open (PGlite: the server's data directory). */
  prepare?: (target: Target) => Promise<void>;
  /** More settings of the server process. */
  env?: Record<string, string>;
  /** Also measures PostgreSQL with CLUSTER=1 (nonces and cache checks through the database). */
  cluster?: boolean;
}

/** BENCH_DATABASES=pglite or postgres runs one half only (both by default). */
const wanted = (kind: Running['kind']) => {
  const only = (process.env.BENCH_DATABASES ?? '').toLowerCase();
  return !only || only.split(',').some((k) => kind.toLowerCase().startsWith(k.trim()));
};

/** Runs `measure` against the real server (production settings, demo seeded) on each database. */
export async function onEachDatabase(measure: (running: Running) => Promise<void>, options: DatabaseOptions = {}) {
  const run = async (kind: Running['kind'], env: Record<string, string>, databaseUrl?: string) => {
    const label = env.CLUSTER ? `${kind}, CLUSTER=1` : kind;
    const target: Target = { kind, ...(env.DATA_DIR ? { dataDir: env.DATA_DIR } : {}), ...(databaseUrl ? { databaseUrl } : {}) };
    await options.prepare?.(target);
    const hello = options.hello ? start(['--input-type=module', '-e', HELLO], { PORT: String(HELLO_PORT) }) : undefined;
    // BENCH_PROFILE=<dir> writes the server's CPU profile there (open it in Chrome's DevTools).
    const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(process.env.BENCH_PROFILE)] : [];
    const launch = () => start([...profile, '--import', 'tsx', 'server/server.ts'], {
      PORT: String(PORT), HOST: '127.0.0.1', NODE_ENV: 'production', DEMO: '1', LOG_LEVEL: 'warn',
      // The simulator's backfill would share the machine with the load being measured.
      RATE_LIMIT_PER_IP: '0', RATE_LIMIT_PER_TOKEN: '0', SIM: '0', ...options.env, ...env,
    });
    let server = launch();
    watchServer(server.pid);
    // Stopped before its database is dropped or reopened, so that it closes its connections itself.
    const stop = async () => {
      const exited = server.exitCode !== null || server.signalCode !== null ? Promise.resolve() : new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    };
    const restart = async (between?: (target: Target) => Promise<void>) => {
      await stop();
      await between?.(target);
      server = launch();
      watchServer(server.pid);
      await waitFor(PORT, '/dev-api/api/v1/no/such');
      return login(PORT);
    };
    try {
      await Promise.all([waitFor(PORT, '/dev-api/api/v1/no/such'), ...(hello ? [waitFor(HELLO_PORT, '/hello')] : [])]);
      await measure({ kind, label, token: await login(PORT), ...(databaseUrl ? { databaseUrl } : {}), restart });
    } finally {
      hello?.kill('SIGTERM');
      await stop();
    }
  };
  if (wanted('PGlite')) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
    try {
      await run('PGlite', { DATA_DIR: dataDir });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (!wanted('PostgreSQL')) return;
  if (!(await answers(5432))) {
    console.log('PostgreSQL does not answer on 127.0.0.1:5432: skipped that half');
    return;
  }
  for (const cluster of options.cluster ? [false, true] : [false]) {
    const database = await freshPostgresDatabase(POSTGRES_URL);
    try {
      await run('PostgreSQL', { DATABASE_URL: database.url, ...(cluster ? { CLUSTER: '1' } : {}) }, database.url);
    } finally {
      await database.drop();
    }
  }
}
