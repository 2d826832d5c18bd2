// `npm run fuzz`: generated requests for every operation of the contract, as every role and as
// nobody, against the real app on a fresh embedded database (docs/input-rules.md "Checking it").
// FUZZ_SEED fixes the run; FUZZ_RUNS sets its size (20,000 by default, 1,500 with --ci).
// Prints the counts of each check and every failure, and exits 1 on any failure.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { loadContract } from '../../server/contract/contract.ts';
import type { Db } from '../../server/db/client.ts';
import { DEMO_PASSWORD, createTestApp } from '../../tests/fixtures/app.ts';
import { installWriteCounter } from '../../tests/fixtures/write-counter.ts';
import { CHECKS, Checker, type CheckName, type Secrets } from './checks.ts';
import { fuzzCase, injectOptions, type FuzzCase } from './requests.ts';
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
  let last = await counter.writes();

  const arbitrary = fc.tuple(fc.nat({ max: operations.length - 1 }), fc.constantFrom(...ROLES))
    .chain(([index, role]) => fuzzCase(contract, operations[index]!).map((fuzz) => ({ operation: operations[index]!, role, fuzz })));

  for (let done = 0; done < runs; done += BATCH) {
    const batch = fc.sample(arbitrary, { seed: seed + done, numRuns: Math.min(BATCH, runs - done) });
    for (const { operation, role, fuzz } of batch) {
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
      const problems = checker.check(operation, answer, { writes, treeTwoCaller: TREE_TWO.has(role as Role), secrets });
      for (const check of CHECKS) {
        if (problems.some(([name]) => name === check)) failed[check] += 1;
        else passed[check] += 1;
      }
      for (const [check, reason] of problems) {
        failures.push(`${check}: ${operation.operationId} as ${role} (${fuzz.kind}${fuzz.field ? ` ${fuzz.field}` : ''}) → ${reason}\n    request: ${JSON.stringify({ path: fuzz.path, query: fuzz.query, body: fuzz.body }).slice(0, 300)}`);
      }
    }
    // Tokens and clients issued meanwhile are secrets too.
    secrets = await readSecrets(t.database.db);
  }
  await t.close();

  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`fuzz: ${runs} requests over ${operations.length} operations and ${ROLES.length} callers, seed ${seed}, in ${seconds} s`);
  console.log(`answers by errCode: ${[...errCodes].sort().map(([code, n]) => `${code} ${n}`).join(', ')}`);
  if (sessions.lost.size) console.log(`accounts the run made unusable (fuzzed as nobody afterwards): ${[...sessions.lost].join(', ')}`);
  for (const check of CHECKS) console.log(`  ${failed[check] ? 'FAIL' : 'ok  '} ${check}: ${passed[check]} passed, ${failed[check]} failed`);
  if (failures.length) {
    console.log(`\n${failures.length} failures (first 60):`);
    for (const line of failures.slice(0, 60)) console.log(`  ${line}`);
    process.exit(1);
  }
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
