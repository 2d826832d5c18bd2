// The ingest pipeline over HTTP (ingestTelemetry): per-record checks, duplicates, the API client's
// organisation, and rollups exact to the watt-hour in the plant's own days, late data included.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { devices, plants, users } from '../../server/db/schema/index.ts';
import { Grain, plantEnergy } from '../../server/db/schema/telemetry.ts';
import { secretKeyOf } from '../../server/domain/auth/secret-box.ts';
import { createApiClient } from '../../server/repositories/api-clients.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

let t: TestApp;
let client: { clientId: string; clientSecret: string };
const plantUid = randomUUID();
const SN = `TLM${Date.now().toString(36).toUpperCase()}`;
const FREE_SN = `${SN}F`;
/** A second device of the plant, for the record checks, so that its samples do not touch SN's intervals. */
const CHECK_SN = `${SN}C`;
/** A third, for the live feed across a change of clocks. */
const DST_SN = `${SN}D`;
let foreignSn: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [owner] = await db.select().from(users).where(eq(users.loginName, 'owner'));
  await db.insert(plants).values({ plantUid, plantName: 'Ingest test', officeId: owner!.officeId, ownerUserId: owner!.id, timeZone: 'Australia/Sydney' });
  await db.insert(devices).values([
    { sn: SN, snType: 1, plantUid, officeId: owner!.officeId },
    { sn: CHECK_SN, snType: 2, plantUid, officeId: owner!.officeId },
    { sn: DST_SN, snType: 1, plantUid, officeId: owner!.officeId },
    { sn: FREE_SN, snType: 1, officeId: owner!.officeId },
  ]);
  const [other] = await db.select({ sn: devices.sn }).from(devices).innerJoin(plants, eq(plants.plantUid, devices.plantUid))
    .where(eq(plants.officeId, '21')).limit(1);
  foreignSn = other!.sn;
  const [installer] = await db.select().from(users).where(eq(users.loginName, 'installer'));
  client = await createApiClient(db, secretKeyOf(loadConfig({}, { inMemoryDb: true })), { apiName: 'Gateway', officeId: installer!.officeId, createdBy: installer!.id });
});
afterAll(() => t.close());

type Ingested = { accepted: number; duplicates: number; rejected: { index: number; reason: string }[] };
const send = (records: unknown[], as = client) => t.api.post<Ingested>('/api/v1/ingest/telemetry', { json: { records }, client: as });

/** kWh per plant bucket of a grain, keyed by the bucket's local time `YYYY-MM-DD HH`. */
async function plantBuckets(grain: Grain) {
  const rows = await t.database.db.select().from(plantEnergy).where(and(eq(plantEnergy.plantUid, plantUid), eq(plantEnergy.grain, grain)));
  return Object.fromEntries(rows.map((r) => [r.bucket.toISOString().slice(0, 13).replace('T', ' '), r]));
}
const wh = (kwh: number) => Math.round(kwh * 1000);

