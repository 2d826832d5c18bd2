// Remote settings (issue 23) through the embedded broker: a real MQTT client logged in as the
// plant's gateway answers the commands as the device would. A change round-trips and is logged
// with who, from what and to what; a refusal is logged with the device's reason; a device that
// does not answer gets 10003 and nothing changes; another tree and the demo visitor reach nothing.
// With MQTT_URL the same round trip goes through the external broker (when a Mosquitto answers on
// 127.0.0.1:1883, as for the ingest tests of mqtt.test.ts).
import { createConnection } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, plants } from '../../server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { addReportingPlant, type ReportingPlant } from '../fixtures/telemetry.ts';

interface Command {
  id: string;
  command: string;
  params: Record<string, unknown>;
  sentAt: string;
}

/** How the test's device answers the next commands: a reply per command, or silence. */
type Behaviour = (command: Command) => Record<string, unknown> | undefined;

const INITIAL = {
  safetyCode: 'EN50549', overVoltageLimit: 253, underVoltageLimit: 195, overFrequencyLimit: 52, underFrequencyLimit: 47.5,
  reconnectDelay: 60, activePowerLimit: 100, powerFactor: 1, exportLimitEnable: 0,
};

let t: TestApp;
let plant: ReportingPlant;
let emsSn: string;
let device: MqttClient;
const heard: Command[] = [];
let settings: Record<string, unknown> = { ...INITIAL };
/** An inverter that keeps its settings and confirms every change. */
const obliging: Behaviour = (c) => {
  if (c.command === 'getSafetyData') return { ok: true, data: settings };
  if (c.command === 'setSafetyData') {
    settings = { ...c.params };
    return { ok: true, data: settings };
  }
  return { ok: true, data: c.params };
};
let behaviour: Behaviour = obliging;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ config: { mqttEnabled: true, mqttPort: 0, simulator: false, remoteCommandTimeoutMs: 1500 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const service = await t.app.mqtt;
  await t.app.deviceCommands.attached;
  plant = await addReportingPlant(t);
  const [inverter] = await t.database.db.select().from(devices).where(eq(devices.sn, plant.sn));
  emsSn = `${plant.sn}E`;
  await t.database.db.insert(devices).values({ sn: emsSn, snType: 3, plantUid: plant.plantUid, officeId: inverter!.officeId });
  device = await mqtt.connectAsync(`mqtt://127.0.0.1:${service!.port}`, { username: plant.client.clientId, password: plant.client.clientSecret, reconnectPeriod: 0 });
  await device.subscribeAsync([`portal/command/${plant.sn}`, `portal/command/${emsSn}`], { qos: 1 });
  device.on('message', (topic, payload) => {
    const command = JSON.parse(payload.toString()) as Command;
    heard.push(command);
    const reply = behaviour(command);
    if (reply) device.publish(topic.replace('portal/command/', 'portal/reply/'), JSON.stringify({ id: command.id, ...reply }), { qos: 1 });
  });
  for (const who of ['installer', 'owner', 'installer2']) tokens[who] = (await t.api.login(who)).token;
  tokens.visitor = (await t.api.post<{ token: string }>('/api/v1/sys/visitorLogin')).body.data.token;
});

afterAll(async () => {
  device?.end(true);
  await t.close();
});

const post = (path: string, who: string, form: Record<string, string | number>) =>
  t.api.post<Record<string, unknown>>(`/api/v1/remote/${path}`, { token: tokens[who], form });
const logPage = async (who: string, sn = plant.sn) =>
  (await t.api.get<{ list: Record<string, unknown>[]; total: number }>('/api/v1/remote/setting/logPage', { token: tokens[who], query: { deviceSn: sn, pageSize: 100 } })).body;
const log = async (who: string, sn = plant.sn) => (await logPage(who, sn)).data;
const stored = async () => {
  const result = await t.database.db.execute(sql`select safety, setting_status, auto_time_sync, report_enable from device_remote_settings where device_sn = ${plant.sn}`);
  return (result as unknown as { rows: unknown[] }).rows[0];
};

