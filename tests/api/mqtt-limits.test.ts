// What an MQTT connection can make the embedded broker hold (server/telemetry/mqtt-limits.ts): a
// tester's CONNECT announcing 250 MB was buffered before anyone checked who sent it, and each one
// cost the server that much memory. A packet header announcing more than the limits now closes the
// connection before its bytes come, before and after logging in; a client that never completes its
// CONNECT is closed after MQTT_CONNECT_TIMEOUT_MS; and the largest telemetry batch still fits.
import { createConnection, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MQTT_MAX_PACKET_BYTES } from '../../server/config.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { addReportingPlant, storedSamples, type ReportingPlant } from '../fixtures/telemetry.ts';
import { remainingLength } from '../fixtures/mqtt-packets.ts';

const LIMIT = DEFAULT_MQTT_MAX_PACKET_BYTES;
const CONNECT_TIMEOUT_MS = 1000;


const mqttString = (text: string) => {
  const bytes = Buffer.from(text);
  return Buffer.concat([Buffer.from([bytes.length >> 8, bytes.length & 0xff]), bytes]);
};

/** An MQTT 3.1.1 CONNECT with a user name and password, clean session, 60 s keep-alive. */
function connectPacket(clientId: string, username: string, password: string): Buffer {
  const body = Buffer.concat([mqttString('MQTT'), Buffer.from([4, 0b1100_0010, 0, 60]), mqttString(clientId), mqttString(username), mqttString(password)]);
  return Buffer.concat([Buffer.from([0x10]), remainingLength(body.length), body]);
}

/** The size of a QoS 1 PUBLISH (MQTT 3.1.1) of `payloadBytes` to `topic`, header included. */
function publishSize(topic: string, payloadBytes: number): number {
  const remaining = 2 + Buffer.byteLength(topic) + 2 + payloadBytes;
  return 1 + remainingLength(remaining).length + remaining;
}

interface RawClient {
  socket: Socket;
  closed: Promise<void>;
  /** The bytes received so far. */
  received(): Buffer;
}

async function rawClient(port: number): Promise<RawClient> {
  const socket = createConnection({ port, host: '127.0.0.1' });
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  // The server may reset a connection it closes with bytes unread: that is the close asserted.
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  return { socket, closed, received: () => Buffer.concat(chunks) };
}

/**
 * Sends `header`, then 4 KiB of filler every few milliseconds, as a client trickling the packet
 * it announced, until the server closes the connection or `cap` bytes are sent. How many went.
 */
async function trickle(client: RawClient, header: Buffer, cap = 1024 * 1024): Promise<{ sent: number; closed: boolean }> {
  let closed = false;
  void client.closed.then(() => (closed = true));
  const filler = Buffer.alloc(4096, 0x61);
  client.socket.write(header);
  let sent = header.length;
  while (!closed && sent < cap) {
    // A pause for the server's answer to come back, as a slow device would leave one.
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (closed) break;
    client.socket.write(filler);
    sent += filler.length;
  }
  return { sent, closed };
}

