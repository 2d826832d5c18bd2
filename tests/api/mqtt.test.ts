// MQTT ingest (issue 9): the embedded broker's log-in and ACL, the PUBACK after the commit, a start
// with MQTT_PORT taken, and, when a Mosquitto answers on 127.0.0.1:1883, the MQTT_URL subscriber.
import { spawnSync } from 'node:child_process';
import { createConnection, createServer, type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { addReportingPlant, storedSamples, type ReportingPlant } from '../fixtures/telemetry.ts';

/** Whether something accepts TCP connections there. */
const answers = (port: number) => new Promise<boolean>((resolve) => {
  const socket = createConnection({ port, host: '127.0.0.1' });
  const done = (answered: boolean) => {
    socket.destroy();
    resolve(answered);
  };
  socket.once('connect', () => done(true)).once('error', () => done(false));
  socket.setTimeout(1000, () => done(false));
});
const mosquitto = await answers(1883);
const hasMosquittoPub = !spawnSync('mosquitto_pub', ['--help']).error;

/** A test app whose log lines are kept, with MQTT on as `config` says, listening on a free port. */
async function listeningApp(config: Parameters<typeof createTestApp>[0] = {}) {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  // No simulator: its backfill would report for the test's plants too.
  const t = await createTestApp({ ...config, config: { simulator: false, ...config.config }, logStream });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const mqttService = await t.app.mqtt;
  await mqttService?.ready;
  return { t, lines, mqttService };
}

const connectDevice = (port: number, username: string, password: string) =>
  mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { username, password, reconnectPeriod: 0, connectTimeout: 5000 });

