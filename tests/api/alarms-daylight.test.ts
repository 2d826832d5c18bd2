// The no-production rule: a plant's inverter that reports but has produced nothing for 30 minutes
// at noon under a clear sky gets its alarm (the job driven with an explicit time and a weather
// provider that says the sky is clear), not at night nor under heavy cloud, and its next PV
// output recovers it.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raiseNoProductionAlarms } from '../../server/alarms/schedule.ts';
import { alarms, devices, plants, users } from '../../server/db/schema/index.ts';
import type { WeatherProvider } from '../../server/telemetry/model/weather.ts';
import { ingest } from '../../server/telemetry/ingest.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

let t: TestApp;
const plantUid = randomUUID();
const SN = `NOPV${Date.now().toString(36).toUpperCase()}`;
const noon = Date.parse('2026-06-01T12:00:00Z');
const at = (minutes: number) => noon + minutes * 60_000;

/** A weather service whose sky has the given cloud cover. */
const sky = (cloudCover: number): WeatherProvider => ({
  name: 'test',
  current: async () => ({ time: new Date(noon).toISOString(), temperature: 25, humidity: 40, windSpeed: 2, windDirection: 90, cloudCover, conditionCode: cloudCover > 80 ? 3 : 0, textKey: 'weather.clear' }),
  forecast: async () => [],
});

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [owner] = await db.select().from(users).where(eq(users.loginName, 'owner'));
  await db.insert(plants).values({ plantUid, plantName: 'Daylight test', officeId: owner!.officeId, ownerUserId: owner!.id, timeZone: 'UTC', latitude: 5, longitude: 0, systemPower: 5 });
  await db.insert(devices).values({ sn: SN, snType: 1, plantUid, officeId: owner!.officeId });
  await ingest(db, [-45, -35, -25, -15, -5, 0].map((m) => ({ sn: SN, ts: at(m), pvPower: 0, acPower: 0 })));
});
afterAll(() => t.close());

const open = () => t.database.db.select({ state: alarms.state, code: alarms.alarmCode }).from(alarms).where(eq(alarms.plantUid, plantUid));

describe('no production in daylight', () => {
  it('is no alarm under heavy cloud, nor at night', async () => {
    expect(await raiseNoProductionAlarms(t.database.db, sky(100), new Date(at(0)))).toEqual([]);
    const midnight = { ...sky(0), current: async () => ({ ...(await sky(0).current({} as never)), time: new Date(noon - 12 * 3600_000).toISOString() }) };
    expect(await raiseNoProductionAlarms(t.database.db, midnight, new Date(at(0)))).toEqual([]);
  });

  it('raises the alarm under a clear noon sky once, and the next PV output recovers it', async () => {
    expect(await raiseNoProductionAlarms(t.database.db, sky(0), new Date(at(0)))).toHaveLength(1);
    expect(await raiseNoProductionAlarms(t.database.db, sky(0), new Date(at(1)))).toEqual([]);
    expect(await open()).toEqual([{ state: 1, code: 90007 }]);
    await ingest(t.database.db, [{ sn: SN, ts: at(5), pvPower: 1200, acPower: 1150 }]);
    expect(await open()).toEqual([{ state: 2, code: 90007 }]);
  });
});
