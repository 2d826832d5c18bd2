// userEventStream: an alarm raised by ingested telemetry reaches the open page of a user who may
// see it, with the untreated counts, and so does its close; another organisation's user hears
// only what is published to them (publishUserEvent), never the alarm. No timing is asserted.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema/index.ts';
import { publishUserEvent } from '../../server/alarms/user-events.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { openEventStream } from '../fixtures/event-stream.ts';
import { secondTreeAdmin } from '../fixtures/mall.ts';
import { addReportingPlant, type ReportingPlant } from '../fixtures/telemetry.ts';

let t: TestApp;
let plant: ReportingPlant;
let owner: string;
let stranger: { token: string; userId: string };
const STREAM = '/api/v1/user/events/stream';

beforeAll(async () => {
  t = await createTestApp({ config: { simulator: false } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  plant = await addReportingPlant(t);
  owner = (await t.api.login('owner')).token;
  const loginName = await secondTreeAdmin(t);
  const [account] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.loginName, loginName));
  stranger = { token: (await t.api.login(loginName)).token, userId: account!.id };
});
afterAll(() => t.close());

describe('userEventStream', () => {
  it('brings a new alarm and its close to the owner\'s page, with the untreated counts', async () => {
    const stream = await openEventStream(t, STREAM, {}, owner);
    const other = await openEventStream(t, STREAM, {}, stranger.token);
    try {
      const connected = await stream.next();
      expect(connected).toMatchObject({ event: 'alarm', data: { alarm: null } });
      const before = connected.data.untreatedTotal as number;
      expect((await other.next()).data).toMatchObject({ alarm: null });

      await t.api.post('/api/v1/ingest/telemetry', { json: { records: [{ sn: plant.sn, ts: Date.now() - 60_000, faultCode: 1002 }] }, client: plant.client });
      const raised = await stream.next();
      expect(raised.event).toBe('alarm');
      expect(raised.data).toMatchObject({ untreatedTotal: before + 1, alarm: { alarmCode: 1002, state: 1, plantUid: plant.plantUid } });
      const id = (raised.data.alarm as { id: number }).id;

      await t.api.post('/api/v1/alarm/device/manualCloseAlarm', { token: owner, form: { id, closeRemark: 'Checked on site' } });
      expect((await stream.next()).data).toMatchObject({ untreatedTotal: before, alarm: { id, state: 3, closeRemark: 'Checked on site' } });

      // The other organisation's user heard neither: the next event on their page is their own.
      publishUserEvent(t.app, stranger.userId, 'message', { unreadNum: 1 });
      expect(await other.next()).toMatchObject({ event: 'message', data: { unreadNum: 1 } });
    } finally {
      stream.close();
      other.close();
    }
  });
});
