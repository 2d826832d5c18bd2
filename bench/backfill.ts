// `npm run bench:backfill`: what the demo simulator's history backfill costs the users of a fresh
// server (issue 19), printed and never asserted. The real server starts as its own process on a
// fresh PGlite data directory with the demo seed and the simulator on (SIM_BACKFILL_DAYS, 90 by
// default), and while the backfill runs one signed user asks for the plant list again and again;
// then the same user for BENCH_AFTER requests once it is done. Then again on a fresh server, a
// paced user: a page's worth of requests every second (the plant list, the first plant's details
// and its power curve of today), as someone looking at the portal does, for BENCH_AFTER_PAGES
// pages after the backfill. Printed for each: the backfill's duration (from its own log lines, with
// the CPU seconds the server spent meanwhile, which a busy machine stretches less), how soon every
// plant showed online and every plant had some history, and the latencies (p50, p99, max) during
// and after. BENCH_USERS=nonstop or =paced runs one of them.
// BENCH_BACKFILL_CONNECTIONS=50 runs the server a second time with that many connections asking
// for getLoginInfo throughout the backfill (autocannon), as the tester of issue 19 did. A run gives
// up after BENCH_GIVE_UP_MINUTES (15).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { signed } from './lib/server.ts';

const PORT = Number(process.env.BENCH_PORT ?? 18_483);
const root = path.resolve(import.meta.dirname, '..');
const DAYS = process.env.SIM_BACKFILL_DAYS ?? '90';
const AFTER = Number(process.env.BENCH_AFTER ?? 300);
const AFTER_PAGES = Number(process.env.BENCH_AFTER_PAGES ?? 20);
const PAGE_EVERY_MS = 1000;
const USERS = (process.env.BENCH_USERS ?? 'nonstop,paced').split(',');
const CONNECTIONS = Number(process.env.BENCH_BACKFILL_CONNECTIONS ?? 0);
const GIVE_UP_MS = Number(process.env.BENCH_GIVE_UP_MINUTES ?? 15) * 60_000;
const base = `http://127.0.0.1:${PORT}/dev-api/api/v1`;

interface Backfill {
  /** Epoch ms of the server's log lines: the backfill's start and end. */
  started?: number;
  done?: number;
  /** The server's CPU seconds over the backfill, as it logs them. */
  cpuSeconds?: number;
  /** When the latest days of every plant were in (a newest-first backfill logs it). */
  latestDay?: number;
  /** Its progress lines: [epoch ms, percent]. */
  progress: [number, number][];
  /** Warnings and errors the server logged meanwhile. */
  problems: string[];
}

function launch(dataDir: string): { child: ChildProcess; backfill: Backfill; ended: Promise<void> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    cwd: root,
    env: {
      ...process.env, PORT: String(PORT), HOST: '127.0.0.1', NODE_ENV: 'production', DATA_DIR: dataDir, DEMO: '1', SIM: '1',
      SIM_BACKFILL_DAYS: DAYS, LOG_LEVEL: 'info', MQTT: '0', RATE_LIMIT_PER_IP: '0', RATE_LIMIT_PER_TOKEN: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const backfill: Backfill = { progress: [], problems: [] };
  let rest = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (rest + String(chunk)).split('\n');
    rest = lines.pop()!;
    for (const text of lines) {
      let entry: { time?: number; msg?: string; percent?: number; level?: number; cpuSeconds?: number };
      try {
        entry = JSON.parse(text) as typeof entry;
      } catch {
        continue;
      }
      const at = entry.time ?? Date.now();
      if (entry.msg === 'simulator: backfilling history') backfill.started = at;
      else if (entry.msg?.startsWith('simulator: backfill done')) {
        backfill.done = at;
        backfill.cpuSeconds = entry.cpuSeconds;
      }
      else if (entry.msg === 'simulator: backfill has the latest days of every plant') backfill.latestDay = at;
      else if (entry.percent !== undefined && entry.msg?.startsWith('simulator: backfill')) backfill.progress.push([at, entry.percent]);
      if ((entry.level ?? 0) >= 40) backfill.problems.push(`${entry.msg ?? ''}`);
    }
  });
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, backfill, ended };
}

