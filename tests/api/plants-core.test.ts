// The device inventory, the scan step and plants through the API: every rule just inside and just
// outside its limit, scoping across office trees, and the site-dependent rules on all three sites.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceBindings, devices } from '../../server/db/schema/index.ts';
import { signatureParams } from '../../src/lib/signing.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

type Fields = Record<string, string | number | undefined>;
type FieldErrors = { errors: { field: string; rule: string; message: string }[] } | null;
interface Page<T> { list: T[]; total: number }
interface Plant { plantUid: string; plantName: string; type: number; latitude?: number; systemPower: number; isFavorite: number; isTop: number; isInstallMeter: number; currencyName?: string; installerOfficeName?: string }

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'support', 'installer', 'installer2', 'owner', 'owner2']) tokens[who] = (await t.api.login(who)).token;
});
afterAll(() => t.close());

let counter = 0;
const serial = (prefix: string) => `${prefix}T${Date.now().toString(36).toUpperCase()}${(counter++).toString(36).toUpperCase()}`;
const importOne = (form: Fields, who = 'support') => t.api.post<FieldErrors & { sn: string }>('/api/v1/device/import/single', { token: tokens[who], form });
const scanOne = (sn: string, who = 'installer') => t.api.get<{ snExist: number; isBindPlant: number; snType: number; hasChild: number; childSnList: { sn: string }[]; isShowRatedPower: number; ratedPower?: number }>('/api/v1/monitor/plant/checkFirstScanSnInfoV2', { token: tokens[who], query: { sn } });
const validate = (sns: string[], who = 'installer') => t.api.post<FieldErrors & { plantType: number; isParallelShow: number }>('/api/v1/monitor/plant/validateDeviceSnList', { token: tokens[who], json: sns.map((deviceSn) => ({ deviceSn })) });
const fieldsOf = (data: unknown) => (data as FieldErrors)?.errors.map(({ field, rule }) => ({ field, rule }));

// Plant names are unique within an organisation: each plant is named after its first serial.
const form = (sn: string, extra: Fields = {}): Fields => ({
  plantName: `Test plant ${sn}`, timeZone: 'Australia/Sydney', address: '1 Solar Street', countryCode: 'AU',
  latitude: -33.8688, longitude: 151.2093, systemPower: 5, gridPrice: 0.3, currencyName: 'AUD',
  deviceSnArr: sn, powerArr: '5', aliasesArr: '', snType: 1, ...extra,
});
const add = (fields: Fields, who = 'installer', app = t) => app.api.post<FieldErrors & { plantUid: string }>('/api/v1/monitor/plant/addPlant', { token: who in tokens ? tokens[who] : who, form: fields, signing: 'none' });

async function freeInverter(power?: number) {
  const sn = serial('INV');
  expect((await importOne({ sn, snType: 1, ...(power ? { ratedPower: power } : {}) })).body.errCode).toBe(0);
  return sn;
}