describe('ingestTelemetry', () => {
  it('stores good records, rejects bad ones with their reasons, and counts duplicates', async () => {
    const ts = Date.parse('2026-06-01T00:00:00Z');
    const { body } = await send([
      { sn: CHECK_SN, ts, pvPower: 100, pvEnergyTotal: 1000 },
      { sn: CHECK_SN, ts: ts + 60_000, batterySoc: 101 },
      { sn: CHECK_SN, ts: Date.now() + 10 * 60_000, pvPower: 1 },
      { sn: 'NOSUCHDEVICE', ts },
      { sn: FREE_SN, ts },
      { sn: foreignSn, ts },
      { sn: CHECK_SN, ts },
    ]);
    expect(body.errCode).toBe(0);
    expect(body.data.accepted).toBe(1);
    expect(body.data.duplicates).toBe(1);
    expect(body.data.rejected.map((r) => r.index)).toEqual([1, 2, 3, 4, 5]);
    expect(body.data.rejected[0]!.reason).toMatch(/^batterySoc: /);
    expect(body.data.rejected[1]!.reason).toMatch(/^ts: .*future/);
    expect(body.data.rejected[2]!.reason).toMatch(/^sn: not in the device inventory/);
    expect(body.data.rejected[3]!.reason).toMatch(/^sn: not bound/);
    expect(body.data.rejected[4]!.reason).toMatch(/^sn: not a device of this client/);
    const again = await send([{ sn: CHECK_SN, ts, pvPower: 999 }]);
    expect(again.body.data).toEqual({ accepted: 0, duplicates: 1, rejected: [] });
    const stored = await t.database.db.execute(sql`select pv_power from device_data d join devices v on v.id = d.device_id where v.sn = ${CHECK_SN}`);
    expect((stored as unknown as { rows: { pv_power: number }[] }).rows).toEqual([{ pv_power: 100 }]);
  });

  it('rejects a reading beyond what a device can carry, naming its field, and stores the rest of the batch', async () => {
    const ts = Date.parse('2026-06-02T00:00:00Z');
    const { body } = await send([
      { sn: CHECK_SN, ts, pvPower: 1e300 },
      { sn: CHECK_SN, ts: ts + 60_000, gridPower: -2e9 },
      { sn: CHECK_SN, ts: ts + 120_000, pvEnergyTotal: 1e300 },
      { sn: CHECK_SN, ts: ts + 180_000, faultCode: 1e20 },
      { sn: CHECK_SN, ts: ts + 240_000, pvPower: 1e9, gridPower: -1e9, pvEnergyTotal: 1e12, faultCode: 2147483647 },
      // Too small for a 32-bit float: PostgreSQL refuses what would round to zero.
      { sn: CHECK_SN, ts: ts + 300_000, batterySoc: 1.2345e-300 },
      { sn: CHECK_SN, ts: ts + 360_000, temperature: -1e-50 },
      { sn: CHECK_SN, ts: ts + 420_000, pvPower: 1e-40, pvEnergyTotal: 1e-300 },
    ]);
    expect(body.errCode, body.errMsg).toBe(0);
    expect(body.data.accepted).toBe(2);
    expect(body.data.rejected.map((r) => r.reason.split(':')[0])).toEqual(['pvPower', 'gridPower', 'pvEnergyTotal', 'faultCode', 'batterySoc', 'temperature']);
  });

  it('refuses the portal\'s own web client and a wrong signature', async () => {
    const web = await t.api.post('/api/v1/ingest/telemetry', { json: { records: [{ sn: SN, ts: Date.now() }] } });
    expect(web.body.errCode).toBe(10005);
    const forged = await send([{ sn: SN, ts: Date.now() }], { clientId: client.clientId, clientSecret: 'not-the-secret' });
    expect(forged.body.errCode).toBe(10003);
  });

  it('rolls counters up into the plant\'s local hours, days, months and years, exactly, whatever the arrival order', async () => {
    // Sydney is UTC+10 in June: local 2026-06-10 00:00 is 2026-06-09T14:00Z.
    const at = (local: string) => Date.parse(`${local}+10:00`);
    const series: [string, number][] = [
      ['2026-06-10T08:00:00', 5000.000], ['2026-06-10T08:30:00', 5000.437], ['2026-06-10T09:10:00', 5001.215],
      ['2026-06-10T23:00:00', 5010.000], ['2026-06-11T01:00:00', 5014.004],
      // A counter reset (a replaced meter): 3.25 kWh since the reset.
      ['2026-06-11T02:00:00', 3.250], ['2026-06-11T03:00:00', 4.001],
    ];
    const records = series.map(([local, total]) => ({ sn: SN, ts: at(local), pvEnergyTotal: total }));
    // Out of order, in two batches.
    expect((await send([records[4], records[6], records[0]])).body.data.accepted).toBe(3);
    expect((await send([records[3], records[1], records[5], records[2]])).body.data.accepted).toBe(4);

    let hours = await plantBuckets(Grain.hour);
    expect(wh(hours['2026-06-10 08']!.pvEnergy)).toBe(437);
    expect(wh(hours['2026-06-10 09']!.pvEnergy)).toBe(778);
    expect(wh(hours['2026-06-10 23']!.pvEnergy)).toBe(8785);
    expect(wh(hours['2026-06-11 01']!.pvEnergy)).toBe(4004);
    expect(wh(hours['2026-06-11 02']!.pvEnergy)).toBe(3250);
    expect(wh(hours['2026-06-11 03']!.pvEnergy)).toBe(751);
    let days = await plantBuckets(Grain.day);
    expect(wh(days['2026-06-10 00']!.pvEnergy)).toBe(10000);
    expect(wh(days['2026-06-11 00']!.pvEnergy)).toBe(8005);

    // A late sample at the end of the 10th moves energy from the 11th's first interval to the 10th.
    expect((await send([{ sn: SN, ts: at('2026-06-10T23:30:00'), pvEnergyTotal: 5012.5 }])).body.data.accepted).toBe(1);
    hours = await plantBuckets(Grain.hour);
    expect(wh(hours['2026-06-10 23']!.pvEnergy)).toBe(11285);
    expect(wh(hours['2026-06-11 01']!.pvEnergy)).toBe(1504);
    days = await plantBuckets(Grain.day);
    expect(wh(days['2026-06-10 00']!.pvEnergy)).toBe(12500);
    expect(wh(days['2026-06-11 00']!.pvEnergy)).toBe(5505);

    // Days add up to the month and months to the year, exactly.
    const months = await plantBuckets(Grain.month);
    const years = await plantBuckets(Grain.year);
    const dayTotal = Object.entries(days).filter(([k]) => k.startsWith('2026-06')).reduce((s, [, r]) => s + r.pvEnergy, 0);
    expect(months['2026-06-01 00']!.pvEnergy).toBeCloseTo(dayTotal, 9);
    expect(years['2026-01-01 00']!.pvEnergy).toBeCloseTo(Object.values(months).reduce((s, r) => s + r.pvEnergy, 0), 9);
  });
});

