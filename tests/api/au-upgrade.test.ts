// The AU utility-server connection through the API (001 section 2 "AU server connection"):
// getAuServerEnums, checkAntiPlantUpgradeInfo (errorType 0/1/2 and every msg), startAutoUpgrade
// and retryAutoUpgrade creating tasks that the server's worker carries out over time, fail for an
// offline device, and can be retried up to the limit; only a plant's managers may use them.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, plantShares, plantUpgradeTasks, plants, users } from '../../server/db/schema/index.ts';
import { AU_FIRMWARE_RELEASE, AU_SERVERS, MAX_UPGRADE_ATTEMPTS } from '../../server/domain/plants/au-servers.ts';
import { advanceUpgrades } from '../../server/repositories/au-upgrade.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

type Check = { errorType: number; errorMsg?: string; msg?: string; needUpgradeSn?: string[]; upgradingSn?: string[]; needRetryTaskId?: string[]; upgradeErrorSn?: string[] };
type FieldErrors = { errors: { field: string; rule: string }[] } | null;

let t: TestApp;
const tokens: Record<string, string> = {};
const db = () => t.database.db;
const idOf = async (loginName: string) => (await db().select({ id: users.id }).from(users).where(eq(users.loginName, loginName)))[0]!.id;

/** A plant of owner2's office (tree 2) in South Australia with the given devices. */
async function plantWith(plantUid: string, devs: { sn: string; snType: number; firmwareVersion?: string | null; status?: number }[], extra: Partial<typeof plants.$inferInsert> = {}) {
  await db().insert(plants).values({ plantUid, plantName: plantUid, officeId: '21', ownerUserId: await idOf('owner2'), countryCode: 'AU', provinceCode: 'SA', ...extra });
  if (devs.length) await db().insert(devices).values(devs.map((d) => ({ officeId: '21', plantUid, status: 1, ...d })));
}

const check = (plantUid: string, auAreaCode: string, token = tokens.installer2!, lang?: string) =>
  t.api.get<Check & FieldErrors>('/api/v1/monitor/plant/checkAntiPlantUpgradeInfo', { token, query: { plantUid, auAreaCode }, ...(lang ? { lang } : {}) });
const start = (plantUid: string, needUpgradeSn: string, token = tokens.installer2!, auAreaCode = 'SAPN') =>
  t.api.post<{ taskIds: string[] } & FieldErrors>('/api/v1/monitor/plant/startAutoUpgrade', { token, form: { plantUid, auAreaCode, needUpgradeSn } });
const retry = (plantUid: string, needRetryTaskId: string, token = tokens.installer2!) =>
  t.api.post<{ taskIds: string[] } & FieldErrors>('/api/v1/monitor/plant/retryAutoUpgrade', { token, form: { plantUid, auAreaCode: 'SAPN', needRetryTaskId } });
const taskCount = async () => (await db().select({ n: count() }).from(plantUpgradeTasks))[0]!.n;
const fields = (data: FieldErrors) => data?.errors.map(({ field, rule }) => ({ field, rule }));
const steps = async (n: number) => { for (let i = 0; i < n; i++) await advanceUpgrades(db()); };

beforeAll(async () => {
  t = await createTestApp();
  for (const login of ['installer2', 'owner2', 'installer', 'admin', 'owner']) tokens[login] = (await t.api.login(login)).token;
  await plantWith('AU-ROOF', [
    { sn: 'AUINV0001', snType: 1, firmwareVersion: '3.2.0' },
    { sn: 'AUINV0002', snType: 1, firmwareVersion: '3.1.9' },
    { sn: 'AUEMS0003', snType: 3, firmwareVersion: null, status: 3 },
    { sn: 'AUMTR0004', snType: 2, firmwareVersion: '1.0' },
  ]);
  // owner (tree 1) visits the plant with a share that does not let them edit it.
  await db().insert(plantShares).values({ plantUid: 'AU-ROOF', visitorUserId: await idOf('owner'), permissions: ['viewPlant'] });
});
afterAll(() => t.close());

describe('AU servers', () => {
  it('lists the servers by name', async () => {
    const { body } = await t.api.get<{ name: string; auAreaCode: string }[]>('/api/v1/monitor/plant/getAuServerEnums', { token: tokens.owner2! });
    expect(body.errCode).toBe(0);
    expect(body.data).toHaveLength(AU_SERVERS.length);
    expect(body.data.map((s) => s.name)).toEqual([...body.data.map((s) => s.name)].sort((a, b) => a.localeCompare(b)));
    expect(body.data).toContainEqual({ name: 'SA Power Networks', auAreaCode: 'SAPN' });
  });
});

