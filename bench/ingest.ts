// `npm run bench:ingest`: telemetry records per second through the real ingest pipeline (issue 9),
// printed and never asserted. The server runs as its own process with production settings, on
// PGlite and on PostgreSQL; before it starts, the bench adds a fleet of plants with bound devices
// and an API client, and times a raw COPY of the same rows the HTTP run sends into a scratch table
// of device_data's shape (PostgreSQL: pg-copy-streams; PGlite: COPY FROM '/dev/blob'), for the ratio.
//
// - HTTP: signed ingestTelemetry batches (bodyHash), BENCH_INGEST_CONCURRENCY at once, each
//   sender owning its own plants (one gateway per site, as in the field).
// - MQTT: QoS 1 publishes to the server's embedded broker, BENCH_MQTT_CONNECTIONS connections
//   logged in as the API client, each keeping BENCH_MQTT_WINDOW messages awaiting their PUBACK
//   (sent after the commit).
// - Live: SSE liveStream of BENCH_LIVE_PLANTS plants; a record of each is ingested over HTTP and
//   the time to its `flow` event measured, idle and while the HTTP run loads the server. The time
//   is counted from the moment the request is sent, an upper bound of commit-to-event.
//
// Knobs: BENCH_INGEST_RECORDS (per transport, PostgreSQL; default 200,000), BENCH_PGLITE_INGEST_RECORDS
// (default 40,000), BENCH_INGEST_PLANTS (200, three devices each), BENCH_INGEST_BATCH (5,000),
// BENCH_INGEST_CONCURRENCY (4), BENCH_MQTT_CONNECTIONS (40), BENCH_MQTT_WINDOW (16),
// BENCH_MQTT_RECORDS_PER_MESSAGE (50), BENCH_LIVE_PLANTS (10), BENCH_LIVE_ROUNDS (15),
// BENCH_DATABASES (pglite, postgres or both).
import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { users } from '../server/db/schema/index.ts';
import { keyFromAppSecret } from '../server/domain/auth/secret-box.ts';
import { createApiClient } from '../server/repositories/api-clients.ts';
import { ingest } from '../server/telemetry/ingest.ts';
import { ensurePartitions, monthOf } from '../server/telemetry/partitions.ts';
import { signatureParams } from '../src/lib/signing.ts';
import { addFleet, openTarget, pgliteOf, quantile, rows, seconds, type FleetDevice, type FleetPlant } from './lib/fleet.ts';
import { cpuMeter, cpuPer, type CpuSpent } from './lib/cpu.ts';
import { PORT, onEachDatabase, signed, type Target } from './lib/server.ts';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const PG_RECORDS = env('BENCH_INGEST_RECORDS', 200_000);
const PGLITE_RECORDS = env('BENCH_PGLITE_INGEST_RECORDS', 40_000);
const PLANTS = env('BENCH_INGEST_PLANTS', 200);
const BATCH = env('BENCH_INGEST_BATCH', 5000);
const CONCURRENCY = env('BENCH_INGEST_CONCURRENCY', 4);
const MQTT_CONNECTIONS = env('BENCH_MQTT_CONNECTIONS', 40);
const MQTT_WINDOW = env('BENCH_MQTT_WINDOW', 16);
const PER_MESSAGE = env('BENCH_MQTT_RECORDS_PER_MESSAGE', 50);
const LIVE_PLANTS = env('BENCH_LIVE_PLANTS', 10);
const LIVE_ROUNDS = env('BENCH_LIVE_ROUNDS', 15);
const MQTT_PORT = 18_483;
const SLOT_MS = 5 * 60_000;
const APP_SECRET = randomBytes(32).toString('hex');
const BASE = `http://127.0.0.1:${PORT}/dev-api/api/v1`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rate = (n: number, ms: number) => `${Math.round(n / (ms / 1000)).toLocaleString('en-US').padStart(8)} records/s`;

// ---- the records: plausible values of each kind of device, counters rising, the same every run

/** mulberry32: the bench's rows are the same from run to run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const next = random(9);
const r1 = (v: number) => Math.round(v * 10) / 10;
const r3 = (v: number) => Math.round(v * 1000) / 1000;

type Sample = Record<string, number | string>;
/** The columns of device_data after (device_id, ts), in the order the raw COPY writes them. */
const COLUMNS = ['pvPower', 'acPower', 'gridPower', 'loadPower', 'batteryPower', 'batterySoc', 'pvEnergyTotal', 'gridImportTotal',
  'gridExportTotal', 'loadEnergyTotal', 'batteryChargeTotal', 'batteryDischargeTotal', 'temperature', 'faultCode'] as const;
