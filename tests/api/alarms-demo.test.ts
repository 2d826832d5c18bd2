// The demo's alarms come from its devices' reports through the same rules as real devices: after a
// backfill, the plants on a weak feeder have afternoon trips on grid over-voltage (the fault and the
// voltage rule), raised and recovered with their events, every plant's untreated count is its
// untreated alarms, and a silence in replayed history is a recovered offline alarm.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayAlarms } from '../../server/alarms/replay.ts';
import { ingest } from '../../server/telemetry/ingest.ts';
import { Simulator } from '../../server/telemetry/simulator.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { addReportingPlant } from '../fixtures/telemetry.ts';

let t: TestApp;
const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  t = await createTestApp();
  const simulator = new Simulator(t.database.db, t.app.log, { backfillDays: 4, liveStepS: 60, backfillStepS: 300 });
  await simulator.start();
  await simulator.stop();
});
afterAll(() => t.close());

describe('the demo\'s alarms', () => {
  it('include afternoon trips on grid over-voltage, raised and recovered with their events', async () => {
    const trips = await rows<{ alarm_code: number; state: number; events: number[] }>(sql`
      select a.alarm_code, a.state, array(select e.event_type from alarm_events e where e.alarm_id = a.id order by e.event_time, e.id) as events
      from alarms a where a.alarm_code in (1001, 90004)`);
    expect(trips.filter((a) => a.alarm_code === 1001 && a.state === 2).length).toBeGreaterThan(0);
    expect(trips.filter((a) => a.alarm_code === 90004 && a.state === 2).length).toBeGreaterThan(0);
    for (const trip of trips.filter((a) => a.state === 2)) {
      expect(trip.events[0]).toBe(1);
      expect(trip.events.at(-1)).toBe(3);
    }
  });

  it('keep each plant\'s untreated count equal to its untreated alarms', async () => {
    const wrong = await rows(sql`select p.plant_uid from plants p
      where p.untreated_alarm_num <> (select count(*) from alarms a where a.plant_uid = p.plant_uid and a.state = 1)`);
    expect(wrong).toEqual([]);
  });

  it('hold, for a silence in replayed history, the offline alarm the schedule would have raised, recovered', async () => {
    const plant = await addReportingPlant(t);
    const start = Date.parse('2026-06-02T09:00:00Z');
    await ingest(t.database.db, [0, 5, 10, 50, 55].map((m) => ({ sn: plant.sn, ts: start + m * 60_000, pvPower: 800 })));
    const replayed = await replayAlarms(t.database.db, [plant.plantUid], start - 3600_000, start + 3 * 3600_000);
    expect(replayed).toHaveLength(1);
    const [offline] = await rows<{ alarm_code: number; state: number; start_time: Date | string; end_time: Date | string }>(sql`
      select alarm_code, state, start_time, end_time from alarms where plant_uid = ${plant.plantUid}`);
    expect(offline).toMatchObject({ alarm_code: 90001, state: 2 });
    expect(new Date(offline!.start_time).getTime()).toBe(start + 25 * 60_000);
    expect(new Date(offline!.end_time).getTime()).toBe(start + 50 * 60_000);
  });

  it('give way after each day replayed, so that requests meanwhile are answered between the days', async () => {
    const plant = await addReportingPlant(t);
    const start = Date.parse('2026-06-10T00:00:00Z');
    // A request that comes while the first day is replayed is answered before the second day starts.
    const order: string[] = [];
    const between = async () => {
      order.push('gave way');
      await t.database.db.execute(sql`select 1`);
      order.push('request answered');
    };
    await replayAlarms(t.database.db, [plant.plantUid], start, start + 3 * 24 * 3600_000, between);
    expect(order).toEqual(['gave way', 'request answered', 'gave way', 'request answered', 'gave way', 'request answered']);
  });
});