describe('device inventory', () => {
  it('imports one serial, refuses it twice, checks the parent', async () => {
    const sn = serial('INV');
    const { body } = await importOne({ sn, snType: 1, ratedPower: 5 });
    expect(body.errCode).toBe(0);
    expect(body.data).toMatchObject({ sn, snType: 1, ratedPower: 5 });
    expect(fieldsOf((await importOne({ sn: sn.toLowerCase(), snType: 1 })).body.data)).toEqual([{ field: 'sn', rule: 'unique' }]);
    // An unknown parent answers like one outside the caller's inventory (device-import-scope.test.ts).
    expect((await importOne({ sn: serial('MOD'), snType: 4, parentSn: 'NOSUCHPARENT' })).body).toMatchObject({ errCode: 10005, errMsg: 'parentSn: no such record' });
    const child = serial('MOD');
    expect((await importOne({ sn: child, snType: 4, parentSn: sn })).body.errCode).toBe(0);
    const scanned = (await scanOne(sn)).body.data;
    expect(scanned).toMatchObject({ snExist: 1, isBindPlant: 0, hasChild: 1, childSnList: [{ sn: child }], isShowRatedPower: 1, ratedPower: 5 });
  });

  it('is closed to accounts without the import permissions', async () => {
    expect((await importOne({ sn: serial('INV'), snType: 1 }, 'owner')).body.errCode).toBe(10005);
    expect((await t.api.get('/api/v1/device/inventory/page', { token: tokens.owner })).body.errCode).toBe(10005);
  });

  it('imports a CSV file row by row, naming each rejected row', async () => {
    const good = serial('CSV');
    const child = serial('CSVM');
    const dup = serial('CSVD');
    await importOne({ sn: dup, snType: 1 });
    const csv = ['sn,snType,ratedPower,parentSn', `${good},1,5,`, `${child},4,,${good}`, `${dup},1,5,`, `${serial('BAD')},9,,`, `${serial('BAD')},1,2500.5,`].join('\n');
    const response = await upload(csv);
    const body = response.json() as { errCode: number; data: { added: number; rejected: { line: number; sn?: string; reason: string }[] } };
    expect(body.errCode).toBe(0);
    expect(body.data.added).toBe(2);
    expect(body.data.rejected.map((r) => r.line)).toEqual([4, 5, 6]);
    expect(body.data.rejected[0]!.sn).toBe(dup);
    expect(body.data.rejected[1]!.reason).toContain('snType');
    const file = (await upload('serial,type\nA,1')).json() as { errCode: number };
    expect(file.errCode).toBe(10003);
  });

  it('pages the inventory with filters', async () => {
    const sn = await freeInverter(3);
    const { body } = await t.api.get<Page<{ sn: string; plantUid?: string }>>('/api/v1/device/inventory/page', { token: tokens.support, query: { sn: sn.slice(0, -1), snType: 1, bound: 0 } });
    expect(body.errCode).toBe(0);
    expect(body.data.list.map((d) => d.sn)).toContain(sn);
  });
});

const BOUNDARY = '----plants-boundary';
function upload(csv: string) {
  const payload = Buffer.concat([Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="d.csv"\r\nContent-Type: text/csv\r\n\r\n`), Buffer.from(csv), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
  const query = signatureParams('portal-web-public', { clientId: 'web', appProjectName: 'portal', lang: 'en' }, {});
  return t.app.inject({ method: 'POST', url: '/dev-api/api/v1/device/import/batch', query: { ...query }, headers: { authorization: `Bearer ${tokens.support}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, payload });
}

describe('scan step', () => {
  it('answers snExist 0 for an unknown serial', async () => {
    expect((await scanOne('NOSUCHSERIAL1')).body.data).toMatchObject({ snExist: 0, isBindPlant: 0 });
  });

  it('applies the first type, duplicates, existence', async () => {
    const [a, b] = [await freeInverter(), await freeInverter()];
    const meter = serial('MTR');
    const charger = serial('CHG');
    const ems = serial('EMS');
    await importOne({ sn: meter, snType: 2 });
    await importOne({ sn: charger, snType: 6 });
    await importOne({ sn: ems, snType: 3 });
    expect((await validate([a, b, charger])).body.data).toMatchObject({ plantType: 0, isParallelShow: 1 });
    expect(fieldsOf((await validate([a, a.toLowerCase()])).body.data)).toEqual([{ field: 'deviceSn', rule: 'snDuplicate' }]);
    expect(fieldsOf((await validate([a, meter])).body.data)).toEqual([{ field: 'deviceSn', rule: 'snCombination' }]);
    expect(fieldsOf((await validate([meter, a])).body.data)).toEqual([{ field: 'deviceSn', rule: 'snCombination' }]);
    expect(fieldsOf((await validate([ems, meter])).body.data)).toEqual([{ field: 'deviceSn', rule: 'snCombination' }]);
    expect((await validate([ems, a])).body.errCode).toBe(0);
    expect(fieldsOf((await validate(['NOSUCHSERIAL2'])).body.data)).toEqual([{ field: 'deviceSn', rule: 'snNotExist' }]);
    expect((await validate([])).body.errCode).toBe(10003);
  });
});

