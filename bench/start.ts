// `npm run bench:start`: how long `/login` takes to answer after `npm start` is run, as a user
// runs it (npm, start.ts's checks, the server), on a fresh data directory (template, migrations,
// seeding, demo data) and again on the same one, with the server's own breakdown (stagesMs) and
// the memory it reports when ready. Needs the web app built (npm run build). Printed, never
// asserted (issue 7, issue 19).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const PORT = Number(process.env.BENCH_PORT ?? 18_490);
const root = path.resolve(import.meta.dirname, '..');
const GIVE_UP_MS = 120_000;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

if (!existsSync(path.join(root, 'dist', 'index.html'))) {
  console.error('bench:start measures the server with the web app already built: run `npm run build` first');
  process.exit(1);
}

interface Ready {
  msg?: string;
  memory?: Record<string, number>;
  stagesMs?: Record<string, number>;
  cpuMs?: number;
}

/**
 * CPU seconds the group has used so far (Linux): its live processes' and those they waited for.
 * A figure that a busy machine stretches less than the wall clock, to compare runs made under
 * different loads; undefined where /proc is not.
 */
function groupCpuSeconds(pgid: number): number | undefined {
  if (!existsSync('/proc/self/stat')) return undefined;
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      // After the command's closing parenthesis: state, ppid, pgrp, ..., utime (field 14), stime,
      // cutime, cstime, in clock ticks (USER_HZ, 100 a second on Linux).
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
      if (Number(fields[2]) === pgid) ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks / 100;
}

/** Ends the whole group `npm start` made (npm, its shell, the server's node), then waits for npm to go. */
async function stopGroup(pid: number, exited: Promise<unknown>): Promise<void> {
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-pid, name);
    } catch {
      // the group has gone already
    }
  };
  signal('SIGTERM');
  const late = setTimeout(() => signal('SIGKILL'), 15_000);
  await exited;
  clearTimeout(late);
  // npm may leave before its children have: make sure nothing of the group stays on the port.
  for (let i = 0; i < 100; i += 1) {
    try {
      process.kill(-pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  signal('SIGKILL');
}

async function launch(dataDir: string): Promise<{ seconds: number; cpu: number | undefined; ready: Ready | undefined; notes: string[] }> {
  const started = performance.now();
  // A group of its own (detached), so that the whole chain under npm can be ended at once.
  const child = spawn(npm, ['start', '--silent'], {
    cwd: root, detached: true, stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
  });
  let ready: Ready | undefined;
  // What start-up did besides starting the server (a bundle or web build made first), as it said.
  const notes: string[] = [];
  let exited = false;
  const exit = new Promise((resolve) => child.once('exit', resolve));
  void exit.then(() => { exited = true; });
  let pending = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const lines = (pending + String(chunk)).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (/^(server bundled|web app built|building the web app)/.test(line)) notes.push(line);
      if (!line.includes('portal ready')) continue;
      try {
        ready = JSON.parse(line) as Ready;
      } catch {
        ready = { msg: line };
      }
    }
  });
  try {
    for (;;) {
      if (exited) throw new Error('`npm start` exited before answering /login');
      if (performance.now() - started > GIVE_UP_MS) throw new Error(`/login did not answer within ${GIVE_UP_MS / 1000} s`);
      try {
        if ((await fetch(`http://127.0.0.1:${PORT}/login`)).status === 200) break;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = groupCpuSeconds(child.pid!);
    // The ready line is written as listen() returns; give the pipe a moment to bring it.
    for (let i = 0; !ready && i < 40; i += 1) await new Promise((resolve) => setTimeout(resolve, 25));
    return { seconds, cpu, ready, notes };
  } finally {
    await stopGroup(child.pid!, exit);
  }
}

// Rounds, each on a data directory of its own (BENCH_START_ROUNDS; the medians close a run of several).
const ROUNDS = Number(process.env.BENCH_START_ROUNDS ?? 1);
const LABELS = ['fresh data directory', 'existing data directory'] as const;
const figures: Record<(typeof LABELS)[number], number[]> = { 'fresh data directory': [], 'existing data directory': [] };
for (let round = 0; round < ROUNDS; round += 1) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-start-'));
  try {
    for (const label of LABELS) {
      const { seconds, cpu, ready, notes } = await launch(dataDir);
      figures[label].push(seconds);
      const cpuNote = cpu === undefined ? '' : `, ${cpu.toFixed(1)} s of CPU`;
      console.log(`${label.padEnd(24)} \`npm start\` → /login 200 after ${seconds.toFixed(1)} s${cpuNote}${notes.length ? ` (${notes.join('; ')})` : ''}`);
      console.log(`${''.padEnd(24)} server: ${ready?.msg ?? '(no ready line)'}; stagesMs ${JSON.stringify(ready?.stagesMs)}; its CPU ${ready?.cpuMs} ms`);
      console.log(`${''.padEnd(24)} memory when ready: ${JSON.stringify(ready?.memory)}`);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
if (ROUNDS > 1) {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  for (const label of LABELS) console.log(`${label.padEnd(24)} median of ${ROUNDS}: ${median(figures[label]).toFixed(1)} s (${figures[label].map((x) => x.toFixed(1)).join(', ')})`);
}