describe('rollups of a live feed', () => {
  it('sums a feed of one sample per request into local hours, the hour that happens twice when clocks go back included', async () => {
    // Sydney leaves daylight time on 2026-04-05: local 02:00 to 03:00 happens twice, 15:00Z to 17:00Z on the 4th.
    const start = Date.parse('2026-04-04T13:00:00Z');
    for (let i = 0; i <= 10; i++) {
      // One sample per request, 30 minutes apart, each adding 1 kWh: a gateway reporting live.
      const { body } = await send([{ sn: DST_SN, ts: start + i * 30 * 60_000, pvEnergyTotal: 7000 + i }]);
      expect(body.data.accepted).toBe(1);
    }
    const hours = await plantBuckets(Grain.hour);
    const april = Object.fromEntries(Object.entries(hours).filter(([k]) => k.startsWith('2026-04-05')).map(([k, r]) => [k, wh(r.pvEnergy)]));
    // Local 00:00 (13:00Z) starts the series; 00:30 and each later sample add 1 kWh to their local hour.
    expect(april).toEqual({ '2026-04-05 00': 1000, '2026-04-05 01': 2000, '2026-04-05 02': 4000, '2026-04-05 03': 2000, '2026-04-05 04': 1000 });
    const days = await plantBuckets(Grain.day);
    expect(wh(days['2026-04-05 00']!.pvEnergy)).toBe(10_000);
  });
});

describe('concurrent batches of one plant', () => {
  it('take turns: every record is stored and the plant\'s hours add up', async () => {
    // Two new devices of one plant, each posting its samples one request at a time, all at once.
    const pair = [`${SN}P1`, `${SN}P2`];
    const [owner] = await t.database.db.select().from(users).where(eq(users.loginName, 'owner'));
    await t.database.db.insert(devices).values(pair.map((sn) => ({ sn, snType: 1, plantUid, officeId: owner!.officeId })));
    const start = Date.parse('2026-05-01T00:00:00Z');
    const sends = pair.flatMap((sn, d) => Array.from({ length: 6 }, (_, i) => send([{ sn, ts: start + i * 10 * 60_000, pvEnergyTotal: 100 * (d + 1) + i }])));
    const answers = await Promise.all(sends);
    expect(answers.map((a) => a.body.errCode)).toEqual(Array(12).fill(0));
    expect(answers.reduce((n, a) => n + a.body.data.accepted, 0)).toBe(12);
    // Sydney's local 10:00 and 10:50 bound the samples: five 1 kWh steps per device.
    const hours = await plantBuckets(Grain.hour);
    expect(wh(hours['2026-05-01 10']!.pvEnergy)).toBe(10_000);
  });
});

describe('raw retention', () => {
  it('drops whole raw months past retention and keeps their rollups', async () => {
    const { ingest } = await import('../../server/telemetry/ingest.ts');
    const { dropPartitionsBefore } = await import('../../server/telemetry/partitions.ts');
    const old = Date.parse('2025-01-15T02:00:00Z'); // 13:00 in Sydney
    const result = await ingest(t.database.db, [{ sn: SN, ts: old, pvEnergyTotal: 1 }, { sn: SN, ts: old + 3600_000, pvEnergyTotal: 2.5 }]);
    expect(result.accepted).toBe(2);
    expect(await dropPartitionsBefore(t.database.db, new Date('2025-02-10T00:00:00Z'))).toEqual(['2025-01']);
    const raw = await t.database.db.execute(sql`select count(*)::int as n from device_data where ts < '2025-02-01'`);
    expect((raw as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    const days = await plantBuckets(Grain.day);
    expect(wh(days['2025-01-15 00']!.pvEnergy)).toBe(1500);
    // Newer months are kept.
    expect(await dropPartitionsBefore(t.database.db, new Date('2025-02-10T00:00:00Z'))).toEqual([]);
  });
});

describe('getPlantSiteLayoutData', () => {
  type Layout = { plantUid: string; devices: { deviceSn: string; status: number; power: number | null; todayEnergy: number | null; batterySoc: number | null }[] };
  it('lists the plant\'s devices with their live values, and refuses another tree', async () => {
    const now = Date.now();
    expect((await send([{ sn: CHECK_SN, ts: now - 60_000, gridPower: -1200, gridImportTotal: 10 }, { sn: CHECK_SN, ts: now, gridPower: -900, gridImportTotal: 10.25 }])).body.data.accepted).toBe(2);
    const { token } = await t.api.login('owner');
    const { body } = await t.api.get<Layout>('/api/v1/monitor/device/getPlantSiteLayoutData', { token, query: { plantUid } });
    expect(body.errCode).toBe(0);
    const check = body.data.devices.find((d) => d.deviceSn === CHECK_SN)!;
    expect(check).toMatchObject({ status: 1, power: -900 });
    expect(check.todayEnergy).toBeCloseTo(0.25, 6);
    // SN last reported in 2026-06: offline, no live power.
    expect(body.data.devices.find((d) => d.deviceSn === SN)).toMatchObject({ status: 3, power: null });
    expect(body.data.devices.map((d) => d.deviceSn)).not.toContain(FREE_SN);
    const other = await t.api.login('owner2');
    expect((await t.api.get('/api/v1/monitor/device/getPlantSiteLayoutData', { token: other.token, query: { plantUid } })).body.errCode).toBe(10005);
  });
});