async function call(pathName: string, token: string, fields: Record<string, string> = {}) {
  const own = new URLSearchParams(fields).toString();
  const started = performance.now();
  const response = await fetch(`${base}${pathName}?${own ? `${own}&` : ''}${signed(fields)}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await response.json() as { errCode: number; data: { list: { plantUid: string; status: number; totalEnergy: number }[] } };
  return { ms: performance.now() - started, body };
}

async function waitForLogin(started: number, child: ChildProcess): Promise<string> {
  const form = { username: 'admin', password: process.env.DEMO_PASSWORD ?? 'Demo@2026' };
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited before it answered');
    if (performance.now() - started > GIVE_UP_MS) throw new Error('the server did not answer');
    try {
      const response = await fetch(`${base}/sys/login?${signed(form)}`, {
        method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString(),
      });
      const body = await response.json() as { errCode: number; data: { token: string } };
      if (body.errCode === 0) return body.data.token;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const figures = (samples: number[]) => {
  if (!samples.length) return 'no requests';
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  return `n=${String(sorted.length).padStart(5)}  p50 ${at(0.5).toFixed(1).padStart(6)} ms  p99 ${at(0.99).toFixed(1).padStart(6)} ms  max ${sorted.at(-1)!.toFixed(1).padStart(6)} ms`;
};

async function stop(child: ChildProcess, ended: Promise<void>) {
  child.kill('SIGTERM');
  await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 15_000))]);
}

/** A page's worth of requests: the plant list, the first plant's details and its power curve of today. */
async function page(token: string, latencies: number[]) {
  const list = await call('/monitor/plant/getPlantList', token, { pageNo: '1', pageSize: '20' });
  latencies.push(list.ms);
  const plantUid = list.body.data?.list?.[0]?.plantUid;
  let errors = list.body.errCode === 0 ? 0 : 1;
  if (plantUid) {
    for (const [pathName, fields] of [
      ['/monitor/plant/getOnePlantInfo', { plantUid }],
      ['/monitor/dataViews/getPlantPowerAndPVPowerCurve', { plantUid, date: new Date().toISOString().slice(0, 10) }],
    ] as const) {
      const answer = await call(pathName, token, fields);
      latencies.push(answer.ms);
      if (answer.body.errCode !== 0) errors++;
    }
  }
  return { list: list.body, errors };
}

/**
 * One user during the backfill and after it: `nonstop` reads the plant list again and again,
 * `paced` reads a page every second.
 */
async function oneUser(mode: 'nonstop' | 'paced') {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-backfill-'));
  const launched = performance.now();
  const { child, backfill, ended } = launch(dataDir);
  try {
    const token = await waitForLogin(launched, child);
    const during: number[] = [];
    const after: number[] = [];
    let errors = 0;
    let allOnline: number | undefined;
    let allFed: number | undefined;
    let pagesAfter = 0;
    while (mode === 'nonstop' ? after.length < AFTER : pagesAfter < AFTER_PAGES) {
      if (child.exitCode !== null) throw new Error('the server exited');
      if (performance.now() - launched > GIVE_UP_MS) throw new Error('the backfill did not finish');
      const pageStarted = performance.now();
      const finished = backfill.done !== undefined;
      const latencies: number[] = [];
      let body;
      if (mode === 'nonstop') {
        const answer = await call('/monitor/plant/getPlantList', token, { pageNo: '1', pageSize: '20' });
        latencies.push(answer.ms);
        body = answer.body;
        if (body.errCode !== 0) errors++;
      } else {
        const answer = await page(token, latencies);
        body = answer.list;
        errors += answer.errors;
        if (finished) pagesAfter++;
      }
      const now = Date.now();
      if (finished) after.push(...latencies);
      else if (backfill.started !== undefined) {
        during.push(...latencies);
        const plants = body.data?.list ?? [];
        // Online: its newest data is within the online window (status 1 or 2).
        if (allOnline === undefined && plants.length && plants.every((p) => p.status === 1 || p.status === 2)) allOnline = now;
        if (allFed === undefined && plants.length && plants.every((p) => p.totalEnergy > 0)) allFed = now;
      }
      if (mode === 'paced') await new Promise((resolve) => setTimeout(resolve, Math.max(0, PAGE_EVERY_MS - (performance.now() - pageStarted))));
    }
    const started = backfill.started!;
    const seconds = (at: number | undefined) => (at === undefined ? 'only after it' : `${((at - started) / 1000).toFixed(1)} s in`);
    const who = mode === 'nonstop' ? 'one user asking for the plant list nonstop' : 'one user reading a page (plant list, details, curve) every second';
    const cpu = backfill.cpuSeconds === undefined ? '' : `, the server's CPU ${backfill.cpuSeconds.toFixed(1)} s`;
    console.log(`backfill of ${DAYS} days beside ${who}: ${((backfill.done! - started) / 1000).toFixed(1)} s${cpu} (server up and logged in after ${((performance.now() - launched) / 1000 - (Date.now() - started) / 1000).toFixed(1)} s)`);
    console.log(`  every plant online: ${seconds(allOnline)}; every plant with energy: ${seconds(allFed)}${backfill.latestDay ? `; the latest days of every plant: ${seconds(backfill.latestDay)}` : ''}`);
    console.log(`  progress: ${backfill.progress.map(([at, percent]) => `${percent} % ${((at - started) / 1000).toFixed(0)} s`).join(', ')}`);
    const what = mode === 'nonstop' ? 'getPlantList' : 'each request of a page';
    console.log(`  ${what}, during the backfill: ${figures(during)}`);
    console.log(`  ${what}, after the backfill:  ${figures(after)}`);
    if (errors) console.log(`  answers other than errCode 0: ${errors}`);
    if (backfill.problems.length) console.log(`  the server warned: ${[...new Set(backfill.problems)].join('; ')}`);
  } finally {
    await stop(child, ended);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** CONNECTIONS connections asking for getLoginInfo throughout the backfill. */
async function manyUsers() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-backfill-'));
  const launched = performance.now();
  const { child, backfill, ended } = launch(dataDir);
  try {
    const token = await waitForLogin(launched, child);
    while (backfill.started === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
    let refused = 0;
    let finish!: (result: autocannon.Result) => void;
    const finished = new Promise<autocannon.Result>((resolve) => {
      finish = resolve;
    });
    const instance = autocannon({
      url: `http://127.0.0.1:${PORT}`, connections: CONNECTIONS, duration: GIVE_UP_MS / 1000,
      requests: [{
        method: 'GET',
        setupRequest: (request) => ({ ...request, path: `/dev-api/api/v1/sys/user/getLoginInfo?${signed({})}`, headers: { authorization: `Bearer ${token}` } }),
        onResponse: (status: number, body: string) => {
          if (status >= 300 || !body.startsWith('{"errCode":0,')) refused++;
        },
      }],
    }, (error, result) => {
      if (error) throw error;
      finish(result);
    });
    while (backfill.done === undefined && child.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 100));
    instance.stop();
    const result = await finished;
    console.log(`backfill of ${DAYS} days under ${CONNECTIONS} connections of getLoginInfo: ${((backfill.done! - backfill.started) / 1000).toFixed(1)} s`);
    console.log(`  getLoginInfo during the backfill: ${result.requests.average.toFixed(0)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  max ${result.latency.max} ms  errors ${result.errors + result.non2xx + refused}`);
  } finally {
    await stop(child, ended);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (USERS.includes('nonstop')) await oneUser('nonstop');
if (USERS.includes('paced')) await oneUser('paced');
if (CONNECTIONS > 0) await manyUsers();
