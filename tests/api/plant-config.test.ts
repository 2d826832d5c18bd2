// Plant configuration and the AU anti-firmware version control (issue 20 item 2), and the plant
// rules the wizard met as a new installer: the country's configuration gives the currency, default
// price and maximum system power; the control's stored versions drive the AU upgrade checks; rated
// powers are checked again on the server; plant names are unique within an organisation.
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, modelCodes, plantUpgradeTasks, plants } from '../../server/db/schema/index.ts';
import { advanceUpgrades } from '../../server/repositories/au-upgrade.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

type Fields = Record<string, string | number | undefined>;
type FieldErrors = { errors: { field: string; rule: string }[] } | null;
interface Config { id: number; countryCode: string; currencyName: string; defaultGridPrice: number; maxSystemPower: number; timeZone?: string | null; updateBy?: string | null }

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'installer', 'installer2', 'support']) tokens[who] = (await t.api.login(who)).token;
  await t.database.db.insert(modelCodes).values({ modelCode: 'CTRL-5K', modelName: 'Controlled 5 kW inverter', deviceType: 1, ratedPower: 5 });
});
afterAll(() => t.close());

let n = 0;
const serial = (prefix: string) => `${prefix}C${Date.now().toString(36).toUpperCase()}${(n++).toString(36).toUpperCase()}`;
const fieldsOf = (data: unknown) => (data as FieldErrors)?.errors.map(({ field, rule }) => ({ field, rule }));
async function freeDevice(snType = 1, officeId = '12', extra: Partial<typeof devices.$inferInsert> = {}) {
  const sn = serial('CFG');
  await t.database.db.insert(devices).values({ sn, snType, officeId, ...extra });
  return sn;
}
const list = (query: Fields = {}, who = 'admin') => t.api.get<{ list: Config[]; total: number }>('/api/v1/plantConfig/getPlantConfigList', { token: tokens[who], query });
const edit = (form: Fields, who = 'admin') => t.api.post<Config & FieldErrors>('/api/v1/plantConfig/editPlantConfig', { token: tokens[who], form });
const defaults = (countryCode: string) => t.api.get<{ defaultGridPrice: number; currencyName: string; maxSystemPower?: number; timeZone?: string }>(
  '/api/v1/monitor/plant/getDefaultGridPrice', { token: tokens.installer, query: { countryCode } });
const add = (fields: Fields, who = 'installer') => t.api.post<FieldErrors & { plantUid: string }>('/api/v1/monitor/plant/addPlant', { token: tokens[who], form: fields, signing: 'none' });
const plantForm = (sn: string, extra: Fields = {}): Fields => ({
  plantName: `Config plant ${sn}`, timeZone: 'Africa/Johannesburg', address: '1 Long Street, Cape Town', countryCode: 'ZA',
  systemPower: 5, gridPrice: 3, currencyName: 'ZAR', deviceSnArr: sn, powerArr: '5', snType: 1, ...extra,
});

