// Builds the Fastify app without listening (server.ts listens; tests call app.inject).
// Plugins load in a fixed order: parsers, envelope, rate limit, admission, signature, auth, routes, uploads, docs, web.
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { holdDatabase } from './db/ownership.ts';
import { loadContract, type Contract } from './contract/contract.ts';
import { learnDatabaseTimeZones } from './contract/value-formats.ts';
import { handlers as allHandlers } from './handlers/index.ts';
import { MAX_DOCUMENT_BYTES } from './handlers/files.ts';
import type { Handlers } from './handlers/types.ts';
import envelope, { clientErrorHandler } from './plugins/envelope.ts';
import rateLimit, { memoryRateCounter, redisRateCounter } from './plugins/rate-limit.ts';
import signature from './plugins/signature.ts';
import admission from './plugins/admission.ts';
import securityHeaders from './plugins/security-headers.ts';
import auth from './plugins/auth.ts';
import routes from './plugins/routes.ts';
import uploads from './plugins/uploads.ts';
import docs from './plugins/docs.ts';
import web from './plugins/web.ts';
import { databaseNonceStore, memoryNonceStore, redisNonceStore } from './repositories/nonces.ts';
import { apiClientKey } from './repositories/api-clients.ts';
import { secretKeyOf } from './domain/auth/secret-box.ts';
import { tileImageSource } from './domain/map/tile-server.ts';
import { loggerOptions } from './logging.ts';
import { AuthCache } from './services/auth-cache.ts';
import { listenAuthEvents, type AuthEvents } from './services/auth-events.ts';
import { CountCache } from './services/count-cache.ts';
import { ListMemo } from './services/list-memo.ts';
import { FleetMemo } from './services/fleet-memo.ts';
import { startUpgradeWorker } from './services/upgrade-worker.ts';
import { startPointsExpiry } from './services/points-expiry.ts';
import { startRetention } from './telemetry/retention.ts';
import { Simulator } from './telemetry/simulator.ts';
import { startLiveEvents, type LiveEvents } from './telemetry/live.ts';
import { startMqtt, type MqttService } from './telemetry/mqtt.ts';
import { startAlarmSchedule } from './alarms/schedule.ts';
import { weatherProvider } from './telemetry/weather-service.ts';
import { startUserEvents, type UserEvents } from './alarms/user-events.ts';
import { createSender } from './services/sender.ts';
import { DeviceCommands } from './telemetry/device-commands.ts';
import { answerAsSimulatedDevices } from './telemetry/simulated-device-answers.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  contract?: Contract;
  handlers?: Handlers;
  logger?: boolean | object;
  /**
   * Stops the process when it finds itself in conflict with another over the database
   * (server/db/ownership.ts); by default the app only closes.
   */
  stop?: () => void;
}

/** Connects before the app is built: a server that cannot share replay state must not start. */
async function openRedis(url: string, app: FastifyInstance): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  redis.on('error', (error: Error) => app.log.error({ err: error }, 'redis connection'));
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`REDIS_URL: cannot connect to Redis (${(error as Error).message})`, { cause: error });
  }
  return redis;
}

/**
 * Holds the PostgreSQL database alone or shared for the app's life (server/db/ownership.ts); a
 * process that finds itself in conflict later (its lock lost and taken by another) stops serving.
 */