describe('MQTT packet limits of the embedded broker', () => {
  let t: TestApp;
  let port: number;
  let plant: ReportingPlant;
  const lines: string[] = [];
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    t = await createTestApp({
      config: { simulator: false, mqttEnabled: true, mqttPort: 0, mqttConnectTimeoutMs: CONNECT_TIMEOUT_MS, logLevel: 'info' },
      logStream,
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (await t.app.mqtt)!.port!;
    plant = await addReportingPlant(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('closes a connection whose CONNECT announces 250 MB as soon as its header arrives, before logging in', async () => {
    const client = await rawClient(port);
    const { sent, closed } = await trickle(client, Buffer.concat([Buffer.from([0x10]), remainingLength(250 * 1024 * 1024)]));
    expect(closed).toBe(true);
    // Closed after the header and at most the few chunks sent while the close travelled back:
    // nowhere near the 250 MB announced, nor even the 16 KiB a CONNECT may have.
    expect(sent).toBeLessThan(16 * 1024);
    expect(client.received()).toHaveLength(0);
    expect(lines.some((line) => line.includes('packet too large') && line.includes('a CONNECT of 262144005 bytes'))).toBe(true);
  });

  it('closes a connection that does not complete its CONNECT within MQTT_CONNECT_TIMEOUT_MS', async () => {
    const client = await rawClient(port);
    const started = Date.now();
    // A CONNECT of 100 bytes, within every limit, of which 10 ever come.
    client.socket.write(Buffer.concat([Buffer.from([0x10]), remainingLength(98), Buffer.alloc(10)]));
    await client.closed;
    expect(Date.now() - started).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 50);
  });

  it('takes the largest batch, 5,000 records of the longest form, in one QoS 1 publish', async () => {
    // Numbers of 17 significant digits with an exponent; the powers' within what a `real` column holds.
    const small = Number('1.2345678901234567e-30');
    const tiny = Number('1.2345678901234567e-300');
    const base = Date.now() - 3 * 3_600_000;
    // Padded to the longest record the schema allows (616 bytes, as server/config.ts counts it).
    const records = Array.from({ length: 5000 }, (_, i) => {
      const record = {
        sn: plant.sn, ts: new Date(base + i * 1000).toISOString().replace('Z', '+00:00'), pvPower: small, acPower: -small, gridPower: -small,
        loadPower: small, batteryPower: -small, batterySoc: small, pvEnergyTotal: tiny, gridImportTotal: tiny, gridExportTotal: tiny,
        loadEnergyTotal: tiny, batteryChargeTotal: tiny, batteryDischargeTotal: tiny, temperature: -small, faultCode: 2147483647, pad: '',
      };
      record.pad = 'x'.repeat(616 - JSON.stringify(record).length);
      return record;
    });
    const payload = JSON.stringify(records);
    expect(payload.length).toBe(5000 * 617 + 1);
    const device = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { username: plant.client.clientId, password: plant.client.clientSecret, reconnectPeriod: 0 });
    try {
      await device.publishAsync(`portal/telemetry/${plant.sn}`, payload, { qos: 1 });
    } finally {
      await device.endAsync();
    }
    expect((await storedSamples(t, plant.sn)).filter((s) => s.ts >= base && s.ts < base + 5000 * 1000)).toHaveLength(5000);
  });

  it('after logging in, takes a packet of exactly MQTT_MAX_PACKET_BYTES and closes the connection for one byte more', async () => {
    const topic = `portal/telemetry/${plant.sn}`;
    const message = (ts: number, size: number) => {
      const record = { ts, pvPower: 321, pad: '' };
      // The filler makes the whole PUBLISH `size` bytes (the remaining length of a big one takes 4).
      const bare = JSON.stringify(record).length;
      let pad = size - publishSize(topic, bare);
      while (publishSize(topic, bare + pad) > size) pad--;
      record.pad = 'x'.repeat(pad);
      const payload = JSON.stringify(record);
      expect(publishSize(topic, payload.length)).toBe(size);
      return payload;
    };
    const device = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { username: plant.client.clientId, password: plant.client.clientSecret, reconnectPeriod: 0 });
    device.on('error', () => undefined);
    const atLimit = Date.now() - 60_000;
    await device.publishAsync(topic, message(atLimit, LIMIT), { qos: 1 });
    const closed = new Promise<string>((resolve) => device.once('close', () => resolve('closed')));
    const overLimit = atLimit + 1000;
    // A closed connection leaves mqtt.js's promise pending: whichever comes first tells.
    const outcome = await Promise.race([closed, device.publishAsync(topic, message(overLimit, LIMIT + 1), { qos: 1 }).then(() => 'acknowledged', () => 'closed')]);
    device.end(true);
    expect(outcome).toBe('closed');
    const stored = (await storedSamples(t, plant.sn)).filter((s) => s.ts === atLimit || s.ts === overLimit);
    expect(stored).toEqual([{ ts: atLimit, pvPower: 321 }]);
  });

  it('after logging in, closes a connection whose packet announces more than the limit before its bytes come', async () => {
    const client = await rawClient(port);
    client.socket.write(connectPacket('limits-test', plant.client.clientId, plant.client.clientSecret));
    // CONNACK, accepted.
    while (client.received().length < 4) await new Promise((resolve) => client.socket.once('data', resolve));
    expect([...client.received()]).toEqual([0x20, 2, 0, 0]);
    const topic = mqttString(`portal/telemetry/${plant.sn}`);
    // A QoS 1 PUBLISH one byte over: type and flags, a 4-byte remaining length, then the body.
    const header = Buffer.concat([Buffer.from([0x32]), remainingLength(LIMIT + 1 - 5), topic, Buffer.from([0, 1])]);
    const { sent, closed } = await trickle(client, header);
    expect(closed).toBe(true);
    expect(sent).toBeLessThan(64 * 1024);
  });
});
