// The embedded MQTT broker (aedes) for devices and gateways (PROTOCOL.md "MQTT"). A device logs in
// with an API client's clientId and secret as user name and password; it may publish only to
// portal/telemetry/<sn> and portal/reply/<sn>, and subscribe only to portal/command/<sn>, for
// serials of plants in that client's office subtree (docs/device-commands.md), and nothing else.
// The server's own commands and the replies it hears go through the broker itself (the channel).
//
// The work happens in aedes's authorizePublish: aedes writes a QoS 1 PUBACK (QoS 2: PUBREC) only
// after that callback, so calling it after the commit is what makes the acknowledgement mean
// "stored". A refusal there closes the connection (MQTT 3.1.1 has no negative PUBACK).
//
// Before any of that, a connection is closed as soon as it announces a packet over the limits
// (mqtt-limits.ts), or when it has not sent its CONNECT within MQTT_CONNECT_TIMEOUT_MS: what a
// client that has not logged in can make the server hold is a CONNECT of at most 16 KiB, for
// that long.
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { apiClients, offices } from '../db/schema/index.ts';
import { apiClientKey } from '../repositories/api-clients.ts';
import { COMMAND_PREFIX, REPLY_PREFIX, serialOf, type CommandChannel } from './device-commands.ts';
import { messageOf, plantPaths, Refused, type MqttIngest } from './mqtt-ingest.ts';
import { limitPacketSize } from './mqtt-limits.ts';
import type { MqttService } from './mqtt.ts';

export interface MqttBrokerOptions {
  host: string;
  port: number;
  db: Db;
  /** Opens the API clients' sealed secrets (secret-box.ts). */
  secretKey: Buffer;
  ingest: MqttIngest;
  log: FastifyBaseLogger;
  /** MQTT_MAX_PACKET_BYTES: the largest packet taken, header included. */
  maxPacketBytes: number;
  /** MQTT_CONNECT_TIMEOUT_MS: how long a connection may take to send its CONNECT. */
  connectTimeoutMs: number;
}

const digest = (value: string | Buffer) => createHash('sha256').update(value).digest();

/** The client's office path when the secret is right; undefined otherwise (unknown, revoked, wrong). */
async function officeOf(db: Db, secretKey: Buffer, clientId: string | undefined, password: Buffer | undefined): Promise<string | undefined> {
  if (!clientId || !password) return undefined;
  const secret = await apiClientKey(db, secretKey, clientId);
  // Compared as digests: equal lengths for timingSafeEqual, and no timing hint of the secret.
  if (secret === undefined || !timingSafeEqual(digest(secret), digest(password))) return undefined;
  const [row] = await db.select({ path: offices.path }).from(apiClients).innerJoin(offices, eq(offices.id, apiClients.officeId))
    .where(and(eq(apiClients.clientId, clientId), isNull(apiClients.revokedAt)));
  return row?.path;
}

/** Whether the serial is a device of a plant in the office subtree. */
async function serialInOffice(db: Db, sn: string, officePath: string): Promise<boolean> {
  const paths = await plantPaths(db, [sn.toLowerCase()]);
  return paths.get(sn.toLowerCase())?.startsWith(officePath) ?? false;
}

const authError = (message: string, returnCode: number) => Object.assign(new Error(message), { returnCode }) as AuthenticateError;

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Starts the broker; undefined (after one warning) when it cannot listen, e.g. MQTT_PORT is taken. */
export async function startMqttBroker(options: MqttBrokerOptions): Promise<MqttService | undefined> {
  const { db, secretKey, ingest, log } = options;
  /** The office subtree of each logged-in connection's API client. */
  const officePaths = new WeakMap<Client, string>();
  const broker = await Aedes.createBroker({
    connectTimeout: options.connectTimeoutMs,
    authenticate(client, username, password, done) {
      officeOf(db, secretKey, username, password).then((path) => {
        if (path === undefined) return done(authError('bad user name or password', 4), false);
        officePaths.set(client, path);
        done(null, true);
      }, (error: Error) => {
        log.error({ err: error }, 'mqtt: authentication failed');
        done(authError('server unavailable', 3), false);
      });
    },
    authorizePublish(client, packet, done) {
      // No client: a will left by a connection of an earlier run; nobody vouches for it.
      const officePath = client ? officePaths.get(client) : undefined;
      if (officePath === undefined) return done(new Refused('not logged in'));
      // Nobody may subscribe to telemetry, and a retained reply would answer a later command.
      packet.retain = false;
      const replySn = serialOf(packet.topic, REPLY_PREFIX);
      if (replySn !== undefined) {
        // A reply goes on to the server's subscription (DeviceCommands) once its device is the client's.
        serialInOffice(db, replySn, officePath).then((mine) => done(mine ? null : new Refused(`sn ${replySn}: not a device of a plant of this client's organisation`)), done);
        return;
      }
      let message;
      try {
        message = messageOf(packet.topic, packet.payload);
      } catch (error) {
        return done(error as Error);
      }
      ingest.submit(message, officePath).then(() => done(null), done);
    },
    // A device hears the commands to its own serials; telemetry is read through the API.
    authorizeSubscribe(client, subscription, done) {
      const officePath = client ? officePaths.get(client) : undefined;
      const sn = serialOf(subscription.topic, COMMAND_PREFIX);
      if (officePath === undefined || sn === undefined || /[+#]/.test(sn)) return done(null, null);
      serialInOffice(db, sn, officePath).then((mine) => done(null, mine ? subscription : null), (error: Error) => {
        log.error({ err: error }, 'mqtt: subscription check failed');
        done(null, null);
      });
    },
  });
  broker.on('clientError', (client, error) => {
    if (error instanceof Refused) log.info({ mqttClient: client.id, reason: error.message }, 'mqtt: publish refused');
    else log.warn({ mqttClient: client.id, err: error }, 'mqtt: client error');
  });
  broker.on('connectionError', (client, error) => log.info({ mqttClient: client.id, reason: error.message }, 'mqtt: connection refused'));

  const server = createServer((socket) => {
    broker.handle(socket);
    // After aedes has taken the socket (see limitPacketSize).
    limitPacketSize(socket, options.maxPacketBytes, (reason) =>
      log.info({ remoteAddress: socket.remoteAddress, reason }, 'mqtt: connection closed: packet too large'));
  });
  try {
    await listen(server, options.port, options.host);
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    log.warn(`MQTT_PORT ${options.port} on ${options.host} cannot be used (${code ?? message}): the embedded MQTT broker is off; `
      + 'HTTP ingest and the simulator keep working. Set MQTT_PORT to a free port, or MQTT=0 to turn MQTT off.');
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    return undefined;
  }
  const port = (server.address() as AddressInfo).port;
  log.info({ host: options.host, port }, 'mqtt: embedded broker listening');
  const channel: CommandChannel = {
    publish: (topic, payload) => new Promise((resolve, reject) => {
      broker.publish({ cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: false, dup: false }, (error) => (error ? reject(error) : resolve()));
    }),
    subscribe: (filter, handler) => new Promise((resolve) => {
      broker.subscribe(filter, (packet, done) => {
        handler(packet.topic, Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload));
        done();
      }, resolve);
    }),
  };
  return {
    port,
    channel,
    ready: Promise.resolve(),
    async stop() {
      // The broker ends its clients' connections first; the listener then closes without waiting on them.
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