describe('plants', () => {
  let plantUid: string;
  let sn: string;

  it('adds a southern-hemisphere plant and binds its devices', async () => {
    sn = await freeInverter();
    const { body } = await add(form(sn, { type: 2, ifInstallPv: 1, isInstallMeter: 1, meterId: 'M-1' }));
    expect(body.errCode).toBe(0);
    plantUid = body.data.plantUid;
    const plant = (await t.api.get<Plant>('/api/v1/monitor/plant/getOnePlantInfo', { token: tokens.installer, query: { plantUid } })).body.data;
    expect(plant).toMatchObject({ plantName: `Test plant ${sn}`, type: 3, latitude: -33.8688, isInstallMeter: 1, currencyName: 'AUD' });
    expect((await scanOne(sn)).body.data.isBindPlant).toBe(1);
    expect(fieldsOf((await add(form(sn))).body.data)).toEqual([{ field: 'deviceSnArr', rule: 'snBound' }]);
  });

  it('tells a scan of a bound device that it is bound, and nothing of the device, in its own tree; to another tree it does not exist', async () => {
    const parent = serial('INV');
    expect((await importOne({ sn: parent, snType: 1, ratedPower: 7 })).body.errCode).toBe(0);
    expect((await importOne({ sn: serial('MOD'), snType: 4, parentSn: parent })).body.errCode).toBe(0);
    const free = (await scanOne(parent)).body.data;
    expect(free).toMatchObject({ snExist: 1, isBindPlant: 0, hasChild: 1, ratedPower: 7 });
    expect((await add(form(parent, { plantName: 'Bound scan plant' }))).body.errCode).toBe(0);
    for (const who of ['installer', 'admin']) {
      expect((await scanOne(parent, who)).body.data, who).toEqual({
        sn: parent, snType: 1, snExist: 1, isBindPlant: 1, hasChild: 0, childSnList: [], isShowRatedPower: 0, isShowAliases: 0,
      });
    }
    // Delivered to the Sunrise tree: to Blue Coast's installer it is a serial nobody has.
    expect((await scanOne(parent, 'installer2')).body.data).toEqual({
      sn: parent, snType: 1, snExist: 0, isBindPlant: 0, hasChild: 0, childSnList: [], isShowRatedPower: 0, isShowAliases: 0,
    });
  });

  it('repeats the rated-power and alias rules', async () => {
    const a = await freeInverter();
    expect(fieldsOf((await add(form(a, { powerArr: '' }))).body.data)).toEqual([{ field: 'deviceSnArr', rule: 'ratedPowerMissing' }]);
    expect(fieldsOf((await add(form(a, { powerArr: '2500.1' }))).body.data)).toEqual([{ field: 'deviceSnArr', rule: 'ratedPowerRange' }]);
    expect(fieldsOf((await add(form(a, { aliasesArr: 'x' }))).body.data)).toEqual([{ field: 'deviceSnArr', rule: 'aliasLength' }]);
    expect((await add(form(a, { powerArr: '2500', aliasesArr: 'ab' }))).body.errCode).toBe(0);
  });

  it('checks the form limits just inside and outside', async () => {
    const cases: [Fields, string | undefined, string | undefined][] = [
      [{ systemPower: 10000 }, undefined, undefined],
      [{ systemPower: 10000.01 }, 'systemPower', 'maximum'],
      [{ gridPrice: 2, currencyName: 'RMB' }, undefined, undefined],
      [{ gridPrice: 2.01, currencyName: 'RMB' }, 'gridPrice', 'maximum'],
      [{ latitude: -90 }, undefined, undefined],
      [{ latitude: -90.01 }, 'latitude', 'minimum'],
      [{ isInstallMeter: 1 }, 'meterId', 'required'],
      [{ type: 1 }, 'ifInstallPv', 'required'],
    ];
    for (const [extra, field, rule] of cases) {
      const { body } = await add(form(await freeInverter(), extra));
      if (field) expect(fieldsOf(body.data), JSON.stringify(extra)).toEqual([{ field, rule }]);
      else expect(body.errCode, JSON.stringify(extra)).toBe(0);
    }
  });

  it('needs an invite code from an end user of the public office, never from others', async () => {
    const a = await freeInverter();
    // owner belongs to office 11: no code needed, and the plant is theirs.
    const { body } = await add(form(a), 'owner');
    expect(body.errCode).toBe(0);
    const mine = (await t.api.get<Page<Plant>>('/api/v1/monitor/plant/getPlantList', { token: tokens.owner })).body.data;
    expect(mine.list.map((p) => p.plantUid)).toContain(body.data.plantUid);
    expect(fieldsOf((await add(form(await freeInverter(), { pointInviteCode: 'NOSUCH99' }))).body.data)).toEqual([{ field: 'pointInviteCode', rule: 'exists' }]);
  });

  it('keeps plants of another office tree out of reach (10005) and out of lists', async () => {
    for (const [path, method] of [['getOnePlantInfo', 'get'], ['getPlantAchievements', 'get']] as const) {
      const url = path === 'getPlantAchievements' ? '/api/v1/monitor/plantAchievements/getPlantAchievements' : `/api/v1/monitor/plant/${path}`;
      expect((await t.api[method](url, { token: tokens.installer2, query: { plantUid } })).body.errCode).toBe(10005);
    }
    expect((await t.api.post('/api/v1/monitor/plant/deletePlant', { token: tokens.installer2, form: { plantUid } })).body.errCode).toBe(10005);
    expect((await t.api.post('/api/v1/monitor/plantFavorite/addFavoritePlant', { token: tokens.installer2, form: { plantUid } })).body.errCode).toBe(10005);
    const list = (await t.api.get<Page<Plant>>('/api/v1/monitor/plant/getPlantList', { token: tokens.installer2, query: { pageSize: 1000 } })).body.data;
    expect(list.list.map((p) => p.plantUid)).not.toContain(plantUid);
  });

  it('lists favourites and pinned plants first', async () => {
    const fav = await t.api.post('/api/v1/monitor/plantFavorite/addFavoritePlant', { token: tokens.installer, form: { plantUid } });
    expect(fav.body.errCode).toBe(0);
    await t.api.post('/api/v1/monitor/plantTopRecord/addPlantTopRecord', { token: tokens.installer, form: { plantUid } });
    const list = (await t.api.get<Page<Plant>>('/api/v1/monitor/plant/getPlantList', { token: tokens.installer, query: { sortField: 'plantName', sortOrder: 'asc' } })).body.data;
    expect(list.list[0]).toMatchObject({ plantUid, isTop: 1, isFavorite: 1 });
    const favourites = (await t.api.get<Page<Plant>>('/api/v1/monitor/plant/getPlantList', { token: tokens.installer, query: { isFavorite: 1 } })).body.data;
    expect(favourites.list.map((p) => p.plantUid)).toEqual([plantUid]);
  });

  it('edits a plant with the same checks', async () => {
    const edit = (extra: Fields) => t.api.post<Plant & FieldErrors>('/api/v1/monitor/plant/editPlant', { token: tokens.installer, form: { plantUid, ...form(sn), ...extra, deviceSnArr: undefined, powerArr: undefined, aliasesArr: undefined, snType: undefined } });
    // The plant is of type 3: ifInstallPv is required, as on adding.
    expect(fieldsOf((await edit({ plantName: 'Renamed' })).body.data)).toEqual([{ field: 'ifInstallPv', rule: 'required' }]);
    const renamed = (await edit({ plantName: 'Renamed', ifInstallPv: 0, isInstallMeter: 1, meterId: 'M-2' })).body;
    expect(renamed, JSON.stringify(renamed)).toMatchObject({ errCode: 0, data: { plantName: 'Renamed' } });
    expect(fieldsOf((await edit({ ifInstallPv: 0, gridPrice: 10000.5 })).body.data)?.[0]?.field).toBe('gridPrice');
  });

  it('deletes a plant: devices back in the inventory, history kept', async () => {
    expect((await t.api.post('/api/v1/monitor/plant/deletePlant', { token: tokens.installer, form: { plantUid } })).body.errCode).toBe(0);
    expect((await scanOne(sn)).body.data.isBindPlant).toBe(0);
    const history = await t.database.db.select().from(deviceBindings).where(eq(deviceBindings.deviceSn, sn));
    expect(history).toHaveLength(1);
    expect(history[0]!.unboundAt).not.toBeNull();
    const [device] = await t.database.db.select().from(devices).where(eq(devices.sn, sn));
    expect(device!.plantUid).toBeNull();
  });
});

