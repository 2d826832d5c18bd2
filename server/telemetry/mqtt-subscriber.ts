// With MQTT_URL, an external broker (Mosquitto, EMQX, ...) takes the devices' connections and does
// their authentication and ACLs; the server subscribes to portal/telemetry/+ there and ingests.
// The office check of the embedded broker does not apply: any serial in the inventory is taken.
// Commands to devices go out on the same connection, and their replies come in on it
// (device-commands.ts): the broker's ACL must let the server publish portal/command/+ and read
// portal/reply/+, and each device read its own portal/command/<sn> and write its portal/reply/<sn>.
//
// mqtt.js sends the PUBACK of a QoS 1 message when `handleMessage` calls back, so it calls back
// after the commit. It hands over one message at a time, so there is no batching on this path.
import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';
import { messageOf, Refused, TOPIC_PREFIX, type MqttIngest } from './mqtt-ingest.ts';
import type { CommandChannel } from './device-commands.ts';
import type { MqttService } from './mqtt.ts';

export interface MqttSubscriberOptions {
  url: string;
  ingest: MqttIngest;
  log: FastifyBaseLogger;
}

const RECONNECT_MS = 5000;

export function startMqttSubscriber({ url, ingest, log }: MqttSubscriberOptions): MqttService {
  // resubscribe off: the connect handler below subscribes, and learns when it took.
  const client = mqtt.connect(url, { clientId: `portal_${randomBytes(8).toString('hex')}`, reconnectPeriod: RECONNECT_MS, resubscribe: false });
  let resolveReady!: () => void;
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));
  // One warning per outage, not one per reconnect attempt.
  let down = false;
  const where = new URL(url).host;
  /** The command channel's subscriptions: filter and handler, subscribed again on every connect. */
  const listeners: { filter: string; handler: (topic: string, payload: Buffer) => void }[] = [];
  const subscribeTo = (filter: string) => new Promise<void>((resolve) => {
    client.subscribe(filter, { qos: 1 }, (error, granted) => {
      if (error || granted?.some((g) => g.qos === 128)) log.error({ err: error, broker: where }, `mqtt: cannot subscribe to ${filter}`);
      resolve();
    });
  });
  const matches = (filter: string, topic: string) => (filter.endsWith('+') ? topic.startsWith(filter.slice(0, -1)) && !topic.slice(filter.length - 1).includes('/') : filter === topic);

  client.handleMessage = (packet, callback) => {
    const heard = listeners.filter((l) => matches(l.filter, packet.topic));
    if (heard.length) {
      const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
      for (const listener of heard) listener.handler(packet.topic, payload);
      return callback();
    }
    let message;
    try {
      message = messageOf(packet.topic, packet.payload);
    } catch (error) {
      // Acknowledged anyway: a broken message would come back for ever.
      log.warn({ topic: packet.topic, reason: (error as Error).message }, 'mqtt: message dropped');
      return callback();
    }
    ingest.submit(message, undefined).then(() => callback(), (error: Error) => {
      if (error instanceof Refused) return callback();
      // Not acknowledged: the broker delivers it again after a reconnect.
      log.error({ err: error, topic: packet.topic }, 'mqtt: message not stored');
      callback(error);
    });
  };
  client.on('connect', () => {
    if (down) log.info({ broker: where }, 'mqtt: connected again');
    down = false;
    // A clean session forgets subscriptions: subscribe on every connect.
    client.subscribe(`${TOPIC_PREFIX}+`, { qos: 1 }, (error, granted) => {
      if (error || granted?.some((g) => g.qos === 128)) log.error({ err: error, broker: where }, `mqtt: cannot subscribe to ${TOPIC_PREFIX}+`);
      else resolveReady();
    });
    for (const { filter } of listeners) void subscribeTo(filter);
  });
  const channel: CommandChannel = {
    async publish(topic, payload) {
      await client.publishAsync(topic, payload, { qos: 1 });
    },
    async subscribe(filter, handler) {
      listeners.push({ filter, handler });
      if (client.connected) await subscribeTo(filter);
    },
  };
  client.on('error', (error) => {
    if (!down) log.warn({ err: error, broker: where }, 'MQTT_URL: the broker does not answer; retrying every 5 s');
    down = true;
  });
  return {
    port: undefined,
    channel,
    ready,
    async stop() {
      await client.endAsync();
    },
  };
}