const SNAKE = COLUMNS.map((c) => c.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`));

interface Row { device: FleetDevice; sample: Sample }
const counters = new Map<number, { pv: number; imp: number; exp: number; load: number; chg: number; dis: number; soc: number }>();

function sampleOf(device: FleetDevice, ts: number): Sample {
  const c = counters.get(device.id) ?? { pv: 1000 + device.id, imp: 500, exp: 300, load: 800, chg: 100, dis: 90, soc: 50 };
  counters.set(device.id, c);
  const hour = (ts / 3_600_000) % 24;
  const sun = Math.max(0, Math.sin((Math.PI * (hour - 6)) / 12));
  const kwh = (w: number) => (w * SLOT_MS) / 3_600_000 / 1000;
  const base: Sample = { sn: device.sn, ts: new Date(ts).toISOString() };
  if (device.kind === 'M') {
    const load = 300 + next() * 900;
    const grid = load - sun * 4000 * (0.8 + next() * 0.2);
    c.load += kwh(load);
    if (grid > 0) c.imp += kwh(grid);
    else c.exp += kwh(-grid);
    return { ...base, gridPower: r1(grid), loadPower: r1(load), gridImportTotal: r3(c.imp), gridExportTotal: r3(c.exp), loadEnergyTotal: r3(c.load) };
  }
  const pv = sun * 5000 * (0.8 + next() * 0.2);
  c.pv += kwh(pv);
  if (device.kind === 'P') return { ...base, pvPower: r1(pv), acPower: r1(pv * 0.97), pvEnergyTotal: r3(c.pv), temperature: r1(20 + sun * 25), faultCode: 0 };
  const battery = sun > 0.3 ? -Math.min(2000, pv * 0.3) : 600 * next();
  c.soc = Math.min(95, Math.max(10, c.soc + (battery < 0 ? 0.5 : -0.4)));
  if (battery < 0) c.chg += kwh(-battery);
  else c.dis += kwh(battery);
  return {
    ...base, pvPower: r1(pv), acPower: r1(pv * 0.97 + battery), batteryPower: r1(battery), batterySoc: r1(c.soc), pvEnergyTotal: r3(c.pv),
    batteryChargeTotal: r3(c.chg), batteryDischargeTotal: r3(c.dis), temperature: r1(20 + sun * 25), faultCode: 0,
  };
}

/** Every device of the plants at each slot, in time order (what a gateway of those plants sends). */
function stream(plants: FleetPlant[], firstSlot: number, slots: number): Row[] {
  const out: Row[] = [];
  for (let s = 0; s < slots; s++) {
    for (const plant of plants) for (const device of plant.devices) out.push({ device, sample: sampleOf(device, (firstSlot + s) * SLOT_MS) });
  }
  return out;
}

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

const groups = (plants: FleetPlant[], n: number) => Array.from({ length: n }, (_, g) => plants.filter((_, i) => i % n === g));

interface Body { text: string; hash: string; records: number }
const bodyOf = (batch: Row[]): Body => {
  const text = JSON.stringify({ records: batch.map((r) => r.sample) });
  return { text, hash: createHash('sha256').update(text).digest('hex'), records: batch.length };
};

/** device_data's text COPY format of the rows. */
function copyText(list: Row[]): string {
  const lines = list.map(({ device, sample }) => [device.id, sample.ts, ...COLUMNS.map((c) => (sample[c] === undefined ? '\\N' : sample[c]))].join('\t'));
  return `${lines.join('\n')}\n`;
}

// ---- the setup, made before the server starts

interface Setup {
  client: { clientId: string; clientSecret: string };
  live: FleetPlant[];
  warmUp: Body[];
  http: Body[][];
  mqtt: { topic: string; payload: Buffer; records: number }[][];
  records: number;
  copy: { rows: number; ms: number; cpu: CpuSpent | undefined };
}
let setup: Setup;

async function prepare(target: Target) {
  const started = performance.now();
  const database = await openTarget(target);
  try {
    const fleet = await addFleet(database, 'ing', PLANTS);
    const live = await addFleet(database, 'live', LIVE_PLANTS);
    const [installer] = await database.db.select().from(users).where(eq(users.loginName, 'installer'));
    const client = await createApiClient(database.db, keyFromAppSecret(APP_SECRET), { apiName: 'Bench gateway', officeId: '11', createdBy: installer!.id });

    // Two runs of the same length, HTTP's then MQTT's, ending 10 minutes ago, after one warm-up slot.
    const devices = fleet.length * 3;
    const slots = Math.ceil((target.kind === 'PGlite' ? PGLITE_RECORDS : PG_RECORDS) / devices);
    const end = Math.floor(Date.now() / SLOT_MS) - 2;
    const httpFirst = end - 2 * slots;
    counters.clear();
    const warm = stream(fleet, httpFirst - 1, 1);
    const httpRows = groups(fleet, CONCURRENCY).map((plants) => stream(plants, httpFirst, slots));
    const mqttRows = groups(fleet, MQTT_CONNECTIONS).map((plants) => stream(plants, end - slots, slots));
    // As the server makes them when a month first appears (once per month, not measured here).
    const months = new Set<string>();
    for (let s = httpFirst - 1; s <= end; s += 12) months.add(monthOf(new Date(s * SLOT_MS)));
    months.add(monthOf(new Date(end * SLOT_MS)));
    await ensurePartitions(database.db, months);

    // The raw COPY of the rows the HTTP run sends.
    const all = httpRows.flat();
    const text = copyText(all);
    await database.db.execute(sql`create table bench_copy (like device_data including all)`);
    const copyStatement = `copy bench_copy (device_id, ts, ${SNAKE.join(', ')}) from`;
    let ms: number;
    let cpu: CpuSpent | undefined;
    if (target.databaseUrl) {
      const connection = new pg.Client({ connectionString: target.databaseUrl });
      await connection.connect();
      try {
        const spent = cpuMeter();
        const at = performance.now();
        const copy = connection.query(copyFrom(`${copyStatement} stdin`));
        const done = new Promise<void>((resolve, reject) => copy.on('finish', resolve).on('error', reject));
        const bytes = Buffer.from(text);
        for (let i = 0; i < bytes.length; i += 1 << 20) copy.write(bytes.subarray(i, i + (1 << 20)));
        copy.end();
        await done;
        ms = performance.now() - at;
        cpu = spent();
      } finally {
        await connection.end();
      }
    } else {
      const at = performance.now();
      await pgliteOf(database).query(`${copyStatement} '/dev/blob'`, [], { blob: new Blob([text]) });
      ms = performance.now() - at;
    }
    const [copied] = await rows<{ n: number }>(database, sql`select count(*)::int as n from bench_copy`);
    if (copied!.n !== all.length) throw new Error(`COPY stored ${copied!.n} of ${all.length} rows`);
    await database.db.execute(sql`drop table bench_copy`);
    backfill = await backfillWithAndWithoutRules(database, target, httpFirst - 1);

    setup = {
      client, live, records: all.length, copy: { rows: all.length, ms, cpu },
      warmUp: chunks(warm, BATCH).map(bodyOf),
      http: httpRows.map((list) => chunks(list, BATCH).map(bodyOf)),
      mqtt: mqttRows.map((list) => chunks(list, PER_MESSAGE).map((batch) => ({
        topic: `portal/telemetry/${batch[0]!.device.sn}`, payload: Buffer.from(JSON.stringify(batch.map((r) => r.sample))), records: batch.length,
      }))),
    };
    console.log(`${target.kind}: ${fleet.length} plants × 3 devices, API client, ${all.length.toLocaleString('en-US')} records per transport prepared in ${seconds(performance.now() - started)}`);
  } finally {
    await database.close();
  }
}

// ---- a deferred-rollup backfill, in this process, with and without the alarm rules

interface BackfillCost { records: number; withRules: CpuSpent | undefined; withoutRules: CpuSpent | undefined; withMs: number; withoutMs: number }
let backfill: BackfillCost;

/**
 * What the alarm rules add to a backfill's batches (ingest with deferRollups, as the simulator's
 * catch-up stores them): the same number of records of other plants ingested without the rules,
 * then with them, over slots before the HTTP run's; the CPU of this process (and PGlite in it)
 * and PostgreSQL's per record.
 */
async function backfillWithAndWithoutRules(database: Awaited<ReturnType<typeof openTarget>>, target: Target, beforeSlot: number): Promise<BackfillCost> {
  const plants = await addFleet(database, 'bf', Math.min(PLANTS, 100));
  const devices = plants.length * 3;
  const slots = Math.ceil((target.kind === 'PGlite' ? PGLITE_RECORDS : PG_RECORDS) / 2 / devices);
  const pass = async (firstSlot: number, count: number, alarmRules: boolean) => {
    const batches = chunks(stream(plants, firstSlot, count), BATCH).map((batch) => batch.map((r) => r.sample));
    const spent = cpuMeter();
    const at = performance.now();
    let records = 0;
    for (const batch of batches) records += (await ingest(database.db, batch, {}, Date.now(), { deferRollups: true, alarmRules })).accepted;
    return { records, ms: performance.now() - at, cpu: spent() };
  };
  // A warm-up (the devices' first latest states, the code's first runs), then each way in turns,
  // over stretches of time of their own, so that neither gains from going last.
  const rounds = 4;
  const part = Math.max(1, Math.floor(slots / rounds));
  const first = beforeSlot - 2 * rounds * part;
  await pass(first - part, part, true);
  const sum = (a: CpuSpent | undefined, b: CpuSpent | undefined) => (a && b ? { server: a.server + b.server, database: a.database + b.database, bench: a.bench + b.bench } : a ?? b);
  const total = { without: { records: 0, ms: 0, cpu: undefined as CpuSpent | undefined }, with: { records: 0, ms: 0, cpu: undefined as CpuSpent | undefined } };
  for (let round = 0; round < rounds; round++) {
    for (const rules of [false, true]) {
      const done = await pass(first + (2 * round + (rules ? 1 : 0)) * part, part, rules);
      const into = rules ? total.with : total.without;
      into.records += done.records;
      into.ms += done.ms;
      into.cpu = sum(into.cpu, done.cpu);
    }
  }
  return { records: total.without.records, withoutRules: total.without.cpu, withRules: total.with.cpu, withoutMs: total.without.ms, withMs: total.with.ms };
}

const cpuPerRecord = (cpu: CpuSpent | undefined, records: number) => (cpu ? ((cpu.bench + cpu.database) * 1000) / records : undefined);

// ---- HTTP

interface Ingested { accepted: number; duplicates: number; rejected: { index: number; reason: string }[] }

async function post(body: Body): Promise<Ingested> {
  const { clientId, clientSecret } = setup.client;
  const params = signatureParams(clientSecret, { clientId, appProjectName: 'portal', lang: 'en' }, { bodyHash: body.hash });
  const query = new URLSearchParams({ bodyHash: body.hash, ...params });
  const response = await fetch(`${BASE}/ingest/telemetry?${query}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body.text });
  const answer = await response.json() as { errCode: number; errMsg: string; data: Ingested };
  if (answer.errCode !== 0) throw new Error(`ingestTelemetry answered ${answer.errCode} ${answer.errMsg}`);
  if (answer.data.accepted !== body.records) {
    throw new Error(`ingestTelemetry accepted ${answer.data.accepted} of ${body.records}: ${JSON.stringify(answer.data.rejected.slice(0, 3))}`);
  }
  return answer.data;
}