describe('checking a server', () => {
  it('refuses an unknown server naming auAreaCode', async () => {
    const { body } = await check('AU-ROOF', 'NOPE');
    expect(body.errCode).toBe(10003);
    expect(fields(body.data)).toEqual([{ field: 'auAreaCode', rule: 'auServerUnknown' }]);
  });

  it('answers 10005 to another tree, to a visitor of the plant and for a plant that does not exist', async () => {
    expect((await check('AU-ROOF', 'SAPN', tokens.installer!)).body.errCode).toBe(10005);
    expect((await check('AU-ROOF', 'SAPN', tokens.owner!)).body.errCode).toBe(10005);
    expect((await check('NO-SUCH-PLANT', 'SAPN')).body.errCode).toBe(10005);
    expect((await start('AU-ROOF', 'AUINV0002', tokens.owner!)).body.errCode).toBe(10005);
    expect((await retry('AU-ROOF', '1', tokens.installer!)).body.errCode).toBe(10005);
    expect(await taskCount()).toBe(0);
  });

  it('errorType 1 when the server does not serve the plant, in the caller\'s language', async () => {
    const en = await check('AU-ROOF', 'ENERGEX');
    expect(en.body.data).toEqual({ errorType: 1, errorMsg: 'The plant\'s state is not served by this utility server' });
    const zh = await check('AU-ROOF', 'ENERGEX', tokens.installer2!, 'zh-CN');
    expect(zh.body.data).toEqual({ errorType: 1, errorMsg: '该电网服务器不服务电站所在的州' });
    await plantWith('NZ-ROOF', [{ sn: 'NZINV0001', snType: 1 }], { countryCode: 'NZ' });
    expect((await check('NZ-ROOF', 'SAPN')).body.data.errorMsg).toMatch(/Australia only/);
    await plantWith('AU-METER-ONLY', [{ sn: 'AUMTR0009', snType: 2 }]);
    expect((await check('AU-METER-ONLY', 'SAPN')).body.data.errorMsg).toMatch(/no inverter or energy manager/);
    // Nothing is saved by a failed check.
    const [plant] = await db().select().from(plants).where(eq(plants.plantUid, 'AU-ROOF'));
    expect(plant).toMatchObject({ auAreaCode: null, auAreaLocked: 0 });
  });

  it('errorType 2 needUpgrade lists the inverters and energy managers below the server\'s firmware', async () => {
    const { body } = await check('AU-ROOF', 'SAPN');
    expect(body.data).toEqual({ errorType: 2, msg: 'needUpgrade', needUpgradeSn: ['AUEMS0003', 'AUINV0002'], upgradingSn: [], needRetryTaskId: [], upgradeErrorSn: [] });
  });
});