describe('a remote setting', () => {
  it('goes to the device as a command with a correlation id and comes back as the device confirmed it, logged with who, from what and to what', async () => {
    behaviour = obliging;
    const saved = await post('setting/saveSafetyData', 'installer', { deviceSn: plant.sn, safetyCode: 'EN50549', overVoltageLimit: 250, reconnectDelay: 90 });
    expect(saved.body.errCode).toBe(0);
    expect(saved.body.data).toMatchObject({ deviceSn: plant.sn, safetyCode: 'EN50549', safetyName: 'EN 50549-1:2019', overVoltageLimit: 250, reconnectDelay: 90, underVoltageLimit: 195, settingStatus: 2 });
    // Never asked before: the device was asked for its settings first, so the log knows the old values.
    expect(heard.map((c) => c.command)).toEqual(['getSafetyData', 'setSafetyData']);
    expect(new Set(heard.map((c) => c.id)).size).toBe(2);
    expect(heard[1]!.params).toMatchObject({ safetyCode: 'EN50549', overVoltageLimit: 250, reconnectDelay: 90, underVoltageLimit: 195 });
    expect(settings).toMatchObject({ overVoltageLimit: 250, reconnectDelay: 90 });

    const entries = await log('installer');
    expect(entries.list.map((e) => [e.setting, e.oldValue, e.newValue, e.result, e.operatorName])).toEqual(expect.arrayContaining([
      ['overVoltageLimit', '253', '250', 2, 'installer'],
      ['reconnectDelay', '60', '90', 2, 'installer'],
    ]));
    expect(entries.total).toBe(2);

    const read = await post('setting/getSafetyData', 'owner', { deviceSn: plant.sn });
    expect(read.body.data).toMatchObject({ overVoltageLimit: 250, settingStatus: 2 });
  });

  it('switches the clock sync and the energy manager\'s reporting through the device', async () => {
    heard.length = 0;
    // The plant's owner reads the settings (above) but changes none: that is the installer's.
    for (const [path, form] of [['setting/deviceAutoTimeSync', { deviceSn: plant.sn, autoTimeSync: 1 }], ['ems/saveEmsReportEnable', { deviceSn: emsSn, reportEnable: 0 }]] as const) {
      expect((await post(path, 'owner', form)).body.errCode).toBe(10005);
    }
    expect(heard).toEqual([]);
    const synced = await post('setting/deviceAutoTimeSync', 'installer', { deviceSn: plant.sn, autoTimeSync: 1 });
    expect(synced.body).toMatchObject({ errCode: 0, data: { deviceSn: plant.sn, autoTimeSync: 1, timeZone: 'UTC' } });
    expect(heard[0]).toMatchObject({ command: 'setAutoTimeSync', params: { autoTimeSync: 1, timeZone: 'UTC' } });
    const reporting = await post('ems/saveEmsReportEnable', 'installer', { deviceSn: emsSn, reportEnable: 0 });
    expect(reporting.body.errCode).toBe(0);
    expect(heard[1]).toMatchObject({ command: 'setEmsReportEnable', params: { reportEnable: 0 } });
    expect((await log('owner', emsSn)).list).toMatchObject([{ setting: 'reportEnable', oldValue: null, newValue: '0', result: 2, operatorName: 'installer' }]);
    // An inverter has no reporting switch, and an energy manager no grid settings.
    expect((await post('ems/saveEmsReportEnable', 'installer', { deviceSn: plant.sn, reportEnable: 1 })).body.errCode).toBe(10003);
    expect((await post('setting/getSafetyData', 'owner', { deviceSn: emsSn })).body.errCode).toBe(10003);
  });

  it('is logged as refused with the device\'s reason, and changes no setting', async () => {
    behaviour = (c) => (c.command === 'setSafetyData' ? { ok: false, reason: 'locked by the grid operator' } : obliging(c));
    const before = await stored();
    const refused = await post('setting/saveSafetyData', 'installer', { deviceSn: plant.sn, safetyCode: 'EN50549', overVoltageLimit: 260 });
    expect(refused.body.errCode).toBe(10003);
    expect(refused.body.errMsg).toContain('locked by the grid operator');
    // The delay left out went back to the grid code's 60 s in the request: refused with the rest.
    expect((await log('installer')).list.filter((e) => e.result === 3)).toEqual([
      expect.objectContaining({ setting: 'reconnectDelay', oldValue: '90', newValue: '60', reason: 'locked by the grid operator' }),
      expect.objectContaining({ setting: 'overVoltageLimit', oldValue: '250', newValue: '260', reason: 'locked by the grid operator' }),
    ]);
    expect(await stored()).toMatchObject({ safety: (before as { safety: unknown }).safety, setting_status: 3 });
    behaviour = obliging;
  });

  it('that the device does not answer in time answers 10003 in the user\'s language and changes nothing', async () => {
    behaviour = () => undefined;
    const before = await stored();
    const logged = (await log('installer')).total;
    const silent = await post('setting/saveSafetyData', 'installer', { deviceSn: plant.sn, safetyCode: 'EN50549', overVoltageLimit: 240 });
    expect(silent.body.errCode).toBe(10003);
    expect(silent.body.errMsg).toMatch(/did not answer within 1\.5 s; nothing was changed/);
    const zh = await t.api.post<unknown>('/api/v1/remote/setting/deviceAutoTimeSync', { token: tokens.installer, form: { deviceSn: plant.sn, autoTimeSync: 0 }, lang: 'zh-CN' });
    expect(zh.body.errCode).toBe(10003);
    expect(zh.body.errMsg).toContain('没有应答');
    expect(await stored()).toEqual(before);
    expect((await log('installer')).total).toBe(logged);
    behaviour = obliging;
  });

  it('checks the limits against each other and the grid code against the device\'s country', async () => {
    heard.length = 0;
    const crossed = await post('setting/saveSafetyData', 'installer', { deviceSn: plant.sn, safetyCode: 'EN50549', underVoltageLimit: 260, overVoltageLimit: 250 });
    expect(crossed.body).toMatchObject({ errCode: 10003 });
    expect(crossed.body.errMsg).toContain('underVoltageLimit');
    await t.database.db.update(plants).set({ countryCode: 'DE' }).where(eq(plants.plantUid, plant.plantUid));
    const foreignCode = await post('setting/saveSafetyData', 'installer', { deviceSn: plant.sn, safetyCode: 'AS4777-A' });
    expect(foreignCode.body.errMsg).toContain('safetyCode');
    const list = await post('setting/getSafetyDataList', 'installer', { deviceSn: plant.sn });
    expect((list.body.data as unknown as { safetyCode: string }[]).map((c) => c.safetyCode)).toEqual(['EN50549', 'VDE4105']);
    expect(heard).toEqual([]);
  });
});

