// `npm run bench:dashboard`: the home and plant dashboard calls over a fleet with history (issue 9),
// printed and never asserted. Before the server starts, the bench builds the fleet with SQL
// (generate_series, not through the pipeline): plants with three devices each, a year of hourly
// rollups per device and per plant (the 5-minute history's energy) summed into days, months and
// years, recent days of raw 5-minute samples, and every device's latest state. Then the real server
// (its own process, production settings) answers signed calls from autocannon, as the web app
// signs them, logged in as the admin, who sees the whole fleet: the home calls cover every plant,
// the plant calls pick a plant at random on each request.
//
// Then the fleet gets two more years of history (plant rollups at every grain, device rollups by
// day, month and year) while the server is stopped, and the yearly charts are measured again: the
// ratio of three years to one.
//
// Knobs: BENCH_DASHBOARD_PLANTS (PostgreSQL, default 1,000), BENCH_PGLITE_DASHBOARD_PLANTS (100),
// BENCH_RAW_DAYS (PostgreSQL, 30), BENCH_PGLITE_RAW_DAYS (3), BENCH_DEVICE_HOURS (1: device hourly
// rollups too; 0 skips the largest table, which no dashboard call reads), BENCH_CONNECTIONS (50),
// BENCH_SECONDS (10), BENCH_DATABASES (pglite, postgres or both), BENCH_CALLS (names containing
// any of these |-separated words, e.g. "plant" or "year" or "plant energy, day|flow": only those
// calls, and the three-year pass only for the yearly ones among them).
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openTarget, rows, seconds } from './lib/fleet.ts';
import { PREFIX, buildFleet, twoMoreYears } from './lib/history.ts';
import { CONNECTIONS, PORT, SECONDS, line, load, onEachDatabase, signed, type Call, type Figures, type Target } from './lib/server.ts';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const PG_PLANTS = env('BENCH_DASHBOARD_PLANTS', 1000);
const PGLITE_PLANTS = env('BENCH_PGLITE_DASHBOARD_PLANTS', 100);
const PG_RAW_DAYS = env('BENCH_RAW_DAYS', 30);
const PGLITE_RAW_DAYS = env('BENCH_PGLITE_RAW_DAYS', 3);
const DEVICE_HOURS = env('BENCH_DEVICE_HOURS', 1) !== 0;

const ymd = (d: Date) => d.toISOString().slice(0, 10);
const today = ymd(new Date());
const yesterday = ymd(new Date(Date.now() - 86_400_000));

let fleetSize = 0;
let plantUids: string[] = [];

async function prepare(target: Target) {
  fleetSize = target.kind === 'PGlite' ? PGLITE_PLANTS : PG_PLANTS;
  const rawDays = target.kind === 'PGlite' ? PGLITE_RAW_DAYS : PG_RAW_DAYS;
  console.log(`${target.kind}: building a fleet of ${fleetSize} plants, a year of history, ${rawDays} days of raw samples`);
  const started = performance.now();
  const database = await openTarget(target);
  try {
    await buildFleet(database, fleetSize, rawDays, DEVICE_HOURS);
    plantUids = (await rows<{ plant_uid: string }>(database, sql.raw(`select plant_uid from plants where plant_uid like '${PREFIX}-%'`))).map((r) => r.plant_uid);
    const [size] = await rows<{ size: string }>(database, sql`select pg_size_pretty(pg_database_size(current_database())) as size`);
    console.log(`  fleet ready in ${seconds(performance.now() - started)}; database ${size!.size}`);
  } finally {
    await database.close();
  }
}

// ---- the calls

const HOME = '/dev-api/api/v1/monitor/home';
const randomPlant = () => plantUids[Math.floor(Math.random() * plantUids.length)]!;
const home = (name: string, op: string, query: Record<string, string>): Call => ({ name, method: 'GET', path: `${HOME}/${op}`, query });
const plant = (name: string, path: string, query: Record<string, string> = {}): Call => ({
  name, method: 'GET', path, query: () => ({ plantUid: randomPlant(), ...query }),
});

const CALLS: Call[] = [
  home('home energy, day', 'getHomeEneryStatisticsData', { dateType: 'day', date: yesterday }),
  home('home energy, month', 'getHomeEneryStatisticsData', { dateType: 'month', date: today }),
  home('home energy, year', 'getHomeEneryStatisticsData', { dateType: 'year', date: today }),
  home('home power curve, day', 'getHomePowerStatisticsData', { dateType: 'day', date: yesterday }),
  plant('plant energy, day', `${HOME}/getHomeEneryStatisticsData`, { dateType: 'day', date: yesterday }),
  plant('plant power curve, day', `${HOME}/getHomePowerStatisticsData`, { dateType: 'day', date: yesterday }),
  plant('plant energy flow', `${HOME}/getDeviceEneryFlowData`),
  plant('plant AC and PV curve, day', '/dev-api/api/v1/monitor/dataViews/getPlantPowerAndPVPowerCurve', { date: yesterday }),
];
const YEARLY: Call[] = [
  home('home energy, year', 'getHomeEneryStatisticsData', { dateType: 'year', date: today }),
  home('home power curve, year', 'getHomePowerStatisticsData', { dateType: 'year', date: today }),
  plant('plant energy, year', `${HOME}/getHomeEneryStatisticsData`, { dateType: 'year', date: today }),
  plant('plant power curve, year', `${HOME}/getHomePowerStatisticsData`, { dateType: 'year', date: today }),
];

