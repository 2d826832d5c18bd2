// liveStream (issue 9): a real HTTP request on a listening app gets a `flow` event on connect and a
// new one with the new figures after a record of the plant is committed; a plant out of sight
// answers the 10005 envelope; closing the client or the server ends the stream. On PostgreSQL a
// stream served by one process follows records ingested through another. No timing is asserted.
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plants } from '../../server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { twoProcesses, type TwoProcesses } from '../fixtures/cluster.ts';
import { addReportingPlant, type ReportingPlant } from '../fixtures/telemetry.ts';

interface FlowEvent { id: string | undefined; event: string; data: Record<string, unknown> }

/** An open event stream: `next()` resolves with each event in turn. */
class EventReader {
  private buffer = '';
  private readonly events: FlowEvent[] = [];
  private readonly waiting: ((event: FlowEvent) => void)[] = [];
  comments = 0;

  constructor(readonly response: IncomingMessage, readonly request: ClientRequest) {
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      this.buffer += chunk;
      let end;
      while ((end = this.buffer.indexOf('\n\n')) >= 0) {
        this.parse(this.buffer.slice(0, end));
        this.buffer = this.buffer.slice(end + 2);
      }
    });
  }

  private parse(block: string) {
    const fields = new Map<string, string>();
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) this.comments++;
      else fields.set(line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trimStart());
    }
    if (!fields.has('event')) return;
    const event = { id: fields.get('id'), event: fields.get('event')!, data: JSON.parse(fields.get('data')!) as Record<string, unknown> };
    const waiter = this.waiting.shift();
    if (waiter) waiter(event);
    else this.events.push(event);
  }

  next(): Promise<FlowEvent> {
    const event = this.events.shift();
    return event ? Promise.resolve(event) : new Promise((resolve) => this.waiting.push(resolve));
  }

  close() {
    this.request.destroy();
  }
}

/** Opens the stream over real HTTP, signed and authorised as the web app would. */
function openStream(t: TestApp, plantUid: string, token: string): Promise<EventReader> {
  const { port } = t.app.server.address() as AddressInfo;
  const options = t.api.request('GET', '/api/v1/monitor/live/stream', { query: { plantUid }, token });
  const query = new URLSearchParams(options.query as Record<string, string>);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path: `${options.url as string}?${query}`, headers: options.headers as Record<string, string> }, (response) => {
      if (!String(response.headers['content-type']).startsWith('text/event-stream')) reject(new Error(`not a stream: ${response.headers['content-type']}`));
      else resolve(new EventReader(response, request));
    });
    request.on('error', reject);
    request.end();
  });
}

const ingestAs = (t: TestApp, plant: ReportingPlant, records: unknown[]) =>
  t.api.post<{ accepted: number }>('/api/v1/ingest/telemetry', { json: { records }, client: plant.client });

/** Waits until no listener follows the plant any more (the stream's clean-up ran). */
async function released(t: TestApp, plantUid: string) {
  while (t.app.live.watching(plantUid) > 0) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('liveStream', () => {
  let t: TestApp;
  let token: string;
  let plant: ReportingPlant;
  beforeAll(async () => {
    t = await createTestApp({ config: { simulator: false } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    token = (await t.api.login('owner')).token;
    plant = await addReportingPlant(t);
  });
  afterAll(() => t.close());

  it('sends the flow on connect, and again with the new figures after a record is committed', async () => {
    const first = Date.now() - 120_000;
    expect((await ingestAs(t, plant, [{ sn: plant.sn, ts: first, pvPower: 1000, loadPower: 400, gridPower: -600 }])).body.data.accepted).toBe(1);
    const stream = await openStream(t, plant.plantUid, token);
    try {
      const connected = await stream.next();
      expect(connected.event).toBe('flow');
      expect(connected.id).toBe(String(first));
      expect(connected.data).toMatchObject({ plantUid: plant.plantUid, ts: new Date(first).toISOString(), pvPower: 1000, loadPower: 400, gridPower: -600, online: 1 });

      const second = Date.now() - 60_000;
      await ingestAs(t, plant, [{ sn: plant.sn, ts: second, pvPower: 2500, acPower: 2400, loadPower: 700, gridPower: -1200, batteryPower: -500, batterySoc: 80 }]);
      const updated = await stream.next();
      expect(updated.event).toBe('flow');
      expect(updated.id).toBe(String(second));
      expect(updated.data).toEqual({
        plantUid: plant.plantUid, ts: new Date(second).toISOString(),
        pvPower: 2500, acPower: 2400, loadPower: 700, gridPower: -1200, batteryPower: -500, batterySoc: 80, online: 1,
      });
      expect(t.app.live.watching(plant.plantUid)).toBe(1);
    } finally {
      stream.close();
    }
    // The client left: its listener is gone.
    await released(t, plant.plantUid);
  });

  it('answers the 10005 envelope, not a stream, for a plant the caller may not see', async () => {
    const [foreign] = await t.database.db.select({ plantUid: plants.plantUid }).from(plants).where(eq(plants.officeId, '21')).limit(1);
    const { body, headers } = await t.api.get('/api/v1/monitor/live/stream', { query: { plantUid: foreign!.plantUid }, token });
    expect(String(headers['content-type'])).toMatch(/^application\/json/);
    expect(body.errCode).toBe(10005);
    expect(t.app.live.watching(foreign!.plantUid)).toBe(0);
  });

  it('ends open streams when the server stops, so that the stop completes', async () => {
    const other = await createTestApp({ config: { simulator: false } });
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const otherPlant = await addReportingPlant(other);
    const stream = await openStream(other, otherPlant.plantUid, (await other.api.login('owner')).token);
    expect((await stream.next()).data).toMatchObject({ plantUid: otherPlant.plantUid, ts: null, online: 0 });
    const ended = new Promise((resolve) => stream.response.once('end', resolve));
    await other.close();
    await ended;
  });
});

// Two server processes on one PostgreSQL database: the announcement travels by NOTIFY.
describe('liveStream across two processes on one PostgreSQL', () => {
  let both: TwoProcesses;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    both = await twoProcesses({ simulator: false });
    ({ a, b } = both);
    await a.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => both?.close());

  it('sends the event on one process for a record ingested through the other', async () => {
    const plant = await addReportingPlant(a);
    const stream = await openStream(a, plant.plantUid, (await a.api.login('owner')).token);
    try {
      expect((await stream.next()).data.ts).toBeNull();
      const ts = Date.now() - 30_000;
      expect((await ingestAs(b, plant, [{ sn: plant.sn, ts, pvPower: 3210 }])).body.data.accepted).toBe(1);
      const event = await stream.next();
      expect(event.id).toBe(String(ts));
      expect(event.data).toMatchObject({ pvPower: 3210, online: 1 });
    } finally {
      stream.close();
    }
  });
});