describe('plant configuration', () => {
  it('holds the demo countries and pages them in country order', async () => {
    const { body } = await list({ pageSize: 100 });
    expect(body.errCode).toBe(0);
    const codes = body.data.list.map((c) => c.countryCode);
    for (const code of ['AU', 'BR', 'CN', 'DE', 'NL', 'NZ', 'US', 'ZA']) expect(codes).toContain(code);
    expect(codes).toEqual([...codes].sort());
    expect(body.data.list.find((c) => c.countryCode === 'ZA')).toMatchObject({ currencyName: 'ZAR', defaultGridPrice: 3, maxSystemPower: 10000 });
    const one = body.data.list.find((c) => c.countryCode === 'NL')!;
    expect((await list({ id: one.id })).body.data.list).toEqual([one]);
    expect((await list({}, 'installer')).body.errCode).toBe(10005);
  });

  it('gives the wizard the country\'s currency, price, limit and zone, and falls back to the built-in table', async () => {
    expect((await defaults('ZA')).body.data).toEqual({ defaultGridPrice: 3, currencyName: 'ZAR', maxSystemPower: 10000, timeZone: 'Africa/Johannesburg' });
    const za = (await list({ countryCode: 'za' })).body.data.list[0]!;
    const changed = await edit({ id: za.id, countryCode: 'za', currencyName: 'ZAR', defaultGridPrice: 2.75, maxSystemPower: 50, timeZone: 'Africa/Johannesburg', remark: 'Tariff 2026' });
    expect(changed.body).toMatchObject({ errCode: 0, data: { id: za.id, countryCode: 'ZA', defaultGridPrice: 2.75, maxSystemPower: 50, updateBy: 'admin' } });
    expect((await defaults('ZA')).body.data).toEqual({ defaultGridPrice: 2.75, currencyName: 'ZAR', maxSystemPower: 50, timeZone: 'Africa/Johannesburg' });
    // A country without a configuration keeps the built-in tariff.
    expect((await defaults('JP')).body.data).toEqual({ defaultGridPrice: 30, currencyName: 'JPY' });
  });

  it('refuses a plant beyond its country\'s maximum (10003 naming systemPower), on adding and editing', async () => {
    // ZA's maximum is 50 kWp since the test above.
    const sn = await freeDevice();
    expect(fieldsOf((await add(plantForm(sn, { systemPower: 50.5 }))).body.data)).toEqual([{ field: 'systemPower', rule: 'maximum' }]);
    const added = await add(plantForm(sn, { systemPower: 50 }));
    expect(added.body.errCode).toBe(0);
    const plantUid = added.body.data.plantUid;
    const editPlant = (extra: Fields) => t.api.post<FieldErrors>('/api/v1/monitor/plant/editPlant', {
      token: tokens.installer, form: { ...plantForm(sn), plantUid, ...extra, deviceSnArr: undefined, powerArr: undefined, snType: undefined },
    });
    expect(fieldsOf((await editPlant({ systemPower: 51 })).body.data)).toEqual([{ field: 'systemPower', rule: 'maximum' }]);
    expect((await editPlant({ systemPower: 49 })).body.errCode).toBe(0);
    // Another country is not held to it.
    const other = await freeDevice();
    expect((await add(plantForm(other, { countryCode: 'DE', timeZone: 'Europe/Berlin', currencyName: 'EUR', gridPrice: 0.35, systemPower: 500 }))).body.errCode).toBe(0);
  });

  it('keeps one configuration per country and RMB prices at most 2', async () => {
    const clash = await edit({ countryCode: 'de', currencyName: 'EUR', defaultGridPrice: 0.3, maxSystemPower: 100 });
    expect(fieldsOf(clash.body.data)).toEqual([{ field: 'countryCode', rule: 'unique' }]);
    const rmb = await edit({ countryCode: 'MO', currencyName: 'RMB', defaultGridPrice: 2.01, maxSystemPower: 100 });
    expect(fieldsOf(rmb.body.data)).toEqual([{ field: 'defaultGridPrice', rule: 'maximum' }]);
    const added = await edit({ countryCode: 'MO', currencyName: 'RMB', defaultGridPrice: 2, maxSystemPower: 100 });
    expect(added.body).toMatchObject({ errCode: 0, data: { countryCode: 'MO', currencyName: 'RMB', defaultGridPrice: 2 } });
    expect((await edit({ countryCode: 'MO', currencyName: 'RMB', defaultGridPrice: 1, maxSystemPower: 100 }, 'support')).body.errCode).toBe(10005);
  });
});

