// CPU time of each process while a benchmark runs, from /proc (Linux; elsewhere nothing is
// printed). The bench, the server and PostgreSQL share this machine's cores, so a rate alone says
// little across machines or runs: the CPU each process spent per request (or per record) tells
// where the time went, and what the cores can give at best.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';

export interface CpuSpent {
  /** Milliseconds of CPU (user and system) of the server process, PostgreSQL's processes, and this bench. */
  server: number;
  database: number;
  bench: number;
}

const TICK_MS = existsSync('/proc/self/stat') ? 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) : 0;

/** The server's process id, set by whoever starts it. */
let serverPid: number | undefined;
export const watchServer = (pid: number | undefined) => {
  serverPid = pid;
};

type Category = keyof CpuSpent;

/** Each process's CPU ticks so far, by process id, with the category it counts in. */
function ticks(): Map<number, { category: Category; used: number }> | undefined {
  if (!TICK_MS) return undefined;
  const processes = new Map<number, { category: Category; used: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const category: Category | undefined = pid === serverPid ? 'server' : pid === process.pid ? 'bench' : name.startsWith('postgres') ? 'database' : undefined;
    if (!category) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    processes.set(pid, { category, used: Number(fields[11]) + Number(fields[12]) });
  }
  return processes;
}

/**
 * Starts measuring; the returned function gives the CPU spent since (undefined off Linux). A
 * process that started meanwhile counts whole; one that ended meanwhile (a short connection of
 * PostgreSQL) is missed.
 */
export function cpuMeter(): () => CpuSpent | undefined {
  const before = ticks();
  return () => {
    const after = ticks();
    if (!before || !after) return undefined;
    const spent: CpuSpent = { server: 0, database: 0, bench: 0 };
    for (const [pid, { category, used }] of after) spent[category] += (used - (before.get(pid)?.used ?? 0)) * TICK_MS;
    return spent;
  };
}

/** `CPU/<unit> server 0.41 · PostgreSQL 0.55 · bench 0.10 ms` (PGlite runs inside the server). */
export function cpuPer(spent: CpuSpent | undefined, count: number, unit: string, micro = false): string {
  if (!spent || !count) return '';
  const f = (ms: number) => (micro ? ((ms * 1000) / count).toFixed(1) : (ms / count).toFixed(2));
  const database = spent.database ? ` · PostgreSQL ${f(spent.database)}` : '';
  return `CPU/${unit} server ${f(spent.server)}${database} · bench ${f(spent.bench)} ${micro ? 'µs' : 'ms'}`;
}