describe('sites', () => {
  it('applies the China site rules', async () => {
    const cn = await createTestApp({ config: { site: 'cn' } });
    try {
      const token = (await cn.api.login('installer')).token;
      const param = (await cn.api.get<{ region: string; maxSystemPower: number; defaultCurrencyName: string }>('/api/v1/monitor/plant/getSysParam', { token })).body.data;
      expect(param).toMatchObject({ region: 'cn', maxSystemPower: 1000, defaultCurrencyName: 'RMB' });
      const cnForm = (sn: string, extra: Fields) => form(sn, { currencyName: 'RMB', latitude: 31.2, longitude: 121.5, provinceCode: '31', cityCode: '3101', countyCode: '310101', gridPrice: 0.5, ...extra });
      const inv = async () => { const sn = serial('CNI'); await cn.api.post('/api/v1/device/import/single', { token: (await cn.api.login('support')).token, form: { sn, snType: 1 } }); return sn; };
      expect((await add(cnForm(await inv(), { systemPower: 1000 }), token, cn)).body.errCode).toBe(0);
      expect(fieldsOf((await add(cnForm(await inv(), { systemPower: 1000.5 }), token, cn)).body.data)).toEqual([{ field: 'systemPower', rule: 'maximum' }]);
      expect(fieldsOf((await add(cnForm(await inv(), { latitude: -1 }), token, cn)).body.data)).toEqual([{ field: 'latitude', rule: 'minimum' }]);
      expect(fieldsOf((await add(cnForm(await inv(), { latitude: undefined }), token, cn)).body.data)).toEqual([{ field: 'latitude', rule: 'required' }]);
    } finally {
      await cn.close();
    }
  });

  it('applies the AU site rules', async () => {
    const au = await createTestApp({ config: { site: 'au' } });
    try {
      const token = (await au.api.login('installer')).token;
      expect((await au.api.get<{ region: string }>('/api/v1/monitor/plant/getSysParam', { token })).body.data.region).toBe('au');
      const sn = serial('AUI');
      await au.api.post('/api/v1/device/import/single', { token: (await au.api.login('support')).token, form: { sn, snType: 1 } });
      expect(fieldsOf((await add(form(sn), token, au)).body.data)).toEqual([{ field: 'zipCode', rule: 'required' }]);
      expect((await add(form(sn, { zipCode: '2000', streetType: 'St', street: 'George', meterId: 'NMI1' }), token, au)).body.errCode).toBe(0);
    } finally {
      await au.close();
    }
  });

  it('answers the global site parameters', async () => {
    expect((await t.api.get('/api/v1/monitor/plant/getSysParam', { token: tokens.installer })).body.data).toEqual({ region: 'global', defaultCurrencyName: 'AUD', maxSystemPower: 10000, maxSystemPowerEmsC6: 10000 });
  });
});

