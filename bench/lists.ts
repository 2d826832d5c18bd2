// `npm run bench:lists`: a list of 100,000 model codes (BENCH_ROWS) under load, printed and never
// asserted (issue 7): page 1, a deep page and a filtered page, at 1 and at 50 connections, on
// PostgreSQL (where the rows are seeded with SQL beside the running server) and on PGlite (seeded
// through the API, so with fewer rows: BENCH_PGLITE_ROWS). Then the alarm centre over as many
// alarms of the demo's devices (issue 23), seeded with SQL before the server starts: its first page,
// a filtered page and the level counts. BENCH_LISTS=alarms (or model-codes) runs one list only.
//
// The same page asked again and again is answered from the list memo (server/services/list-memo.ts)
// until a write (the alarm centre's too, migration 0039); the runs marked "each request different" ask a page or filter nobody asked
// before (almost always), so they measure the database's work.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { MAX_PAGE_DEPTH } from '../server/repositories/paging.ts';
import { openTarget } from './lib/fleet.ts';
import { CONNECTIONS, PORT, SECONDS, line, load, onEachDatabase, signed, type Call, type Target } from './lib/server.ts';

const randomBelow = (n: number) => Math.floor(Math.random() * n);
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const PGLITE_ROWS = Number(process.env.BENCH_PGLITE_ROWS ?? 5_000);
const LISTS = (process.env.BENCH_LISTS ?? 'model-codes,alarms').split(',').map((l) => l.trim());

/**
 * Alarms of the demo's devices over the last year, one in 20 untreated (at most one open per
 * device and code, as the rules keep them), the rest recovered or closed; an event each.
 */
async function seedAlarms(target: Target) {
  const rows = target.databaseUrl ? ROWS : PGLITE_ROWS;
  const database = await openTarget(target);
  try {
    await database.db.execute(sql`
      with d as (select row_number() over (order by id) - 1 as i, id, sn, sn_type, plant_uid, count(*) over () as n from devices where plant_uid is not null),
      g as (select g, d.* from generate_series(0, ${rows - 1}::int) g join d on d.i = g % d.n),
      a as (
        insert into alarms (device_id, device_sn, device_type, plant_uid, alarm_code, alarm_name, level, state, start_time, update_time, end_time, occurrence_num)
        select id, sn, sn_type, plant_uid, 1000000 + g, 'Bench alarm ' || (g % 50), g % 3,
          case when g % 20 = 0 then 1 when g % 2 = 0 then 2 else 3 end,
          now() - make_interval(mins => g * 5), now() - make_interval(mins => g * 5 - 3),
          case when g % 20 = 0 then null else now() - make_interval(mins => g * 5 - 3) end, 1 + g % 4
        from g returning id, start_time)
      insert into alarm_events (alarm_id, event_type, event_time) select id, 1, start_time from a`);
    await database.db.execute(sql`vacuum analyze alarms`);
    await database.db.execute(sql`vacuum analyze alarm_events`);
  } finally {
    await database.close();
  }
}

async function seedWithSql(url: string, rows: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`insert into model_codes (model_code, model_name, device_type, updated_at)
    select 'LIST-' || g, 'List model ' || g, 1 + g % 7, now() - make_interval(secs => g) from generate_series(1, $1::int) g`, [rows]);
  // As autovacuum leaves a table at rest: statistics, and the visibility map index-only scans need.
  await client.query('vacuum analyze model_codes');
  await client.end();
}

async function seedThroughApi(token: string, rows: number) {
  for (let i = 1; i <= rows; i++) {
    const form = { modelCode: `LIST-${i}`, modelName: `List model ${i}`, deviceType: String(1 + (i % 7)) };
    await fetch(`http://127.0.0.1:${PORT}/dev-api/api/v1/modelCode/add?${signed(form)}`, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString(),
    });
  }
}

