// liveStream (issue 9): a real HTTP request on a listening app gets a `flow` event on connect and a
// new one with the new figures after a record of the plant is committed; a plant out of sight
// answers the 10005 envelope; closing the client or the server ends the stream. On PostgreSQL a
// stream served by one process follows records ingested through another. No timing is asserted.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plants } from '../../server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { openEventStream } from '../fixtures/event-stream.ts';
import { twoProcesses, type TwoProcesses } from '../fixtures/cluster.ts';
import { addReportingPlant, type ReportingPlant } from '../fixtures/telemetry.ts';

/** Opens the plant's stream over real HTTP, signed and authorised as the web app would. */
const openStream = (t: TestApp, plantUid: string, token: string) => openEventStream(t, '/api/v1/monitor/live/stream', { plantUid }, token);

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
