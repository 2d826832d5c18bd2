// The plant rules at their edges through the API (001 sections 5 and 9 as issue 8 reads them):
// each limit once just inside (stored) and once just outside (10003 naming the field), on the
// site where it applies. plants-core.test.ts covers the rules themselves; this file the edges.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

type Fields = Record<string, string | number | undefined>;
type FieldErrors = { errors: { field: string; rule: string }[] } | null;

let t: TestApp;
let cn: TestApp;
beforeAll(async () => {
  [t, cn] = await Promise.all([createTestApp(), createTestApp({ config: { site: 'cn' } })]);
});
afterAll(async () => {
  await Promise.all([t.close(), cn.close()]);
});

const tokens = new Map<string, string>();
async function tokenOf(app: TestApp, login: string) {
  const key = `${app === t ? 'global' : 'cn'}:${login}`;
  if (!tokens.has(key)) tokens.set(key, (await app.api.login(login)).token);
  return tokens.get(key)!;
}

let counter = 0;
const serial = (prefix: string) => `${prefix}L${Date.now().toString(36).toUpperCase()}${(counter++).toString(36).toUpperCase()}`;

/** A free device written straight into the inventory (the import form sets no C6 or CMP flags). */
async function device(app: TestApp, snType: number, more: Partial<typeof devices.$inferInsert> = {}) {
  const sn = serial(`T${snType}`);
  await app.database.db.insert(devices).values({ sn, snType, officeId: '12', ...more });
  return sn;
}

const fieldsOf = (data: unknown) => (data as FieldErrors)?.errors.map(({ field, rule }) => ({ field, rule }));

// Plant names are unique within an organisation: each plant is named after its first serial.
const globalForm = (sn: string, extra: Fields = {}): Fields => ({
  plantName: `Limits plant ${sn}`, timeZone: 'Australia/Sydney', address: '1 Edge Street', countryCode: 'AU',
  latitude: -33.8688, longitude: 151.2093, systemPower: 5, gridPrice: 0.3, currencyName: 'AUD',
  deviceSnArr: sn, powerArr: '5', aliasesArr: '', snType: 1, ...extra,
});
const cnForm = (sn: string, extra: Fields = {}): Fields => globalForm(sn, {
  countryCode: 'CN', timeZone: 'Asia/Shanghai', currencyName: 'RMB', gridPrice: 0.5, latitude: 31.2, longitude: 121.5,
  provinceCode: '31', cityCode: '3101', countyCode: '310101', ...extra,
});

async function add(app: TestApp, fields: Fields) {
  const { body } = await app.api.post<FieldErrors & { plantUid: string }>('/api/v1/monitor/plant/addPlant', { token: await tokenOf(app, 'installer'), form: fields, signing: 'none' });
  return body;
}

/** Adds a plant of one new inverter with these form values; answers the refused field and rule, or undefined when stored. */
async function outcome(app: TestApp, form: (sn: string, extra: Fields) => Fields, extra: Fields) {
  const body = await add(app, form(await device(app, 1), extra));
  return body.errCode === 0 ? undefined : fieldsOf(body.data) ?? body.errCode;
}