describe('owners, installers, shares and the other plant reads', () => {
  it('lists the plants shared with the caller, and lets the visitor see but not manage them', async () => {
    const shared = (await t.api.get<Page<Plant & { shareId: number; permissions: string }>>('/api/v1/monitor/plant/getUserSharePlantList', { token: tokens.owner2 })).body.data;
    expect(shared.list).toEqual([expect.objectContaining({ plantUid: 'demo-plant-01', permissions: 'viewPlant,viewReports,viewAlarms' })]);
    expect((await t.api.get('/api/v1/monitor/plant/getOnePlantInfo', { token: tokens.owner2, query: { plantUid: 'demo-plant-01' } })).body.errCode).toBe(0);
    expect((await t.api.post('/api/v1/monitor/plant/deletePlant', { token: tokens.owner2, form: { plantUid: 'demo-plant-01' } })).body.errCode).toBe(10005);
  });

  it('hands a plant to another end user and another installer', async () => {
    const plantUid = 'demo-plant-07';
    const found = await t.api.post<FieldErrors & { userId: string; account: string }>('/api/v1/monitor/plant/checkChangePlantOwner', { token: tokens.installer, form: { plantUid, account: 'owner' } });
    expect(found.body.errCode).toBe(0);
    expect(fieldsOf((await t.api.post('/api/v1/monitor/plant/checkChangePlantOwner', { token: tokens.installer, form: { plantUid, account: 'installer' } })).body.data)).toEqual([{ field: 'account', rule: 'notEndUser' }]);
    expect((await t.api.post('/api/v1/monitor/plant/changePlantOwner', { token: tokens.installer, form: { plantUid, userId: found.body.data.userId } })).body.errCode).toBe(0);
    expect(fieldsOf((await t.api.post('/api/v1/monitor/plant/checkChangePlantOwner', { token: tokens.installer, form: { plantUid, account: 'owner' } })).body.data)).toEqual([{ field: 'account', rule: 'plantHasOwner' }]);
    const edit = await t.api.post('/api/v1/monitor/plant/editOwnerInformation', { token: tokens.installer, form: { plantUid, ownerPhone: '13800000001' } });
    expect(fieldsOf(edit.body.data)).toEqual([{ field: 'ownerPhone', rule: 'unique' }]);
    expect(fieldsOf((await t.api.post('/api/v1/monitor/plant/editOwnerInformation', { token: tokens.installer, form: { plantUid } })).body.data)).toEqual([{ field: 'ownerName', rule: 'required' }]);
    expect((await t.api.post('/api/v1/monitor/plant/checkChangePlantInstaller', { token: tokens.installer, form: { plantUid, inviteCode: 'BLUECST2' } })).body.data).toMatchObject({ email: 'installer2@demo.solar-portal.dev' });
    expect((await t.api.post('/api/v1/monitor/plant/changePlantInstaller', { token: tokens.installer, form: { plantUid, inviteCode: 'BLUECST2' } })).body.errCode).toBe(0);
    // The plant moved to Blue Coast: its installer sees it, Sunrise's installer no longer does.
    expect((await t.api.get('/api/v1/monitor/plant/getOnePlantInfo', { token: tokens.installer2, query: { plantUid } })).body.errCode).toBe(0);
    expect((await t.api.get('/api/v1/monitor/plant/getOnePlantInfo', { token: tokens.installer, query: { plantUid } })).body.errCode).toBe(10005);
  });

  it('lists end users plants and checks agent mode', async () => {
    const ownerId = (await t.api.post<{ userId: string }>('/api/v1/monitor/plant/checkChangePlantOwner', { token: tokens.installer, form: { plantUid: 'demo-plant-05', account: 'owner' } })).body.data.userId;
    const list = (await t.api.get<Page<Plant>>('/api/v1/monitor/plant/getEndUserPlantList', { token: tokens.installer, query: { endUserId: ownerId } })).body.data;
    expect(list.list.map((p) => p.plantUid)).toEqual(expect.arrayContaining(['demo-plant-01', 'demo-plant-02']));
    expect((await t.api.get('/api/v1/monitor/device/checkAgentUserIfAddCheck', { token: tokens.installer, query: { endUserId: ownerId } })).body.data).toMatchObject({ canAdd: 1, needInstallerStep: 0 });
    expect((await t.api.get('/api/v1/monitor/device/checkAgentUserIfAddCheck', { token: tokens.installer2, query: { endUserId: ownerId } })).body.errCode).toBe(10005);
    const sn = await freeInverter();
    const agent = await add(form(sn, { ifAgent: 1, endUserId: ownerId }));
    expect(agent.body.errCode).toBe(0);
    const plant = (await t.api.get<{ endUserId: string }>('/api/v1/monitor/plant/getOnePlantInfo', { token: tokens.owner, query: { plantUid: agent.body.data.plantUid } })).body.data;
    expect(plant.endUserId).toBe(ownerId);
  });

  it('answers achievements with the documented factors', async () => {
    const { body } = await t.api.get<{ totalEnergy: number; co2Reduction: number; treeEquivalent: number }>('/api/v1/monitor/plantAchievements/getPlantAchievements', { token: tokens.owner, query: { plantUid: 'demo-plant-01' } });
    expect(body.data).toMatchObject({ totalEnergy: 0, co2Reduction: 0, treeEquivalent: 0 });
  });

  it('pre-fills the grid price by country: its plant configuration, else the built-in tariffs', async () => {
    expect((await t.api.get('/api/v1/monitor/plant/getDefaultGridPrice', { token: tokens.owner, query: { countryCode: 'CN' } })).body.data)
      .toEqual({ defaultGridPrice: 0.5, currencyName: 'RMB', maxSystemPower: 10000, timeZone: 'Asia/Shanghai' });
    expect((await t.api.get('/api/v1/monitor/plant/getDefaultGridPrice', { token: tokens.owner, query: { countryCode: 'JP' } })).body.data).toEqual({ defaultGridPrice: 30, currencyName: 'JPY' });
  });
});