describe('AU anti-firmware version control', () => {
  const rules = (query: Fields = {}) => t.api.get<{ list: { id: number; auAreaCode: string; modelCode: string; minFirmwareVersion: string; targetFirmwareVersion: string; enable: number }[] }>(
    '/api/v1/monitor/auAntiFwVersionControl/getAuAntiFwVersionControl', { token: tokens.admin, query });
  const editRule = (form: Fields) => t.api.post<{ id: number } & FieldErrors>('/api/v1/monitor/auAntiFwVersionControl/editAuAntiFwVersionControl', { token: tokens.admin, form });
  const check = (plantUid: string) => t.api.get<{ errorType: number; msg?: string; needUpgradeSn?: string[] }>(
    '/api/v1/monitor/plant/checkAntiPlantUpgradeInfo', { token: tokens.installer2, query: { plantUid, auAreaCode: 'SAPN' } });

  it('checks its rules: a known server and model, one rule per pair, the target not below the minimum', async () => {
    const base = { auAreaCode: 'SAPN', modelCode: 'CTRL-5K', minFirmwareVersion: '3.4.0', targetFirmwareVersion: '3.5.1' };
    expect(fieldsOf((await editRule({ ...base, auAreaCode: 'NOWHERE' })).body.data)).toEqual([{ field: 'auAreaCode', rule: 'exists' }]);
    expect(fieldsOf((await editRule({ ...base, modelCode: 'NO-SUCH-MODEL' })).body.data)).toEqual([{ field: 'modelCode', rule: 'exists' }]);
    expect(fieldsOf((await editRule({ ...base, targetFirmwareVersion: '3.3.9' })).body.data)).toEqual([{ field: 'targetFirmwareVersion', rule: 'firmwareBelowMin' }]);
    const first = await editRule(base);
    expect(first.body.errCode).toBe(0);
    expect(fieldsOf((await editRule({ ...base, modelCode: 'ctrl-5k' })).body.data)).toEqual([{ field: 'modelCode', rule: 'unique' }]);
    expect((await rules({ auAreaCode: 'SAPN', modelCode: '5k' })).body.data.list).toEqual([expect.objectContaining({ id: first.body.data.id, enable: 1, minFirmwareVersion: '3.4.0' })]);
  });

  it('is what the upgrade checks read: a model with a rule needs its minimum and is upgraded to its target; deleting the rule lifts it', async () => {
    // A plant of the SAPN area whose inverter meets the server's own minimum (3.2.0) but not the rule's.
    const plantUid = `AU-CTRL-${serial('P')}`;
    await t.database.db.insert(plants).values({ plantUid, plantName: plantUid, officeId: '21', countryCode: 'AU', provinceCode: 'SA', zipCode: '5000' });
    const sn = await freeDevice(1, '21', { plantUid, modelCode: 'CTRL-5K', firmwareVersion: '3.2.0', status: 1 });
    const ruleId = (await rules({ auAreaCode: 'SAPN', modelCode: 'CTRL-5K' })).body.data.list[0]!.id;
    expect((await check(plantUid)).body.data).toMatchObject({ errorType: 2, msg: 'needUpgrade', needUpgradeSn: [sn] });
    const started = await t.api.post('/api/v1/monitor/plant/startAutoUpgrade', { token: tokens.installer2, form: { plantUid, auAreaCode: 'SAPN', needUpgradeSn: sn } });
    expect(started.body.errCode).toBe(0);
    expect((await t.database.db.select().from(plantUpgradeTasks).where(eq(plantUpgradeTasks.deviceSn, sn)))[0]).toMatchObject({ targetFirmware: '3.5.1' });
    for (let i = 0; i < 5; i++) await advanceUpgrades(t.database.db);
    expect((await t.database.db.select().from(devices).where(eq(devices.sn, sn)))[0]!.firmwareVersion).toBe('3.5.1');
    expect((await check(plantUid)).body.data).toEqual({ errorType: 0 });

    // Without the rule the server's own minimum applies again.
    await t.database.db.update(plants).set({ auAreaLocked: 0 }).where(eq(plants.plantUid, plantUid));
    await t.database.db.update(devices).set({ firmwareVersion: '3.2.0' }).where(eq(devices.sn, sn));
    expect((await check(plantUid)).body.data).toMatchObject({ errorType: 2 });
    const removed = await t.api.post('/api/v1/monitor/auAntiFwVersionControl/deleteAuAntiFwVersionControl', { token: tokens.admin, form: { id: ruleId } });
    expect(removed.body.errCode).toBe(0);
    expect((await check(plantUid)).body.data).toEqual({ errorType: 0 });
    expect(fieldsOf((await t.api.post('/api/v1/monitor/auAntiFwVersionControl/deleteAuAntiFwVersionControl', { token: tokens.admin, form: { id: ruleId } })).body.data))
      .toEqual([{ field: 'id', rule: 'exists' }]);
  });
});