describe('the embedded broker', () => {
  let t: TestApp;
  let port: number;
  let plant: ReportingPlant;
  const devices: MqttClient[] = [];
  beforeAll(async () => {
    const started = await listeningApp({ config: { mqttEnabled: true, mqttPort: 0 } });
    t = started.t;
    port = started.mqttService!.port!;
    plant = await addReportingPlant(t);
  });
  afterAll(async () => {
    for (const device of devices) device.end(true);
    await t.close();
  });
  const device = async () => {
    const client = await connectDevice(port, plant.client.clientId, plant.client.clientSecret);
    devices.push(client);
    return client;
  };

  it('refuses a wrong secret, and an unknown client, at CONNECT', async () => {
    await expect(connectDevice(port, plant.client.clientId, 'not-the-secret')).rejects.toMatchObject({ code: 4 });
    await expect(connectDevice(port, 'web', 'portal-web-public')).rejects.toMatchObject({ code: 4 });
    const good = await device();
    expect(good.connected).toBe(true);
  });

  it('sends the PUBACK only after the record is committed, and takes an array', async () => {
    const client = await device();
    const ts = Date.now() - 120_000;
    // PGlite runs one statement at a time, so a query alone could wait for a late commit: the
    // order of the commit's announcement (made after it) and the PUBACK shows what came first.
    const order: string[] = [];
    const unsubscribe = t.app.live.subscribe(plant.plantUid, { commit: () => order.push('committed'), close: () => undefined });
    await client.publishAsync(`portal/telemetry/${plant.sn}`, JSON.stringify({ ts, pvPower: 1500 }), { qos: 1 });
    order.push('puback');
    unsubscribe();
    expect(order).toEqual(['committed', 'puback']);
    // The acknowledgement has arrived: the row is there already, with no waiting.
    expect(await storedSamples(t, plant.sn)).toEqual([{ ts, pvPower: 1500 }]);
    await client.publishAsync(`portal/telemetry/${plant.sn}`, JSON.stringify([{ ts: ts + 60_000, pvPower: 1600 }, { sn: plant.sn, ts: ts + 90_000, pvPower: 1700 }]), { qos: 1 });
    expect((await storedSamples(t, plant.sn)).map((s) => s.pvPower)).toEqual([1500, 1600, 1700]);
  });

  it('writes concurrent messages, each acknowledged after its commit, into exact rollups whatever order they commit in', async () => {
    const client = await device();
    // Ten minutes into the hour before last: the 40 samples share one hour, and no other sample.
    const base = Math.floor((Date.now() - 2 * 3_600_000) / 3_600_000) * 3_600_000 + 600_000;
    await Promise.all(Array.from({ length: 40 }, (_, i) =>
      client.publishAsync(`portal/telemetry/${plant.sn}`, JSON.stringify({ ts: base + i * 1000, pvPower: i, pvEnergyTotal: 1000 + i / 10 }), { qos: 1 })));
    const stored = (await storedSamples(t, plant.sn)).filter((s) => s.ts >= base && s.ts < base + 40_000);
    expect(stored.map((s) => s.pvPower)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    // 39 intervals of 0.1 kWh by the counter (the first sample has none before it).
    const [hour] = ((await t.database.db.execute(sql`
      select e.pv_energy from device_energy e join devices d on d.id = e.device_id join plants p on p.plant_uid = d.plant_uid
      where d.sn = ${plant.sn} and e.grain = 1
        and e.bucket = date_trunc('hour', to_timestamp(${base / 1000}) at time zone coalesce(p.time_zone, 'UTC'))`)) as unknown as { rows: { pv_energy: number }[] }).rows;
    expect(hour!.pv_energy).toBeCloseTo(3.9, 9);
  });

  it('refuses at PUBLISH a serial outside the client\'s organisation, and stores nothing of the message', async () => {
    const cases = [
      { topic: `portal/telemetry/${plant.foreignSn}`, payload: { ts: Date.now() - 1000, pvPower: 1 } },
      // The topic is the client's, but a record names a foreign device: the whole message is refused.
      { topic: `portal/telemetry/${plant.sn}`, payload: [{ ts: Date.now() - 7_000, pvPower: 7 }, { sn: plant.foreignSn, ts: Date.now() - 1000 }] },
      { topic: 'portal/other', payload: { sn: plant.sn, ts: Date.now() - 5000 } },
    ];
    for (const { topic, payload } of cases) {
      const client = await device();
      const before = await storedSamples(t, plant.foreignSn);
      const ownBefore = await storedSamples(t, plant.sn);
      const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
      client.publish(topic, JSON.stringify(payload), { qos: 1 });
      await closed;
      expect(await storedSamples(t, plant.foreignSn), topic).toEqual(before);
      expect(await storedSamples(t, plant.sn), topic).toEqual(ownBefore);
    }
  });

  it('lets no device subscribe to telemetry (devices hear only their commands: remote-settings.test.ts)', async () => {
    const client = await device();
    // SUBACK 128 (failure), which mqtt.js reports as an error.
    await expect(client.subscribeAsync('portal/telemetry/+', { qos: 1 })).rejects.toThrow(/subscribe/i);
  });
});

describe('MQTT_PORT taken', () => {
  it('starts anyway with one warning naming MQTT_PORT, and HTTP ingest works', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const busy = (blocker.address() as AddressInfo).port;
    const { t, lines, mqttService } = await listeningApp({ config: { mqttEnabled: true, mqttPort: busy } });
    try {
      expect(mqttService).toBeUndefined();
      const warnings = lines.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.level === 40 && l.msg.includes('MQTT_PORT'));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]!.msg).toContain(String(busy));
      const plant = await addReportingPlant(t);
      const ts = Date.now() - 60_000;
      const { body } = await t.api.post<{ accepted: number }>('/api/v1/ingest/telemetry', { json: { records: [{ sn: plant.sn, ts, pvPower: 42 }] }, client: plant.client });
      expect(body.data.accepted).toBe(1);
      expect(await storedSamples(t, plant.sn)).toEqual([{ ts, pvPower: 42 }]);
    } finally {
      await t.close();
      blocker.close();
    }
  });
});

describe.skipIf(!mosquitto)('MQTT_URL: an external broker (Mosquitto on 127.0.0.1:1883)', () => {
  it('subscribes to portal/telemetry/+ and stores what a device publishes there', async () => {
    const { t } = await listeningApp({ config: { mqttEnabled: true, mqttUrl: 'mqtt://127.0.0.1:1883' } });
    try {
      const plant = await addReportingPlant(t);
      const ts = Date.now() - 60_000;
      const payload = JSON.stringify({ ts, pvPower: 777 });
      if (hasMosquittoPub) {
        const published = spawnSync('mosquitto_pub', ['-h', '127.0.0.1', '-p', '1883', '-q', '1', '-t', `portal/telemetry/${plant.sn}`, '-m', payload]);
        expect(published.status, String(published.stderr)).toBe(0);
      } else {
        const client = await mqtt.connectAsync('mqtt://127.0.0.1:1883', { reconnectPeriod: 0 });
        await client.publishAsync(`portal/telemetry/${plant.sn}`, payload, { qos: 1 });
        await client.endAsync();
      }
      // The device's acknowledgement came from Mosquitto: the portal stores it a moment later.
      let stored = await storedSamples(t, plant.sn);
      for (let i = 0; i < 100 && !stored.length; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        stored = await storedSamples(t, plant.sn);
      }
      expect(stored).toEqual([{ ts, pvPower: 777 }]);
    } finally {
      await t.close();
    }
  });
});