describe('who may reach a device\'s settings', () => {
  it('refuses another organisation\'s tree and the demo visitor, and sends the device nothing', async () => {
    heard.length = 0;
    for (const who of ['installer2', 'visitor']) {
      for (const [path, form] of [
        ['setting/getSafetyData', { deviceSn: plant.sn }],
        ['setting/getSafetyDataList', { deviceSn: plant.sn }],
        ['setting/saveSafetyData', { deviceSn: plant.sn, safetyCode: 'EN50549' }],
        ['setting/deviceAutoTimeSync', { deviceSn: plant.sn, autoTimeSync: 1 }],
        ['ems/saveEmsReportEnable', { deviceSn: emsSn, reportEnable: 1 }],
      ] as const) {
        expect((await post(path, who, form)).body.errCode, `${who} ${path}`).toBe(10005);
      }
      expect((await logPage(who)).errCode, who).toBe(10005);
    }
    expect(heard).toEqual([]);
  });

  it('lets a gateway hear only the commands of its own organisation\'s devices', async () => {
    const port = (await t.app.mqtt)!.port!;
    const other = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { username: plant.client.clientId, password: plant.client.clientSecret, reconnectPeriod: 0 });
    try {
      // SUBACK 128 (failure), which mqtt.js reports as an error.
      for (const topic of [`portal/command/${plant.foreignSn}`, 'portal/command/+', 'portal/reply/+']) {
        await expect(other.subscribeAsync(topic, { qos: 1 }), topic).rejects.toThrow(/subscribe/i);
      }
      expect((await other.subscribeAsync(`portal/command/${plant.sn}`, { qos: 1 })).map((g) => g.qos)).toEqual([1]);
    } finally {
      other.end(true);
    }
  });
});

const mosquitto = await new Promise<boolean>((resolve) => {
  const socket = createConnection({ port: 1883, host: '127.0.0.1' });
  const done = (answered: boolean) => {
    socket.destroy();
    resolve(answered);
  };
  socket.once('connect', () => done(true)).once('error', () => done(false));
  socket.setTimeout(1000, () => done(false));
});

describe.skipIf(!mosquitto)('MQTT_URL: commands through an external broker (Mosquitto on 127.0.0.1:1883)', () => {
  it('reaches the device and brings its answer back', async () => {
    const external = await createTestApp({ config: { mqttEnabled: true, mqttUrl: 'mqtt://127.0.0.1:1883', simulator: false, remoteCommandTimeoutMs: 5000 } });
    const gateway = await mqtt.connectAsync('mqtt://127.0.0.1:1883', { reconnectPeriod: 0 });
    try {
      await external.app.listen({ port: 0, host: '127.0.0.1' });
      await (await external.app.mqtt)?.ready;
      await external.app.deviceCommands.attached;
      const own = await addReportingPlant(external);
      await gateway.subscribeAsync(`portal/command/${own.sn}`, { qos: 1 });
      gateway.on('message', (topic, payload) => {
        const command = JSON.parse(payload.toString()) as Command;
        gateway.publish(`portal/reply/${own.sn}`, JSON.stringify({ id: command.id, ok: true, data: command.params }), { qos: 1 });
      });
      const { token } = await external.api.login('installer');
      // The server's own subscription may take a moment to be granted after the connect: retried until it answers.
      await expect.poll(async () => (await external.api.post('/api/v1/remote/setting/deviceAutoTimeSync', { token, form: { deviceSn: own.sn, autoTimeSync: 1 } })).body.errCode, { timeout: 30_000 }).toBe(0);
      const entries = await external.api.get<{ list: { setting: string; newValue: string }[] }>('/api/v1/remote/setting/logPage', { token, query: { deviceSn: own.sn } });
      expect(entries.body.data.list).toMatchObject([{ setting: 'autoTimeSync', newValue: '1' }]);
    } finally {
      gateway.end(true);
      await external.close();
    }
  });
});
