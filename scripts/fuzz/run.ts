// `npm run fuzz`: generated requests for every operation of the contract, as every role and as
// nobody, against the real app on a fresh embedded database (docs/input-rules.md "Checking it").
// FUZZ_SEED fixes the run; FUZZ_RUNS sets its size (20,000 by default, 1,500 with --ci).
// After every request that wrote (accepted or refused), each caller's probe reads (probes.ts)
// must answer as they did. Prints the counts of each check and every failure, and exits 1 on any failure.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { loadContract } from '../../server/contract/contract.ts';
import { AUTH_CHANNEL } from '../../server/services/auth-events.ts';
import type { Db } from '../../server/db/client.ts';
import { DEMO_PASSWORD, createTestApp } from '../../tests/fixtures/app.ts';
import { installWriteCounter } from '../../tests/fixtures/write-counter.ts';
import { BOOKKEEPING_TABLES, CHECKS, Checker, type CheckName, type Secrets } from './checks.ts';
import { describeBroken, namedPlants, ProbeRequests, ReadWatch } from './probes.ts';
import { fuzzCase, injectOptions, type FuzzCase } from './requests.ts';
import type { KnownObjects } from './sampler.ts';
import { ROLES, Sessions, TREE_TWO, type Role } from './sessions.ts';

const ci = process.argv.includes('--ci');
const seed = Number(process.env.FUZZ_SEED ?? 20261122);
const runs = Number(process.env.FUZZ_RUNS ?? (ci ? 1500 : 20_000));
const BATCH = 250;

async function readSecrets(db: Db): Promise<Secrets> {
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const values = new Set<string>();
  for (const { v } of await rows<{ v: string }>(sql`select password_hash as v from users union all select hash from session_tokens union all select secret_encrypted from api_clients`)) {
    if (v && v.length >= 16) values.add(v);
  }
  const treeOneContacts = new Set<string>();
  for (const { email, phone } of await rows<{ email: string | null; phone: string | null }>(sql`select u.email, u.phone from users u join offices o on o.id = u.office_id where o.path like '/1/%' or o.id = '1'`)) {
    if (email) treeOneContacts.add(email);
    if (phone) treeOneContacts.add(phone);
  }
  return { values, treeOneContacts };
}

/** The stored objects by `x-object` kind, in an order that does not depend on the run's random ids. */
async function readObjects(db: Db, known: KnownObjects): Promise<void> {
  const list = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: { v: string | number }[] }).rows.map((r) => String(r.v));
  known.set('plant', await list(sql`select plant_uid as v from plants order by created_at, plant_uid`));
  known.set('device', await list(sql`select sn as v from devices order by id`));
  known.set('user', await list(sql`select id as v from users order by login_name`));
  known.set('office', await list(sql`select id as v from offices order by id`));
  known.set('plantVisitor', await list(sql`select id as v from plant_shares order by id`));
  known.set('apiClient', await list(sql`select client_id as v from api_clients order by created_at, name`));
}

const READS_CHECK: CheckName = 'no write breaks a read';
/** Cases that the transport or the signature check refuses before any handler reads them: no plant probes are asked before them. */
const REFUSED_UNREAD: ReadonlySet<string> = new Set(['wrong-content-type', 'broken-body', 'repeated-key', 'bad-signature', 'unsigned']);
/** A session's rows are its user's alone: writing only them can change no one else's reads. */
const SESSION_TABLES = ['sessions', 'session_tokens'];

