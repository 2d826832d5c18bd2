// `npm run bench`: figures for the foundation, printed, never asserted. Boots the real app on
// a fresh in-memory PGlite, then measures signed requests end to end through app.inject.
import { createTestApp } from '../tests/fixtures/app.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);

function report(name: string, samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!.toFixed(2);
  const total = samples.reduce((s, x) => s + x, 0);
  console.log(`${name.padEnd(34)} n=${String(samples.length).padStart(4)}  p50 ${at(0.5).padStart(7)} ms  p95 ${at(0.95).padStart(7)} ms  ${(samples.length / (total / 1000)).toFixed(0).padStart(6)} req/s`);
}

async function measure(times: number, run: (i: number) => Promise<void>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const started = performance.now();
    await run(i);
    samples.push(performance.now() - started);
  }
  return samples;
}

const bootStarted = performance.now();
// Rate limits off: the benchmark itself is the traffic they would stop.
const t = await createTestApp({ config: { rateLimitPerIp: 0, rateLimitPerToken: 0 } });
console.log(`boot (PGlite in memory, migrate, seed): ${((performance.now() - bootStarted) / 1000).toFixed(2)} s`);
const heapBefore = process.memoryUsage().rss;

report('login (argon2id verify)', await measure(10, async () => {
  await t.api.login('admin');
}));
const { token } = await t.api.login('admin');

report('modelCodeAdd (signed form POST)', await measure(REQUESTS, async (i) => {
  const { body } = await t.api.post('/api/v1/modelCode/add', { token, form: { modelCode: `BENCH-${i}`, modelName: `Bench ${i}`, deviceType: (i % 7) + 1, ratedPower: 5 } });
  if (body.errCode !== 0) throw new Error(body.errMsg);
}));
report('pageList (signed GET, 10 rows)', await measure(REQUESTS, async (i) => {
  const { body } = await t.api.get('/api/v1/modelCode/pageList', { token, query: { pageNo: (i % 20) + 1, pageSize: 10 } });
  if (body.errCode !== 0) throw new Error(body.errMsg);
}));
report('getLoginInfo', await measure(REQUESTS, async () => {
  const { body } = await t.api.get('/api/v1/sys/user/getLoginInfo', { token });
  if (body.errCode !== 0) throw new Error(body.errMsg);
}));
report('rejected tampered request', await measure(REQUESTS, async () => {
  const { body } = await t.api.get('/api/v1/modelCode/pageList', { token, signing: { override: { random: 'A'.repeat(32) } } });
  if (body.errCode !== 10003) throw new Error('expected a signature failure');
}));
console.log(`rss growth during the run: ${((process.memoryUsage().rss - heapBefore) / 1024 / 1024).toFixed(1)} MiB`);
await t.close();