async function httpRun(): Promise<{ records: number; ms: number; batchMs: number[]; cpu: CpuSpent | undefined }> {
  for (const body of setup.warmUp) await post(body);
  const batchMs: number[] = [];
  let records = 0;
  const spent = cpuMeter();
  const started = performance.now();
  await Promise.all(setup.http.map(async (bodies) => {
    for (const body of bodies) {
      const at = performance.now();
      const { accepted } = await post(body);
      records += accepted;
      batchMs.push(performance.now() - at);
    }
  }));
  return { records, ms: performance.now() - started, batchMs, cpu: spent() };
}

// ---- MQTT

async function mqttRun(): Promise<{ records: number; ms: number; cpu: CpuSpent | undefined }> {
  const { clientId, clientSecret } = setup.client;
  const clients = await Promise.all(setup.mqtt.map((_, i) => mqtt.connectAsync(`mqtt://127.0.0.1:${MQTT_PORT}`, {
    username: clientId, password: clientSecret, clientId: `bench-${i}`, clean: true, reconnectPeriod: 0, connectTimeout: 10_000,
  })));
  let records = 0;
  const spent = cpuMeter();
  const started = performance.now();
  try {
    await Promise.all(setup.mqtt.map((messages, i) => {
      const client = clients[i]!;
      // A refused publish closes the connection (MQTT 3.1.1 has no negative PUBACK).
      const closed = new Promise<never>((_, reject) => client.once('close', () => reject(new Error(`MQTT connection ${i} closed by the broker`))));
      let at = 0;
      const worker = async () => {
        while (at < messages.length) {
          const message = messages[at++]!;
          await client.publishAsync(message.topic, message.payload, { qos: 1 });
          records += message.records;
        }
      };
      return Promise.race([Promise.all(Array.from({ length: MQTT_WINDOW }, worker)), closed]);
    }));
    return { records, ms: performance.now() - started, cpu: spent() };
  } finally {
    await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
  }
}