async function main() {
  const started = performance.now();
  const contract = loadContract();
  const t = await createTestApp({ config: { rateLimitPerIp: 0, rateLimitPerToken: 0 } });
  const counter = await installWriteCounter(t.database.db, []);
  const sessions = new Sessions(t.api, DEMO_PASSWORD);
  const checker = new Checker(contract);
  const operations = contract.operations.filter((o) => !o.stream);
  const passed = Object.fromEntries(CHECKS.map((c) => [c, 0])) as Record<CheckName, number>;
  const failed = Object.fromEntries(CHECKS.map((c) => [c, 0])) as Record<CheckName, number>;
  const errCodes = new Map<string, number>();
  const failures: string[] = [];
  let secrets = await readSecrets(t.database.db);
  const known: KnownObjects = new Map();
  await readObjects(t.database.db, known);
  // The announcement of a change of plants (migration 0011) drops the server's memos of dashboards
  // and counts, which a plant's time zone, say, does not announce.
  const fresh = () => t.database.db.execute(sql`select pg_notify(${AUTH_CHANNEL}, 'plants')`);
  const watch = new ReadWatch(t.app, new ProbeRequests(contract, t.api), sessions, ROLES.filter((role) => role !== 'nobody'), fresh);
  await watch.start();
  let last = await counter.writes();

  const arbitrary = fc.tuple(fc.nat({ max: operations.length - 1 }), fc.constantFrom(...ROLES))
    .chain(([index, role]) => fuzzCase(contract, operations[index]!, known).map((fuzz) => ({ operation: operations[index]!, role, fuzz })));

  for (let done = 0; done < runs; done += BATCH) {
    const batch = fc.sample(arbitrary, { seed: seed + done, numRuns: Math.min(BATCH, runs - done) });
    for (const { operation, role, fuzz } of batch) {
      const named = namedPlants(fuzz as FuzzCase, known.get('plant') ?? []);
      if (operation.writes && !REFUSED_UNREAD.has(fuzz.kind)) await watch.beforeRequest(named);
      const token = await sessions.token(role as Role);
      last = await counter.writes();
      const response = await t.app.inject(injectOptions(t.api, operation, fuzz as FuzzCase, token));
      const now = await counter.writes();
      const writes = Object.keys(now).filter((table) => now[table] !== last[table]);
      last = now;
      const answer = { status: response.statusCode, contentType: String(response.headers['content-type'] ?? ''), text: response.body };
      const errCode = answer.contentType.startsWith('application/json') ? (safeJson(answer.text) as { errCode?: number } | undefined)?.errCode : 'file';
      errCodes.set(String(errCode), (errCodes.get(String(errCode)) ?? 0) + 1);
      sessions.ended(role as Role, errCode);
      const problems = checker.check(operation, answer, { writes, treeTwoCaller: TREE_TWO.has(role as Role), secrets, request: JSON.stringify([fuzz.path, fuzz.query, fuzz.body]) });
      // Every caller's probe reads after a write, whether the write was accepted or refused; after
      // a write of sessions alone (a login, a logout), the caller's session probe (probes.ts).
      const wrote = writes.filter((table) => !BOOKKEEPING_TABLES.includes(table));
      if (wrote.length) {
        const sessionsOnly = wrote.every((table) => SESSION_TABLES.includes(table));
        const broken = await watch.afterWrite(named, sessionsOnly ? role as Role : undefined);
        if (broken.length) {
          problems.push([READS_CHECK, `errCode ${String(errCode)}, wrote ${wrote.join(', ')}; then probes that answered 0 before it answered:${describeBroken(broken).map((line) => `\n      ${line}`).join('')}`]);
          failed[READS_CHECK] += 1;
        } else {
          passed[READS_CHECK] += 1;
        }
      }
      for (const check of CHECKS.filter((c) => c !== READS_CHECK)) {
        if (problems.some(([name]) => name === check)) failed[check] += 1;
        else passed[check] += 1;
      }
      for (const [check, reason] of problems) {
        failures.push(`${check}: ${operation.operationId} as ${role} (${fuzz.kind}${fuzz.field ? ` ${fuzz.field}` : ''}) → ${reason}\n    request: ${JSON.stringify(abbreviated({ path: fuzz.path, query: fuzz.query, body: fuzz.body })).slice(0, 600)}`);
      }
    }
    // Tokens and clients issued meanwhile are secrets too; objects stored meanwhile are tried next.
    secrets = await readSecrets(t.database.db);
    await readObjects(t.database.db, known);
  }
  await t.close();

  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`fuzz: ${runs} requests over ${operations.length} operations and ${ROLES.length} callers, seed ${seed}, in ${seconds} s`);
  console.log(`answers by errCode: ${[...errCodes].sort().map(([code, n]) => `${code} ${n}`).join(', ')}`);
  const { rounds, sessionRounds, requests, ms } = watch.stats;
  console.log(`probe reads: after ${rounds} writes of data and ${sessionRounds} of sessions alone, ${requests} requests in ${(ms / 1000).toFixed(1)} s`);
  if (sessions.lost.size) console.log(`accounts the run made unusable (fuzzed as nobody afterwards): ${[...sessions.lost].join(', ')}`);
  for (const check of CHECKS) console.log(`  ${failed[check] ? 'FAIL' : 'ok  '} ${check}: ${passed[check]} passed, ${failed[check]} failed`);
  if (failures.length) {
    console.log(`\n${failures.length} failures (first 60):`);
    for (const line of failures.slice(0, 60)) console.log(`  ${line}`);
    process.exit(1);
  }
}

/** The request for the report, its long strings cut to their start and length. */
function abbreviated(value: unknown): unknown {
  if (typeof value === 'string') return value.length > 40 ? `${value.slice(0, 20)}…(${value.length} chars)` : value;
  if (Array.isArray(value)) return value.map(abbreviated);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, abbreviated(v)]));
  return value;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