async function modelCodes(kind: string, token: string, databaseUrl: string | undefined) {
  const rows = databaseUrl ? ROWS : PGLITE_ROWS;
  const started = performance.now();
  if (databaseUrl) await seedWithSql(databaseUrl, rows);
  else await seedThroughApi(token, rows);
  console.log(`${kind}: ${rows} model codes seeded in ${((performance.now() - started) / 1000).toFixed(1)} s; ${SECONDS} s per run`);
  // The deepest page a list opens (MAX_PAGE_DEPTH), or 90 % down a shorter list.
  const deepPage = String(Math.min(MAX_PAGE_DEPTH / 10, Math.floor(rows * 0.9 / 10)));
  // A page in the deeper half of what the list opens, of 1 to 10 rows: some 15,000 different pages on
  // PostgreSQL, so that few are asked twice within the memo's 1,000.
  const depth = Math.min(MAX_PAGE_DEPTH, rows);
  const deepPageAnywhere = () => {
    const pageSize = 1 + randomBelow(10);
    const deepest = Math.floor(depth / pageSize);
    return { pageNo: String(deepest - randomBelow(Math.ceil(deepest / 2))), pageSize: String(pageSize) };
  };
  const calls: Call[] = [
    { name: 'page 1', method: 'GET', path: '/dev-api/api/v1/modelCode/pageList', query: { pageNo: '1', pageSize: '10' } },
    { name: `page ${deepPage} (deep)`, method: 'GET', path: '/dev-api/api/v1/modelCode/pageList', query: { pageNo: deepPage, pageSize: '10' } },
    { name: 'filtered "model 4242"', method: 'GET', path: '/dev-api/api/v1/modelCode/pageList', query: { modelCode: 'model 4242' } },
    { name: 'deep pages, each request different', method: 'GET', path: '/dev-api/api/v1/modelCode/pageList', query: deepPageAnywhere },
    { name: 'filters, each request different', method: 'GET', path: '/dev-api/api/v1/modelCode/pageList', query: () => ({ modelCode: `model ${1000 + randomBelow(Math.max(1, rows - 1000))}` }) },
  ];
  for (const connections of [1, CONNECTIONS]) {
    for (const call of calls) line(`${call.name}, ${connections} conn.`, await load(PORT, call, token, connections));
  }
}

async function alarmCentre(kind: string, token: string, databaseUrl: string | undefined) {
  console.log(`${kind}: ${databaseUrl ? ROWS : PGLITE_ROWS} alarms (seeded before the server started); ${SECONDS} s per run`);
  const page = '/dev-api/api/v1/alarm/device/userAlarmPage';
  const calls: Call[] = [
    { name: 'alarm centre, page 1', method: 'POST', path: page, query: { pageNo: '1', pageSize: '10' }, form: () => ({}) },
    { name: 'alarms, critical and recovered', method: 'POST', path: page, query: { pageNo: '1', pageSize: '10' }, form: () => ({ level: '2', alarmCommonState: '2' }) },
    { name: 'alarms, a random page and level', method: 'POST', path: page, query: () => ({ pageNo: String(1 + randomBelow(100)), pageSize: '10' }), form: () => ({ level: String(randomBelow(3)) }) },
    { name: 'alarm level counts', method: 'POST', path: '/dev-api/api/v1/alarm/device/getAlarmLevelCountInState', form: () => ({}) },
    { name: 'untreated alarm count', method: 'GET', path: '/dev-api/api/v1/alarm/device/getUntreatedAlarmNum', query: { countType: '2' } },
  ];
  for (const connections of [1, CONNECTIONS]) {
    for (const call of calls) line(`${call.name}, ${connections} conn.`, await load(PORT, call, token, connections));
  }
}

await onEachDatabase(async ({ kind, token, databaseUrl }) => {
  if (LISTS.includes('model-codes')) await modelCodes(kind, token, databaseUrl);
  if (LISTS.includes('alarms')) await alarmCentre(kind, token, databaseUrl);
}, { prepare: async (target) => {
  if (LISTS.includes('alarms')) await seedAlarms(target);
} });