/**
 * Five sequential answers first: the answer is checked, caches and the JIT are warm, and what the
 * previous run left queued in the server has drained (a request it sheds meanwhile, 10006, is retried).
 * Returns the time of the first answer: for a fleet call, the computation that later callers share
 * until the next commit (server/services/fleet-memo.ts).
 */
async function warmUp(call: Call, token: string, answers = 5): Promise<number> {
  let first = 0;
  for (let ok = 0, tries = 0; ok < answers; tries++) {
    const query = typeof call.query === 'function' ? call.query() : call.query ?? {};
    const started = performance.now();
    const response = await fetch(`http://127.0.0.1:${PORT}${call.path}?${new URLSearchParams(query)}&${signed(query)}`, { headers: { authorization: `Bearer ${token}` } });
    const body = await response.json() as { errCode: number; errMsg: string };
    if (body.errCode === 0 && ok++ === 0) first = performance.now() - started;
    else if (body.errCode !== 0 && (body.errCode !== 10006 || tries > 120)) throw new Error(`${call.name}: ${body.errCode} ${body.errMsg}`);
    else if (body.errCode !== 0) await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return first;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the server has finished what the last run left behind: autocannon stops at the end
 * of its time, but the requests the server admitted run on, and would weigh on the next run.
 */
async function drain(databaseUrl: string | undefined, token: string) {
  const started = performance.now();
  const patience = () => performance.now() - started < 300_000;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      while (patience()) {
        const { rows: [busy] } = await client.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle' and backend_type = 'client backend'`);
        if (busy!.n === 0) return;
        await sleep(500);
      }
    } finally {
      await client.end();
    }
    return;
  }
  // PGlite runs one statement at a time: a light call answering at once has nothing ahead of it.
  const flow = plant('flow', `${HOME}/getDeviceEneryFlowData`);
  for (let quick = 0; quick < 3 && patience(); await sleep(200)) {
    const at = performance.now();
    await warmUp(flow, token, 1);
    quick = performance.now() - at < 100 ? quick + 1 : 0;
  }
}

async function measureAll(calls: Call[], token: string, databaseUrl: string | undefined): Promise<Map<string, Figures>> {
  const figures = new Map<string, Figures>();
  for (const call of calls) {
    await drain(databaseUrl, token);
    const first = await warmUp(call, token);
    const result = await load(PORT, call, token);
    figures.set(call.name, result);
    line(call.name, result);
    console.log(`  ${''.padEnd(34)} first answer, alone: ${first.toFixed(0)} ms`);
  }
  await drain(databaseUrl, token);
  return figures;
}

const only = process.env.BENCH_CALLS?.split('|').map((word) => word.trim()).filter(Boolean);
const chosen = (call: Call) => !only || only.some((word) => call.name.includes(word));

await onEachDatabase(async ({ kind, token, databaseUrl, restart }) => {
  console.log(`${kind}: ${CONNECTIONS} connections, ${SECONDS} s per call (the admin's home covers all ${fleetSize} plants and the demo's)`);
  const yearlyToo = YEARLY.filter((y) => !CALLS.some((c) => c.name === y.name));
  const oneYear = await measureAll([...CALLS, ...yearlyToo].filter(chosen), token, databaseUrl);
  const yearly = YEARLY.filter(chosen);
  if (!yearly.length) return;
  const again = await restart(async (target) => {
    const database = await openTarget(target);
    try {
      await twoMoreYears(database, fleetSize);
    } finally {
      await database.close();
    }
  });
  console.log('  yearly charts, three years of history:');
  const threeYears = await measureAll(yearly, again, databaseUrl);
  const ratio = (x: number, y: number) => (x > 0 && y > 0 ? (x / y).toFixed(2) : 'n/a');
  for (const call of yearly) {
    const [a, b] = [oneYear.get(call.name)!, threeYears.get(call.name)!];
    console.log(`  ${`${call.name}: 3 years / 1 year`.padEnd(44)} p50 ${ratio(b.p50, a.p50)}  p99 ${ratio(b.p99, a.p99)}  (req/s 1 year / 3 years ${ratio(a.rps, b.rps)})`);
  }
}, { prepare });