describe('coordinates', () => {
  it('takes longitude -180 and 180, refuses one millionth of a degree beyond', async () => {
    expect(await outcome(t, globalForm, { longitude: 180 })).toBeUndefined();
    expect(await outcome(t, globalForm, { longitude: -180 })).toBeUndefined();
    expect(await outcome(t, globalForm, { longitude: 180.000001 })).toEqual([{ field: 'longitude', rule: 'maximum' }]);
    expect(await outcome(t, globalForm, { longitude: -180.000001 })).toEqual([{ field: 'longitude', rule: 'minimum' }]);
  });

  it('takes latitude -90 and 90 (southern hemisphere included), refuses beyond', async () => {
    expect(await outcome(t, globalForm, { latitude: 90 })).toBeUndefined();
    expect(await outcome(t, globalForm, { latitude: -90 })).toBeUndefined();
    expect(await outcome(t, globalForm, { latitude: 90.000001 })).toEqual([{ field: 'latitude', rule: 'maximum' }]);
    expect(await outcome(t, globalForm, { latitude: -90.000001 })).toEqual([{ field: 'latitude', rule: 'minimum' }]);
  });

  it('narrows latitude to 0..90 in the China site\'s domestic area', async () => {
    expect(await outcome(cn, cnForm, { latitude: 0 })).toBeUndefined();
    expect(await outcome(cn, cnForm, { latitude: 90 })).toBeUndefined();
    expect(await outcome(cn, cnForm, { latitude: -0.000001 })).toEqual([{ field: 'latitude', rule: 'minimum' }]);
  });
});

describe('system power', () => {
  it('is greater than 0 and at most 10000 kWp', async () => {
    expect(await outcome(t, globalForm, { systemPower: 0 })).toEqual([{ field: 'systemPower', rule: 'exclusiveMinimum' }]);
    expect(await outcome(t, globalForm, { systemPower: 0.001 })).toBeUndefined();
    expect(await outcome(t, globalForm, { systemPower: 10000 })).toBeUndefined();
    expect(await outcome(t, globalForm, { systemPower: 10000.01 })).toEqual([{ field: 'systemPower', rule: 'maximum' }]);
  });

  it('is at most 1000 on the China site, 10000 when the first device is a C6 energy manager', async () => {
    expect(await outcome(cn, cnForm, { systemPower: 1000 })).toBeUndefined();
    expect(await outcome(cn, cnForm, { systemPower: 1000.01 })).toEqual([{ field: 'systemPower', rule: 'maximum' }]);
    const c6 = (extra: Fields) => async () => {
      const sn = await device(cn, 3, { isEmsAddC6: 1 });
      const body = await add(cn, cnForm(sn, { snType: 3, isEmsAddC6: 1, ifInstallPv: 0, ...extra }));
      return body.errCode === 0 ? body.data.plantUid : fieldsOf(body.data);
    };
    expect(await c6({ systemPower: 10000 })()).toEqual(expect.any(String));
    expect(await c6({ systemPower: 10000.01 })()).toEqual([{ field: 'systemPower', rule: 'maximum' }]);
    // An energy manager outside the C6 family keeps the site's 1000.
    const plain = await device(cn, 3);
    expect(fieldsOf((await add(cn, cnForm(plain, { snType: 3, ifInstallPv: 0, systemPower: 1000.01 }))).data)).toEqual([{ field: 'systemPower', rule: 'maximum' }]);
  });

  it('keeps the C6 maximum when the plant is edited, and tells the wizard its first device', async () => {
    const sn = await device(cn, 3, { isEmsAddC6: 1 });
    const plantUid = (await add(cn, cnForm(sn, { snType: 3, isEmsAddC6: 1, ifInstallPv: 0, systemPower: 5000 }))).data.plantUid;
    const token = await tokenOf(cn, 'installer');
    const plant = (await cn.api.get<{ snType: number; isEmsAddC6: number }>('/api/v1/monitor/plant/getOnePlantInfo', { token, query: { plantUid } })).body.data;
    expect(plant).toMatchObject({ snType: 3, isEmsAddC6: 1 });
    const edit = (systemPower: number) => cn.api.post<FieldErrors>('/api/v1/monitor/plant/editPlant', {
      token, form: { plantUid, ...cnForm(sn, { ifInstallPv: 0, systemPower }), deviceSnArr: undefined, powerArr: undefined, aliasesArr: undefined, snType: undefined },
    });
    expect((await edit(10000)).body.errCode).toBe(0);
    expect(fieldsOf((await edit(10000.01)).body.data)).toEqual([{ field: 'systemPower', rule: 'maximum' }]);
  });
});