// ---- live: a record's commit to its SSE event

class LiveStream {
  private readonly seen = new Map<string, number>();
  private readonly waiting = new Map<string, (at: number) => void>();
  private readonly abort = new AbortController();

  private constructor(readonly plantUid: string) {}

  static async open(plantUid: string, token: string): Promise<LiveStream> {
    const stream = new LiveStream(plantUid);
    const response = await fetch(`${BASE}/monitor/live/stream?plantUid=${plantUid}&${signed({ plantUid })}`, {
      headers: { authorization: `Bearer ${token}` }, signal: stream.abort.signal,
    });
    if (!(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) throw new Error(`liveStream answered ${await response.text()}`);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          const at = performance.now();
          buffer += decoder.decode(value, { stream: true });
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const event = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = /^data: (.*)$/m.exec(event)?.[1];
            if (!data || !/^event: flow$/m.test(event)) continue;
            const ts = (JSON.parse(data) as { ts: string | null }).ts;
            if (!ts) continue;
            stream.seen.set(ts, at);
            stream.waiting.get(ts)?.(at);
          }
        }
      } catch {
        // closed by close()
      }
    })();
    return stream;
  }

  /** When the event of a record at `ts` arrived; undefined after `timeoutMs`. */
  arrival(ts: string, timeoutMs: number): Promise<number | undefined> {
    const seen = this.seen.get(ts);
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(ts);
        resolve(undefined);
      }, timeoutMs);
      this.waiting.set(ts, (at) => {
        clearTimeout(timer);
        this.waiting.delete(ts);
        resolve(at);
      });
    });
  }

  close() {
    this.abort.abort();
  }
}

