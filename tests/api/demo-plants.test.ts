// The demo seed's plants and inventory (README "Demo plants and free serials"): every device type
// and child-module case, bound and free, plants of every type in both trees and hemispheres, the
// one share, seen through the API as the demo accounts see them; and seeding again changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client.ts';
import * as schema from '../../server/db/schema/index.ts';
import { devices, plantShares, plants } from '../../server/db/schema/index.ts';
import { demoAccounts } from '../../server/db/seed/demo.ts';
import { demoFreeDevices, demoPlants, seedDemoPlants } from '../../server/db/seed/demo-plants.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

/** The test database through a Drizzle instance of its own that reports every statement it runs. */
async function loggingDb(onQuery: (query: string) => void): Promise<Db> {
  const client = (t.database.db as unknown as { $client: never }).$client;
  const logger = { logQuery: onQuery };
  const instance = t.database.kind === 'pglite'
    ? (await import('drizzle-orm/pglite')).drizzle(client, { schema, logger })
    : (await import('drizzle-orm/node-postgres')).drizzle(client, { schema, logger });
  return instance as unknown as Db;
}
const demoDevices = async () => (await db().select().from(devices)).filter((d) => d.sn.startsWith('DEMO'));

describe('demo plants and inventory', () => {
  it('holds every device type, bound and free, with the child-module cases', async () => {
    const all = await demoDevices();
    for (const snType of [1, 2, 3, 4, 5, 6, 7]) {
      expect(all.some((d) => d.snType === snType && d.plantUid === null), `free type ${snType}`).toBe(true);
    }
    expect(new Set(all.filter((d) => d.plantUid).map((d) => d.snType))).toEqual(new Set([1, 2, 3, 4, 6, 7]));
    // A bound module sits under its plant's inverter.
    expect(all.find((d) => d.sn === 'DEMOMOD1301')).toMatchObject({ parentSn: 'DEMOINV1301', plantUid: 'demo-plant-13' });
    expect(all.filter((d) => d.parentSn === 'DEMOFREEINV03').map((d) => d.snType).sort()).toEqual([4, 5]);
    expect(all.some((d) => d.ifCmpDevice === 1 && !d.plantUid)).toBe(true);
    expect(all.some((d) => d.isEmsAddC6 === 1 && !d.plantUid)).toBe(true);
    expect(all.filter((d) => !d.plantUid)).toHaveLength(demoFreeDevices.length);
  });

  it('has a dozen plants of every type in every office with accounts, both hemispheres and several time zones', async () => {
    const rows = (await db().select().from(plants)).filter((p) => p.plantUid.startsWith('demo-plant-'));
    expect(rows).toHaveLength(demoPlants.length);
    expect(demoPlants.length).toBeGreaterThanOrEqual(12);
    expect(new Set(rows.map((p) => p.type))).toEqual(new Set([0, 1, 3]));
    expect(new Set(rows.map((p) => p.officeId))).toEqual(new Set(['11', '12', '21']));
    expect(rows.some((p) => p.latitude! > 0) && rows.some((p) => p.latitude! < 0)).toBe(true);
    expect(new Set(rows.map((p) => p.timeZone)).size).toBeGreaterThanOrEqual(8);
    const chargers = (await demoDevices()).filter((d) => d.snType === 6 && d.plantUid).map((d) => d.plantUid);
    expect(chargers.length).toBeGreaterThanOrEqual(1);
    for (const p of rows) {
      expect(p.latitude).toBeGreaterThanOrEqual(-90);
      expect(p.latitude).toBeLessThanOrEqual(90);
      expect(p.longitude).toBeGreaterThanOrEqual(-180);
      expect(p.longitude).toBeLessThanOrEqual(180);
      expect(p.installerUserId).not.toBeNull();
    }
  });

  it('the demo accounts see the demo plants\' modules and the shared plant through the API', async () => {
    const owner2 = (await t.api.login('owner2')).token;
    const { body } = await t.api.get<{ errorType: number; msg?: string; needUpgradeSn?: string[] }>('/api/v1/monitor/plant/checkAntiPlantUpgradeInfo', { token: owner2, query: { plantUid: 'demo-plant-08', auAreaCode: 'SAPN' } });
    expect(body.data).toMatchObject({ errorType: 2, msg: 'needUpgrade', needUpgradeSn: ['DEMOINV0801'] });
    const shared = await t.api.get<{ runningDays: number }>('/api/v1/monitor/plantAchievements/getPlantAchievements', { token: owner2, query: { plantUid: 'demo-plant-01' } });
    expect(shared.body.errCode).toBe(0);
    const installer2 = (await t.api.login('installer2')).token;
    expect((await t.api.get('/api/v1/monitor/plantAchievements/getPlantAchievements', { token: installer2, query: { plantUid: 'demo-plant-01' } })).body.errCode).toBe(10005);
  });

  it('every demo account opens onto plants, each answering within the contract in the lists and the detail', async () => {
    // Sunrise: offices 11 (seven plants) and 12 (two) under office 1; Blue Coast: five in office 21.
    const expected: Record<string, number> = {
      admin: 9, distributor: 9, visitor: 9, installer: 7, engineer: 7, support: 2, provider: 2, owner: 2, installer2: 5, owner2: 4,
    };
    expect(Object.keys(expected).sort()).toEqual([...demoAccounts.map((a) => a.loginName), 'visitor'].sort());
    for (const [login, total] of Object.entries(expected)) {
      const token = login === 'visitor' ? (await t.api.post<{ token: string }>('/api/v1/sys/visitorLogin')).body.data.token : (await t.api.login(login)).token;
      const { body } = await t.api.get<{ total: number; list: { plantUid: string }[] }>('/api/v1/monitor/plant/getPlantList', { token, query: { pageSize: 100 } });
      expect(body.errCode, login).toBe(0);
      const demo = body.data.list.filter((p) => p.plantUid.startsWith('demo-plant-'));
      expect(demo, login).toHaveLength(total);
      for (const { plantUid } of demo) {
        expect((await t.api.get('/api/v1/monitor/plant/getOnePlantInfo', { token, query: { plantUid } })).body.errCode, plantUid).toBe(0);
      }
    }
  });

  it('seeding again changes nothing, in a few statements rather than one per row', async () => {
    const snapshot = async () => ({
      plants: await db().select().from(plants).orderBy(plants.plantUid),
      devices: await db().select().from(devices).orderBy(devices.sn),
      shares: await db().select().from(plantShares).orderBy(plantShares.id),
    });
    const before = await snapshot();
    // What makes a repeated seed cheap is that it writes each table in one batch whatever the
    // number of demo rows, so count its statements rather than time it.
    const statements: string[] = [];
    await seedDemoPlants(await loggingDb((query) => statements.push(query)));
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.length).toBeLessThan(demoPlants.length);
    expect(await snapshot()).toEqual(before);
    expect(before.devices.filter((d) => d.plantUid === null).length).toBeGreaterThanOrEqual(demoFreeDevices.length);
  });
});
