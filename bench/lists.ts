// `npm run bench:lists`: a list of 100,000 model codes (BENCH_ROWS) under load, printed and never
// asserted (issue 7): page 1, a deep page and a filtered page, at 1 and at 50 connections, on
// PostgreSQL (where the rows are seeded with SQL beside the running server) and on PGlite (seeded
// through the API, so with fewer rows: BENCH_PGLITE_ROWS).
//
// The same page asked again and again is answered from the list memo (server/services/list-memo.ts)
// until a write; the runs marked "each request different" ask a page or filter nobody asked
// before (almost always), so they measure the database's work.
import pg from 'pg';
import { MAX_PAGE_DEPTH } from '../server/repositories/paging.ts';
import { CONNECTIONS, PORT, SECONDS, line, load, onEachDatabase, signed, type Call } from './lib/server.ts';

const randomBelow = (n: number) => Math.floor(Math.random() * n);
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const PGLITE_ROWS = Number(process.env.BENCH_PGLITE_ROWS ?? 5_000);

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

await onEachDatabase(async ({ kind, token, databaseUrl }) => {
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
});
