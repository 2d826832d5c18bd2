// `npm run bench:mall`: 50 users place orders for the same product at once, for 30 s, on PGlite and
// on PostgreSQL (a scratch database on 127.0.0.1:5432; BENCH_DATABASES=pglite or postgres runs one
// half). The product's stock and the users' points run out during the run, so both refusals
// happen under load. Prints orders per second, and checks afterwards, on the database itself, that
// nothing was oversold, no balance is negative, and every ledger adds up to its balance.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { products, users } from '../server/db/schema/index.ts';
import { hashPassword } from '../server/domain/auth/passwords.ts';
import { creditPoints } from '../server/services/points-ledger.ts';
import { DEMO_PASSWORD } from '../tests/fixtures/demo-password.ts';
import { openTarget, rows } from './lib/fleet.ts';
import { PORT, onEachDatabase, signed, type Target } from './lib/server.ts';

const USERS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const PRICE = 10;
/** Points of every other user: a few orders' worth, so that their balances run out early in the run. */
const FEW_POINTS = 5 * PRICE;
/** Points of the others: enough to buy until the stock runs out. */
const POINTS = 1000 * PRICE;
/** Items on the shelf: fewer than the run orders, so that the stock runs out under load too. */
const STOCK = Number(process.env.BENCH_STOCK ?? 300);
const pointsOf = (i: number) => (i % 2 ? FEW_POINTS : POINTS);
const PRODUCT_NAME = `Bench product ${process.pid}`;

let buyers: { id: string; login: string }[] = [];

async function prepare(target: Target) {
  const database = await openTarget(target);
  try {
    const [role] = await rows<{ id: number }>(database, sql`select id from roles where role_key = 'EndUser'`);
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    buyers = Array.from({ length: USERS }, (_, i) => ({ id: randomUUID(), login: `bench-buyer-${i}-${process.pid}` }));
    await database.db.insert(users).values(buyers.map((b) => ({ id: b.id, loginName: b.login, nickname: b.login, roleId: role!.id, officeId: '11', passwordHash })));
    await database.db.transaction(async (tx) => {
      for (const [i, b] of buyers.entries()) await creditPoints(tx, { userId: b.id, points: pointsOf(i), reason: 'Bench points', source: 'rule' });
    });
    const [{ last } = { last: 0 }] = await rows<{ last: number }>(database, sql`select coalesce(max(sort), 0)::int as last from products`);
    await database.db.insert(products).values({ categoryId: 1, productName: PRODUCT_NAME, pointsPrice: PRICE, stock: STOCK, images: ['/mall/power-bank.png'], status: 1, sort: last + 1 });
  } finally {
    await database.close();
  }
}

async function call<T>(method: 'GET' | 'POST', path: string, fields: Record<string, string>, token?: string): Promise<{ errCode: number; data: T; errMsg: string }> {
  const body = method === 'POST' ? new URLSearchParams(fields).toString() : undefined;
  const query = method === 'GET' ? `${new URLSearchParams(fields).toString()}&${signed(fields)}` : signed(fields);
  const response = await fetch(`http://127.0.0.1:${PORT}/dev-api${path}?${query}`, {
    method, ...(body ? { body } : {}),
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
  });
  return response.json() as Promise<{ errCode: number; data: T; errMsg: string }>;
}

interface Tally { placed: number; refused: Map<string, number>; failed: number; latencies: number[] }