interface LiveFigures { latencies: number[]; ingestMs: number[]; missed: number }

/** Rounds of one record per live plant, 1.1 to 1.5 s apart (the stream sends at most an event a second). */
async function liveRounds(streams: LiveStream[], keepGoing: (round: number) => boolean): Promise<LiveFigures> {
  const figures: LiveFigures = { latencies: [], ingestMs: [], missed: 0 };
  for (let round = 0; keepGoing(round); round++) {
    const ts = new Date(Math.max(Date.now(), lastLiveTs + 1)).toISOString();
    lastLiveTs = Date.parse(ts);
    const records = setup.live.map((p) => ({ sn: p.devices[0]!.sn, ts, pvPower: 1000 + round, acPower: 900 + round, batteryPower: -100, batterySoc: 50 }));
    const text = JSON.stringify({ records });
    const arrivals = streams.map((s) => s.arrival(ts, 5000));
    const sent = performance.now();
    try {
      await post({ text, hash: createHash('sha256').update(text).digest('hex'), records: records.length });
    } catch (error) {
      // Shed under load (10006) or failed: its events will not come, and are counted missing.
      console.log(`  live round ${round}: ${(error as Error).message}`);
    }
    figures.ingestMs.push(performance.now() - sent);
    for (const at of await Promise.all(arrivals)) {
      if (at === undefined) figures.missed++;
      else figures.latencies.push(at - sent);
    }
    await sleep(1100 + Math.random() * 400);
  }
  return figures;
}
let lastLiveTs = 0;