describe('rated powers and system power on the server', () => {
  it('refuses 0, -1, 3000, text and an empty rated power where one is needed; 600 is the C6 maximum', async () => {
    const sn = await freeDevice();
    for (const [powerArr, rule] of [['0', 'ratedPowerRange'], ['3000', 'ratedPowerRange'], ['', 'ratedPowerMissing']]) {
      expect(fieldsOf((await add(plantForm(sn, { powerArr }))).body.data), powerArr).toEqual([{ field: 'deviceSnArr', rule }]);
    }
    // A minus sign or a letter is not in the contract's pattern of the list.
    for (const powerArr of ['-1', 'abc']) expect(fieldsOf((await add(plantForm(sn, { powerArr }))).body.data), powerArr).toEqual([{ field: 'powerArr', rule: 'pattern' }]);
    const c6 = await freeDevice(3, '12', { isEmsAddC6: 1 });
    expect(fieldsOf((await add(plantForm(c6, { powerArr: '600.5', snType: 3, ifInstallPv: 0 }))).body.data)).toEqual([{ field: 'deviceSnArr', rule: 'ratedPowerRange' }]);
  });

  it('names a charger\'s rated power in kW', async () => {
    const inverter = await freeDevice();
    const charger = await freeDevice(6);
    const { body } = await add(plantForm(inverter, { deviceSnArr: `${inverter},${charger}`, powerArr: '5,3000', chargeSn: charger }));
    expect(fieldsOf(body.data)).toEqual([{ field: 'deviceSnArr', rule: 'ratedPowerRange' }]);
    expect(body.errMsg).toContain('2500 kW');
    expect(body.errMsg).not.toContain('kWp');
  });
});

describe('plant names', () => {
  it('are unique within an organisation, trimmed and whatever their case, on adding and editing', async () => {
    const name = `Olivia's rooftop ${serial('N')}`;
    const first = await add(plantForm(await freeDevice(), { plantName: name }));
    expect(first.body.errCode).toBe(0);
    for (const variant of [name, `  ${name.toUpperCase()} `, name.toLowerCase()]) {
      const again = await add(plantForm(await freeDevice(), { plantName: variant }));
      expect(fieldsOf(again.body.data), variant).toEqual([{ field: 'plantName', rule: 'unique' }]);
    }
    // Another organisation may use the name.
    expect((await add(plantForm(await freeDevice(1, '21'), { plantName: name }), 'installer2')).body.errCode).toBe(0);
    // Renaming another plant to it is refused; a plant keeps its own name on editing.
    const second = await add(plantForm(await freeDevice(), { plantName: `${name} 2` }));
    const editName = (plantUid: string, plantName: string) => t.api.post<FieldErrors>('/api/v1/monitor/plant/editPlant', {
      token: tokens.installer, form: { ...plantForm('x'), plantUid, plantName, deviceSnArr: undefined, powerArr: undefined, snType: undefined },
    });
    expect(fieldsOf((await editName(second.body.data.plantUid, ` ${name.toUpperCase()}`)).body.data)).toEqual([{ field: 'plantName', rule: 'unique' }]);
    expect((await editName(first.body.data.plantUid, name.toUpperCase())).body.errCode).toBe(0);
    // A duplicate stored before names were unique can still be edited under its own name.
    const legacy = `Legacy ${serial('L')}`;
    const [installer] = await t.database.db.select({ id: plants.installerUserId }).from(plants).where(eq(plants.plantUid, first.body.data.plantUid));
    for (const plantUid of [`${legacy}-a`, `${legacy}-b`]) {
      await t.database.db.insert(plants).values({ plantUid, plantName: legacy, officeId: '11', installerUserId: installer!.id, countryCode: 'ZA', timeZone: 'Africa/Johannesburg' });
    }
    expect((await editName(`${legacy}-b`, legacy)).body.errCode).toBe(0);
    expect(fieldsOf((await editName(first.body.data.plantUid, legacy)).body.data)).toEqual([{ field: 'plantName', rule: 'unique' }]);
  });

  it('are unique in the demo seed', async () => {
    const rows = await t.database.db.select({ officeId: plants.officeId, plantName: plants.plantName }).from(plants).where(like(plants.plantUid, 'demo-plant-%'));
    expect(rows.length).toBeGreaterThan(10);
    const keys = rows.map((r) => `${r.officeId}:${r.plantName.trim().toLowerCase()}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
