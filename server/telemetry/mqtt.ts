// Starts MQTT ingest with the server (app.ts): the subscription to MQTT_URL's broker when it is
// set, else the embedded broker on MQTT_HOST:MQTT_PORT. MQTT=0 (config.mqttEnabled) starts neither.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { CommandChannel } from './device-commands.ts';
import type { LiveEvents } from './live.ts';
import { startMqttBroker } from './mqtt-broker.ts';
import { MqttIngest } from './mqtt-ingest.ts';
import { startMqttSubscriber } from './mqtt-subscriber.ts';

export interface MqttService {
  /** The embedded broker's port (useful when MQTT_PORT is 0); undefined when subscribing to MQTT_URL. */
  port: number | undefined;
  /** Resolves once messages can arrive: at once for the embedded broker, at the first subscription to MQTT_URL's. */
  ready: Promise<void>;
  /** Commands to devices and their replies, through the same broker (device-commands.ts). */
  channel: CommandChannel;
  stop(): Promise<void>;
}

/**
 * Starts MQTT ingest: the subscription to MQTT_URL's broker, else the embedded broker. Undefined
 * when the embedded broker cannot listen (already warned): the rest of the server runs without it.
 */
export async function startMqtt(config: Config, database: Database, secretKey: Buffer, live: LiveEvents, log: FastifyBaseLogger): Promise<MqttService | undefined> {
  const ingester = new MqttIngest(database.db, live, log, config.rawRetentionDays);
  if (config.mqttUrl) {
    // Not awaited: an external broker that is down must not hold up the start (the client retries).
    return startMqttSubscriber({ url: config.mqttUrl, ingest: ingester, log });
  }
  return startMqttBroker({
    host: config.mqttHost, port: config.mqttPort, db: database.db, secretKey, ingest: ingester, log,
    maxPacketBytes: config.mqttMaxPacketBytes, connectTimeoutMs: config.mqttConnectTimeoutMs,
  });
}