describe('China site domestic area', () => {
  it('requires province, city and county', async () => {
    for (const field of ['provinceCode', 'cityCode', 'countyCode']) {
      expect(await outcome(cn, cnForm, { [field]: undefined }), field).toEqual([{ field, rule: 'required' }]);
    }
    expect(await outcome(cn, cnForm, {})).toBeUndefined();
  });
});

describe('scanned devices', () => {
  it('takes a rated power up to 2500 kWp, up to 600 for a C6 energy manager', async () => {
    const power = async (snType: number, flags: Partial<typeof devices.$inferInsert>, powerArr: string) => {
      const sn = await device(t, snType, flags);
      const body = await add(t, globalForm(sn, { powerArr, snType, ...(snType === 3 ? { ifInstallPv: 0 } : {}) }));
      return body.errCode === 0 ? undefined : fieldsOf(body.data);
    };
    expect(await power(1, {}, '2500')).toBeUndefined();
    expect(await power(1, {}, '2500.01')).toEqual([{ field: 'deviceSnArr', rule: 'ratedPowerRange' }]);
    expect(await power(3, { isEmsAddC6: 1 }, '600')).toBeUndefined();
    expect(await power(3, { isEmsAddC6: 1 }, '600.01')).toEqual([{ field: 'deviceSnArr', rule: 'ratedPowerRange' }]);
    expect(await power(1, {}, '0')).toEqual([{ field: 'deviceSnArr', rule: 'ratedPowerRange' }]);
  });

  it('takes aliases of 2 and 30 characters, refuses 1 and 31', async () => {
    const alias = async (aliasesArr: string) => {
      const body = await add(t, globalForm(await device(t, 1), { aliasesArr }));
      return body.errCode === 0 ? undefined : fieldsOf(body.data);
    };
    expect(await alias('ab')).toBeUndefined();
    expect(await alias('a'.repeat(30))).toBeUndefined();
    expect(await alias('a')).toEqual([{ field: 'deviceSnArr', rule: 'aliasLength' }]);
    // 31 characters break the list's own pattern (each item at most 30) before the scan rules run.
    expect(await alias('a'.repeat(31))).toEqual([{ field: 'aliasesArr', rule: 'pattern' }]);
  });

  it('takes serials of 30 characters, refuses 31 at every door', async () => {
    const support = await tokenOf(t, 'support');
    const installer = await tokenOf(t, 'installer');
    const thirty = `EDGE${Date.now().toString(36).toUpperCase()}`.padEnd(30, '0');
    const long = `${thirty}1`;
    expect((await t.api.post('/api/v1/device/import/single', { token: support, form: { sn: thirty, snType: 1, ratedPower: 5 } })).body.errCode).toBe(0);
    expect(fieldsOf((await t.api.post('/api/v1/device/import/single', { token: support, form: { sn: long, snType: 1 } })).body.data)).toEqual([{ field: 'sn', rule: 'maxLength' }]);
    expect((await t.api.get<{ snExist: number }>('/api/v1/monitor/plant/checkFirstScanSnInfoV2', { token: installer, query: { sn: thirty } })).body.data.snExist).toBe(1);
    expect(fieldsOf((await t.api.get('/api/v1/monitor/plant/checkFirstScanSnInfoV2', { token: installer, query: { sn: long } })).body.data)).toEqual([{ field: 'sn', rule: 'maxLength' }]);
    expect((await t.api.post('/api/v1/monitor/plant/validateDeviceSnList', { token: installer, json: [{ deviceSn: thirty }] })).body.errCode).toBe(0);
    expect((await t.api.post('/api/v1/monitor/plant/validateDeviceSnList', { token: installer, json: [{ deviceSn: long }] })).body.errCode).toBe(10003);
    expect(fieldsOf((await add(t, globalForm(long))).data)).toEqual([{ field: 'deviceSnArr', rule: 'pattern' }]);
    expect((await add(t, globalForm(thirty))).errCode).toBe(0);
  });
});