async function holdOwnership(app: FastifyInstance, database: Database, shared: boolean, stop: () => void) {
  const { default: pg } = await import('pg');
  const ownership = await holdDatabase(pg, database.url!, shared, (error) => {
    app.log.fatal({ err: error }, 'lost hold of the database; stopping');
    stop();
  });
  app.addHook('onClose', async () => ownership.release());
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const contract = options.contract ?? loadContract();
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    // Always the server's own: a caller's x-request-id is logged beside it (envelope plugin), never as it.
    genReqId: () => randomUUID(),
    bodyLimit: config.bodyLimit,
    // A hop count trusts that many proxies nearest to the server.
    trustProxy: typeof config.trustProxy === 'number' ? ((_address: string, hop: number) => hop < (config.trustProxy as number)) : config.trustProxy,
    // The spec's menu path has a double slash that must match as written.
    routerOptions: { ignoreDuplicateSlashes: false },
    ajv: { customOptions: { strict: false } },
    clientErrorHandler,
    // A request arriving while the server stops is answered by the admission plugin, in the envelope.
    return503OnClosing: false,
  });

  // First, so that a process in conflict with those running stops before it opens anything else.
  if (database.kind === 'postgres') await holdOwnership(app, database, config.cluster, options.stop ?? (() => void app.close()));
  await app.register(formbody);
  // A file part may be as large as uploadFile's documents, whatever BODY_LIMIT says of JSON and forms.
  await app.register(multipart, { attachFieldsToBody: 'keyValues', limits: { fileSize: Math.max(config.bodyLimit, MAX_DOCUMENT_BYTES), files: 10 } });
  // Read (or created) now, so that a bad APP_SECRET, key file or MAP_TILE_URL stops the start rather than a request.
  const secretKey = secretKeyOf(config);
  const tileSource = tileImageSource(config.mapTileUrl);
  if (!config.appSecret && config.databaseUrl) {
    app.log.warn('APP_SECRET is not set: API client secrets are sealed with the key file under DATA_DIR, which other servers sharing the database do not have');
  }
  // Several server processes agree on replay and rate-limit state through Redis when there is one.
  const redis = config.redisUrl ? await openRedis(config.redisUrl, app) : undefined;
  if (redis) {
    app.addHook('onClose', async () => {
      await redis.quit();
    });
  }

  await app.register(envelope, { apiPrefix: config.apiPrefix });
  await app.register(securityHeaders, { trustProxy: config.trustProxy, docsPrefix: `${config.apiPrefix}/docs` });
  await app.register(rateLimit, {
    apiPrefix: config.apiPrefix, perIp: config.rateLimitPerIp, perToken: config.rateLimitPerToken,
    counter: redis ? redisRateCounter(redis) : memoryRateCounter(),
  });
  await app.register(admission, { maxConcurrent: config.maxConcurrentRequests, maxQueueWaitMs: config.maxQueueWaitMs });
  const authCache = new AuthCache();
  app.decorate('authCache', authCache);
  const counts = new CountCache();
  const fleet = new FleetMemo();
  const lists = new ListMemo();
  const alone = database.kind === 'pglite' || !config.cluster;
  const authEvents = await listenAuthEvents(database, authCache, {
    invalidate() {
      counts.invalidate();
      fleet.invalidate();
    },
    tableChanged: (table) => lists.changed(table),
    lost: () => lists.clear(),
  }, app.log, { alone });
  app.decorate('authEvents', authEvents);
  app.addHook('onClose', async () => authEvents.close());
  await app.register(signature, {
    keyOf: async (clientId: string) => (clientId === 'web' ? config.webClientKey : apiClientKey(database.db, secretKey, clientId)),
    // A process alone with its database needs no shared store and no write per request. In a
    // cluster the claims travel on the announcements' connection, where their answer also tells
    // that the request's cached session is current.
    nonces: redis ? redisNonceStore(redis) : alone ? memoryNonceStore()
      : databaseNonceStore({ claim: authEvents.query, sweep: database.prepared }),
  });
  await app.register(auth, { db: database.db, cache: authCache, events: authEvents });
  const upgrades = startUpgradeWorker(database.db, app.log);
  app.addHook('onClose', async () => upgrades.stop());
  // Plants with newly committed telemetry, for the live streams; closing ends the streams, which
  // would otherwise hold the server's close open.
  const live = await startLiveEvents(database, app.log, () => fleet.committed());
  app.decorate('live', live);
  app.addHook('preClose', async () => live.close());
  // Alarms and messages for each user's open pages; one sender for the handlers and the alarm e-mails.
  const sender = createSender(config, database.db, app.log);
  const userEvents = await startUserEvents(database, sender, app.log);
  app.decorate('userEvents', userEvents);
  app.addHook('preClose', async () => userEvents.close());
  // Background work starts once the server is serving, after listen() has returned: retention, points expiry,
  // and the demo simulator, whose history backfill would otherwise hold up the start (issue 7).
  const simulator = config.simulator
    ? new Simulator(database.db, app.log, { backfillDays: config.simBackfillDays, liveStepS: 60, backfillStepS: 300 }, (plants) => live.committed(plants)) : undefined;
  let retention: { stop(): void } | undefined;
  let pointsExpiry: { stop(): Promise<void> } | undefined;
  let alarmSchedule: { stop(): Promise<void> } | undefined;
  app.addHook('onListen', async () => {
    setTimeout(() => {
      retention = startRetention(database.db, config.rawRetentionDays, app.log);
      pointsExpiry = startPointsExpiry(database.db, app.log);
      alarmSchedule = startAlarmSchedule(database.db, app.log, weatherProvider(config.weatherProvider));
      void simulator?.start();
    }, 0).unref();
  });
  app.addHook('preClose', async () => {
    retention?.stop();
    await pointsExpiry?.stop();
    await alarmSchedule?.stop();
    await simulator?.stop();
  });
  // MQTT starts with the server too; a busy MQTT_PORT only warns. `app.mqtt` settles once started.
  let startMqttNow!: () => void;
  let mqttStarted = false;
  app.decorate('mqtt', new Promise<MqttService | undefined>((resolve) => {
    startMqttNow = () => resolve(config.mqttEnabled ? startMqtt(config, database, secretKey, live, app.log).catch((error: Error) => {
      app.log.error({ err: error }, 'mqtt: not started');
      return undefined;
    }) : undefined);
  }));
  // Remote-settings commands ride on the same broker once it is up; until then (or with MQTT off)
  // a command fails at once as unanswered. The simulator's devices answer them through it too.
  const deviceCommands = new DeviceCommands(config.remoteCommandTimeoutMs, app.log);
  app.decorate('deviceCommands', deviceCommands);
  app.addHook('onListen', async () => {
    mqttStarted = true;
    startMqttNow();
  });
  app.addHook('preClose', async () => {
    deviceCommands.detach();
    if (mqttStarted) await (await app.mqtt)?.stop();
  });
  void app.mqtt.then(async (service) => {
    if (!service) return;
    await deviceCommands.attach(service.channel);
    if (config.simulator) await answerAsSimulatedDevices(service.channel, database.db, app.log);
  }).catch((error: Error) => app.log.error({ err: error }, 'mqtt: device commands not started'));
  // Before the first request is validated: a zone is checked against the database's names.
  await learnDatabaseTimeZones(database.db);
  await app.register(routes, {
    authEvents, counts, fleet, lists, sender,
    contract, handlers: options.handlers ?? allHandlers, apiPrefix: config.apiPrefix,
    responseContract: config.responseContract, db: database.db, config,
  });
  await app.register(uploads, { config });
  await app.register(docs, { contract, apiPrefix: config.apiPrefix });
  await app.register(web, { webDist: config.webDist, tileSource });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    authCache: AuthCache;
    /** `sync()` waits until this process has heard every change committed so far. */
    authEvents: AuthEvents;
    live: LiveEvents;
    /** Alarm and message events for users' open pages (userEventStream). */
    userEvents: UserEvents;
    /** MQTT ingest once the server listens; undefined when off or its port was taken. */
    mqtt: Promise<MqttService | undefined>;
    /** Commands to devices over MQTT (remote settings). */
    deviceCommands: DeviceCommands;
  }
}