const ms = (v: number) => `${v.toFixed(0).padStart(4)} ms`;
const liveLine = (label: string, f: LiveFigures) => console.log(`  live ${label.padEnd(29)} p50 ${ms(quantile(f.latencies, 0.5))}  p99 ${ms(quantile(f.latencies, 0.99))}  max ${ms(Math.max(...f.latencies))}`
  + `  (n=${f.latencies.length}${f.missed ? `, ${f.missed} events missing after 5 s` : ''}; the ingest call itself p50 ${quantile(f.ingestMs, 0.5).toFixed(0)} ms)`);

await onEachDatabase(async ({ kind, token, databaseUrl }) => {
  const copyRate = setup.copy.rows / (setup.copy.ms / 1000);
  console.log(`  raw COPY into a scratch table       ${rate(setup.copy.rows, setup.copy.ms)}  (${setup.copy.rows.toLocaleString('en-US')} rows in ${seconds(setup.copy.ms)}; ${kind === 'PGlite' ? "PGlite COPY FROM '/dev/blob'" : 'pg-copy-streams'}; device_data's columns and primary key)`);
  if (setup.copy.cpu) console.log(`    ${cpuPer(setup.copy.cpu, setup.copy.rows, 'record', true)}`);
  const without = cpuPerRecord(backfill.withoutRules, backfill.records);
  const withRules = cpuPerRecord(backfill.withRules, backfill.records);
  console.log(`  deferred-rollup backfill (in the bench process), ${backfill.records.toLocaleString('en-US')} records each way: without alarm rules ${rate(backfill.records, backfill.withoutMs)}, with them ${rate(backfill.records, backfill.withMs)}`);
  if (without !== undefined && withRules !== undefined) {
    console.log(`    CPU per record (this process and the database): without rules ${without.toFixed(1)} µs, with rules ${withRules.toFixed(1)} µs (${((withRules / without - 1) * 100).toFixed(1)} %)`);
  }
  const streams = await Promise.all(setup.live.map((p) => LiveStream.open(p.plantUid, token)));
  // Each stream sent its first event on connect, and sends the next one a second later at the earliest.
  await sleep(1100);
  try {
    const idle = await liveRounds(streams, (round) => round < LIVE_ROUNDS);

    let loading = true;
    const loaded = liveRounds(streams, () => loading);
    const http = await httpRun().finally(() => {
      loading = false;
    });
    const underLoad = await loaded;
    const httpRate = http.records / (http.ms / 1000);
    console.log(`  HTTP ingestTelemetry                ${rate(http.records, http.ms)}  ${(httpRate / copyRate).toFixed(2)} × raw COPY  (${http.records.toLocaleString('en-US')} records, batches of ${BATCH}, ${CONCURRENCY} at once; batch p50 ${quantile(http.batchMs, 0.5).toFixed(0)} ms, p99 ${quantile(http.batchMs, 0.99).toFixed(0)} ms)`);
    if (http.cpu) console.log(`    ${cpuPer(http.cpu, http.records, 'record', true)}`);

    const sent = await mqttRun();
    const mqttRate = sent.records / (sent.ms / 1000);
    console.log(`  MQTT QoS 1 (PUBACK after commit)    ${rate(sent.records, sent.ms)}  ${(mqttRate / copyRate).toFixed(2)} × raw COPY  (${sent.records.toLocaleString('en-US')} records, ${PER_MESSAGE} a message, ${MQTT_CONNECTIONS} connections × ${MQTT_WINDOW} in flight)`);
    if (sent.cpu) console.log(`    ${cpuPer(sent.cpu, sent.records, 'record', true)}`);

    liveLine('commit → SSE event, idle', idle);
    liveLine('commit → SSE event, HTTP load', underLoad);

    if (databaseUrl) {
      // Everything acknowledged is stored (PGlite belongs to the server process and cannot be read here).
      const connection = new pg.Client({ connectionString: databaseUrl });
      await connection.connect();
      const { rows: [stored] } = await connection.query<{ n: number }>(`select count(*)::int as n from device_data x join devices d on d.id = x.device_id where d.plant_uid like 'ing-%'`);
      await connection.end();
      const expected = setup.warmUp.reduce((s, b) => s + b.records, 0) + http.records + sent.records;
      if (stored!.n !== expected) console.log(`  !! device_data holds ${stored!.n} rows of the fleet, expected ${expected}`);
    }
  } finally {
    for (const stream of streams) stream.close();
  }
}, { prepare, env: { APP_SECRET, MQTT: '1', MQTT_PORT: String(MQTT_PORT), MQTT_HOST: '127.0.0.1' } });