describe('upgrades', () => {
  it('refuses serials that do not need the upgrade, writing nothing', async () => {
    for (const sn of ['AUINV0001', 'AUMTR0004', 'NZINV0001', 'AUINV0002,AUINV0001']) {
      const { body } = await start('AU-ROOF', sn);
      expect(body.errCode).toBe(10003);
      expect(fields(body.data)).toEqual([{ field: 'needUpgradeSn', rule: 'upgradeNotNeeded' }]);
    }
    const unusable = await start('AU-ROOF', 'AUINV0002', tokens.installer2!, 'ENERGEX');
    expect(fields(unusable.body.data)).toEqual([{ field: 'auAreaCode', rule: 'auServerUnusable' }]);
    expect(await taskCount()).toBe(0);
  });

  it('starts one task per device; the worker upgrades the online one and fails the offline one', async () => {
    const { body } = await start('AU-ROOF', 'AUINV0002,AUEMS0003');
    expect(body.errCode).toBe(0);
    expect(body.data.taskIds).toHaveLength(2);
    expect((await check('AU-ROOF', 'SAPN')).body.data).toMatchObject({ errorType: 2, msg: 'upgrading', upgradingSn: ['AUEMS0003', 'AUINV0002'] });
    // A running upgrade is not started twice.
    expect((await start('AU-ROOF', 'AUINV0002')).body.errCode).toBe(10003);

    await steps(1);
    const states = await db().select().from(plantUpgradeTasks).orderBy(plantUpgradeTasks.deviceSn);
    expect(states.map((s) => [s.deviceSn, s.status, s.progress, s.errorMsg])).toEqual([
      ['AUEMS0003', 'failed', 0, 'auUpgrade.deviceOffline'], ['AUINV0002', 'upgrading', 0, null],
    ]);
    expect((await check('AU-ROOF', 'SAPN')).body.data).toMatchObject({ msg: 'upgrading', upgradingSn: ['AUINV0002'], needRetryTaskId: [String(states[0]!.id)] });
    await steps(3);
    expect((await db().select().from(plantUpgradeTasks).where(eq(plantUpgradeTasks.deviceSn, 'AUINV0002')))[0]).toMatchObject({ status: 'upgrading', progress: 75 });
    await steps(1);
    const [inverter] = await db().select().from(devices).where(eq(devices.sn, 'AUINV0002'));
    expect(inverter!.firmwareVersion).toBe(AU_FIRMWARE_RELEASE);
    expect((await check('AU-ROOF', 'SAPN')).body.data).toEqual({
      errorType: 2, msg: 'canRetryUpgrade', needUpgradeSn: [], upgradingSn: [], needRetryTaskId: [String(states[0]!.id)], upgradeErrorSn: [],
    });
  });

  it('retries only the plant\'s retryable tasks; a retried task succeeds once its device is online, and the server is locked', async () => {
    const [failed] = await db().select().from(plantUpgradeTasks).where(eq(plantUpgradeTasks.deviceSn, 'AUEMS0003'));
    const [succeeded] = await db().select().from(plantUpgradeTasks).where(eq(plantUpgradeTasks.deviceSn, 'AUINV0002'));
    for (const id of [String(succeeded!.id), '999999', `${failed!.id},999999`]) {
      const { body } = await retry('AU-ROOF', id);
      expect(fields(body.data)).toEqual([{ field: 'needRetryTaskId', rule: 'nothingToRetry' }]);
    }
    expect((await db().select().from(plantUpgradeTasks).where(eq(plantUpgradeTasks.id, failed!.id)))[0]!.attempts).toBe(1);

    await db().update(devices).set({ status: 1 }).where(eq(devices.sn, 'AUEMS0003'));
    const { body } = await retry('AU-ROOF', String(failed!.id), tokens.owner2!);
    expect(body).toMatchObject({ errCode: 0, data: { taskIds: [String(failed!.id)] } });
    await steps(5);
    expect((await db().select().from(plantUpgradeTasks).where(eq(plantUpgradeTasks.id, failed!.id)))[0]).toMatchObject({ status: 'success', progress: 100, attempts: 2 });

    // A visitor whose share grants editPlant may check the connection too.
    await db().update(plantShares).set({ permissions: ['viewPlant', 'editPlant'] }).where(eq(plantShares.plantUid, 'AU-ROOF'));
    expect((await check('AU-ROOF', 'SAPN', tokens.owner!)).body.data).toEqual({ errorType: 0 });
    const [plant] = await db().select().from(plants).where(eq(plants.plantUid, 'AU-ROOF'));
    expect(plant).toMatchObject({ auAreaCode: 'SAPN', auAreaCodeName: 'SA Power Networks', auAreaLocked: 1 });
    expect((await check('AU-ROOF', 'SAPN')).body.data).toEqual({ errorType: 0 });
    expect((await check('AU-ROOF', 'AUSGRID')).body.data.errorMsg).toMatch(/already connected to another utility server/);
  });

  it(`fails for good after ${MAX_UPGRADE_ATTEMPTS} attempts (upgradeError)`, async () => {
    await plantWith('AU-SHED', [{ sn: 'AUINV0005', snType: 7, firmwareVersion: '2.0', status: 3 }]);
    await start('AU-SHED', 'AUINV0005');
    await steps(1);
    for (let attempt = 2; attempt <= MAX_UPGRADE_ATTEMPTS; attempt++) {
      const { needRetryTaskId } = (await check('AU-SHED', 'SAPN')).body.data;
      expect((await retry('AU-SHED', needRetryTaskId!.join(','))).body.errCode).toBe(0);
      await steps(1);
    }
    expect((await check('AU-SHED', 'SAPN')).body.data).toEqual({
      errorType: 2, msg: 'upgradeError', needUpgradeSn: [], upgradingSn: [], needRetryTaskId: [], upgradeErrorSn: ['AUINV0005'],
    });
    const [task] = await db().select().from(plantUpgradeTasks).where(and(eq(plantUpgradeTasks.plantUid, 'AU-SHED')));
    expect((await retry('AU-SHED', String(task!.id))).body.errCode).toBe(10003);
  });

  it('the server\'s own worker carries a task forward over time', async () => {
    await plantWith('AU-TIMER', [{ sn: 'AUINV0006', snType: 1, firmwareVersion: '1.0' }]);
    expect((await start('AU-TIMER', 'AUINV0006')).body.errCode).toBe(0);
    const deadline = Date.now() + 8_000;
    let status = 'waiting';
    while (status === 'waiting' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      status = (await db().select().from(plantUpgradeTasks).where(eq(plantUpgradeTasks.deviceSn, 'AUINV0006')))[0]!.status;
    }
    expect(status).toBe('upgrading');
  });
});

describe.each(['global', 'cn', 'au'] as const)('on the %s site', (site) => {
  let s: TestApp;
  beforeAll(async () => {
    s = await createTestApp({ config: { site } });
  });
  afterAll(() => s.close());

  it('the servers and the checks are the same: they follow the plant\'s country, not the site', async () => {
    const token = (await s.api.login('installer2')).token;
    const servers = await s.api.get<unknown[]>('/api/v1/monitor/plant/getAuServerEnums', { token });
    expect(servers.body.data).toHaveLength(AU_SERVERS.length);
    await s.database.db.insert(plants).values({ plantUid: `SITE-${site}`, plantName: 'Site', officeId: '21', countryCode: 'AU', provinceCode: 'SA' });
    await s.database.db.insert(devices).values({ sn: `SITE${site}01`, snType: 1, officeId: '21', plantUid: `SITE-${site}`, firmwareVersion: '3.2.0', status: 1 });
    const { body } = await s.api.get<Check>('/api/v1/monitor/plant/checkAntiPlantUpgradeInfo', { token, query: { plantUid: `SITE-${site}`, auAreaCode: 'SAPN' } });
    expect(body.data).toEqual({ errorType: 0 });
  });
});
