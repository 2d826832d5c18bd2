// Point rules at the events where they happen: a plant added by an installer earns the demo's
// rules for a new plant, its whole kWp and each device bound, once; the records name the device
// and the plant, and the device-award list shows them to the installer's organisation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { devices } from '../../server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { brokenBalances, makeUser, rowsOf } from '../fixtures/points.ts';
import { pointBalance } from '../../server/services/points-ledger.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('points for a new plant', () => {
  it('credits the installer for the plant, its capacity and its device, in the plant\'s transaction', async () => {
    const installer = await makeUser(t, { roleKey: 'Installer', officeId: '11' });
    const token = (await t.api.login(installer.loginName)).token;
    const signIn = await pointBalance(t.database.db, installer.id);
    const sn = `PTS${Date.now().toString(36).toUpperCase()}`;
    await t.database.db.insert(devices).values({ sn, snType: 1, officeId: '11' });
    const { body } = await t.api.post<{ plantUid?: string }>('/api/v1/monitor/plant/addPlant', {
      token, signing: 'none', form: {
        plantName: `Points plant ${sn}`, timeZone: 'Asia/Shanghai', address: '1 Solar Street', countryCode: 'CN', systemPower: 5.6, gridPrice: 0.3,
        currencyName: 'CNY', deviceSnArr: sn, powerArr: '5.6', snType: 1,
      },
    });
    expect(body.errCode, body.errMsg).toBe(0);
    // New plant 200, installed capacity 10 a whole kWp (5), device installed 50.
    expect(await pointBalance(t.database.db, installer.id) - signIn).toBe(200 + 50 + 50);
    const awards = await rowsOf<{ event_type: number; device_sn: string | null; points: number }>(t, sql`select event_type, device_sn, points
      from point_awards where user_id = ${installer.id} and event_type <> 5 order by event_type`);
    expect(awards).toEqual([{ event_type: 1, device_sn: null, points: 200 }, { event_type: 2, device_sn: sn, points: 50 }, { event_type: 3, device_sn: null, points: 50 }]);

    const admin = (await t.api.login('admin')).token;
    const listed = await t.api.post<{ list: { deviceSn: string; plantName: string; loginName: string; ratedPower: number }[] }>(
      '/api/v1/point/webDeviceManagerRecordList', { token: admin, form: { deviceSn: sn } });
    expect(listed.body.data.list).toMatchObject([{ deviceSn: sn, plantName: `Points plant ${sn}`, loginName: installer.loginName, ratedPower: 5.6 }]);
    expect(await brokenBalances(t)).toEqual([]);
  });
});