/** One buyer ordering one item after another until the time is up. */
async function buyer(token: string, productId: number, until: number, tally: Tally) {
  const form = { productId: String(productId), quantity: '1', receiverName: 'Bench Buyer', receiverPhone: '13800009999', receiverAddress: '1 Bench Road' };
  while (performance.now() < until) {
    const started = performance.now();
    try {
      const answer = await call<{ errors?: { rule: string }[] }>('POST', '/api/v1/point/order/placeOrder', form, token);
      tally.latencies.push(performance.now() - started);
      if (answer.errCode === 0) tally.placed++;
      else {
        const rule = answer.data?.errors?.[0]?.rule ?? `errCode ${answer.errCode}`;
        tally.refused.set(rule, (tally.refused.get(rule) ?? 0) + 1);
        if (answer.errCode !== 10003) tally.failed++;
      }
    } catch {
      tally.failed++;
    }
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/** What must hold after the run, read from the database itself. */
async function check(target: Target): Promise<string[]> {
  const database = await openTarget(target);
  try {
    const [product] = await rows<{ stock: number; sold: number; ordered: number; paid: number }>(database, sql`select p.stock, p.sold_num as sold,
      (select coalesce(sum(quantity), 0)::int from mall_orders o where o.product_id = p.id and o.status <> 4) as ordered,
      (select coalesce(sum(pay_points), 0)::int from mall_orders o where o.product_id = p.id and o.status <> 4) as paid
      from products p where p.product_name = ${PRODUCT_NAME}`);
    const ids = buyers.map((b) => b.id);
    const [points] = await rows<{ negative: number; mismatched: number; spent: number }>(database, sql`select
      count(*) filter (where b.balance < 0)::int as negative,
      count(*) filter (where b.balance <> (select coalesce(sum(l.points), 0) from point_ledger l where l.user_id = b.user_id))::int as mismatched,
      (select coalesce(-sum(l.points), 0) from point_ledger l where l.source = 'order' and l.user_id = any(array_agg(b.user_id)))::int as spent
      from point_balances b where b.user_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
    const problems: string[] = [];
    if (!product || product.stock < 0 || product.stock + product.sold !== STOCK || product.sold !== product.ordered) {
      problems.push(`stock: ${JSON.stringify(product)} of ${STOCK}`);
    }
    if (points!.negative) problems.push(`${points!.negative} negative balances`);
    if (points!.mismatched) problems.push(`${points!.mismatched} balances differ from their ledger`);
    // Orders pay after the buyer's member discount (and logins award points meanwhile): the ledger's order entries are what the orders paid.
    if (product && points!.spent !== product.paid) problems.push(`points spent ${points!.spent}, orders paid ${product.paid}`);
    console.log(`  after: ${product?.sold} sold, ${product?.stock} left of ${STOCK}; ${points!.spent} points spent`);
    return problems;
  } finally {
    await database.close();
  }
}

let failures = 0;
await onEachDatabase(async ({ label, token, restart }) => {
  const page = await call<{ list: { id: number }[] }>('GET', '/api/v1/point/product/pageProduct', { productName: PRODUCT_NAME }, token);
  const productId = page.data.list[0]!.id;
  const tokens = await Promise.all(buyers.map(async (b) => (await call<{ token: string }>('POST', '/api/v1/sys/login', { username: b.login, password: DEMO_PASSWORD })).data.token));
  console.log(`${label}: ${USERS} users ordering one product (stock ${STOCK} at ${PRICE} points; half the users hold ${FEW_POINTS} points, half ${POINTS}) for ${SECONDS} s`);
  const tally: Tally = { placed: 0, refused: new Map(), failed: 0, latencies: [] };
  const started = performance.now();
  const until = started + SECONDS * 1000;
  await Promise.all(tokens.map((t) => buyer(t, productId, until, tally)));
  const elapsed = (performance.now() - started) / 1000;
  const sorted = tally.latencies.sort((a, b) => a - b);
  const refusals = [...tally.refused].map(([rule, n]) => `${rule} ${n}`).join(', ') || 'none';
  console.log(`  ${(tally.placed / elapsed).toFixed(1)} orders/s placed (${tally.placed}), ${(sorted.length / elapsed).toFixed(1)} requests/s, p50 ${percentile(sorted, 50).toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms; refused: ${refusals}; failed: ${tally.failed}`);
  let problems: string[] = [];
  await restart(async (target) => { problems = await check(target); });
  if (tally.failed) problems.push(`${tally.failed} requests failed (not a 10003 refusal)`);
  console.log(problems.length ? `  WRONG: ${problems.join('; ')}` : '  no oversell, no negative balance, every ledger equals its balance');
  failures += problems.length;
}, { prepare });
process.exitCode = failures ? 1 : 0;
