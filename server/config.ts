// Every setting of the server, read once from the environment. The defaults give the embedded
// mode: PGlite under ./data, demo accounts, no external services.
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_TILE_ATTRIBUTION, DEFAULT_TILE_ATTRIBUTION_URL, DEFAULT_TILE_URL } from './domain/map/tile-server.ts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL URL; when absent the embedded PGlite under dataDir is used. */
  databaseUrl: string | undefined;
  /** `memory://` PGlite for tests. */
  inMemoryDb: boolean;
  /** MQTT ingest at all (MQTT; on by default): the embedded broker, or the subscription to mqttUrl. */
  mqttEnabled: boolean;
  /** External broker to subscribe to (portal/telemetry/+); unset: the embedded broker listens. */
  mqttUrl: string | undefined;
  /** Port of the embedded broker; 0 takes any free port (tests). */
  mqttPort: number;
  /** Interface of the embedded broker: loopback unless devices reach this machine directly. */
  mqttHost: string;
  /**
   * The largest MQTT packet the embedded broker takes, in bytes, header included; a connection
   * announcing a larger one is closed before its bytes arrive (telemetry/mqtt-limits.ts).
   */
  mqttMaxPacketBytes: number;
  /** How long a connection to the embedded broker may take to send its CONNECT before it is closed. */
  mqttConnectTimeoutMs: number;
  /**
   * How long a remote-settings command waits for the device's answer over MQTT before the call
   * fails and changes nothing (REMOTE_COMMAND_TIMEOUT_MS; docs/device-commands.md).
   */
  remoteCommandTimeoutMs: number;
  redisUrl: string | undefined;
  /**
   * Several server processes share the PostgreSQL database (CLUSTER=1): replay nonces and cache
   * checks go through the database (or Redis). Unset, a process holds its database alone
   * (server/db/ownership.ts). PGlite is always one process.
   */
  cluster: boolean;
  webClientKey: string;
  demo: boolean;
  demoPassword: string;
  adminLogin: string | undefined;
  adminPassword: string | undefined;
  oldWebUrl: string | undefined;
  /**
   * The portal's address as people reach it (`https://portal.example.com`), for links in e-mails;
   * unset, a link uses the address the request that caused it came to.
   */
  publicUrl: string | undefined;
  /** smtp(s)://user:pass@host:port?from=... ; unset means codes and notices only reach the outbox. */
  smtpUrl: string | undefined;
  /**
   * Key material for secrets kept at rest (API clients' signing secrets). Unset in embedded mode:
   * a random key is created once under dataDir; production should set APP_SECRET.
   */
  appSecret: string | undefined;
  /**
   * Which proxies' X-Forwarded-For to believe for the client IP (rate limits, code limits):
   * unset trusts none; `true`, a hop count, or addresses/CIDRs separated by commas.
   */
  trustProxy: boolean | number | string;
  /** Lifetime of access tokens in seconds (2 hours; shorter only to exercise refresh in tests). */
  accessTokenTtlS: number;
  /** Requests per minute per client IP, and per access token, before 10006. */
  rateLimitPerIp: number;
  rateLimitPerToken: number;
  apiPrefix: string;
  /**
   * What an answer outside the contract does: `strict` refuses it with 10001 (tests), `log` sends
   * it and logs the rows that broke it (development), `off` checks nothing (production's hot path).
   */
  responseContract: ResponseContractMode;
  webDist: string;
  bodyLimit: number;
  logLevel: string;
  /** PostgreSQL connections in the pool (PGlite has exactly one). */
  databasePoolSize: number;
  /**
   * Named prepared statements on PostgreSQL (server/db/client.ts nameStatements). Off for a
   * connection pooler that hands each transaction another server connection and does not track
   * them (PgBouncer in transaction mode before 1.21, or without max_prepared_statements).
   */
  databaseNamedStatements: boolean;
  /** API requests doing database work at once; the others wait in line (load shedding). */
  maxConcurrentRequests: number;
  /** How long a request may wait in that line before it answers 10006 with Retry-After. */
  maxQueueWaitMs: number;
  /** Leaflet URL template of the map picker's raster tiles; the web app's CSP admits its host. */
  mapTileUrl: string;
  /** The tile server's credit shown on the map (plain text), and the page it links to. */
  mapTileAttribution: string;
  mapTileAttributionUrl: string;
  /** Which of the spec's regional plant rules apply (China site, AU region, or neither). */
  site: Site;
  /**
   * The main brand's key (BRAND, default elekeeper): served when no brand's host names hold the
   * request's host; main-brand-only features (system switch, AI assistant) exist for it alone.
   */
  brand: string;
  /** Days of raw telemetry kept (whole months are dropped); rollups are kept forever. */
  rawRetentionDays: number;
  /** The demo simulator feeds every plant with devices (SIM; on by default in the demo). */
  simulator: boolean;
  /** Days of history the simulator backfills after start (SIM_BACKFILL_DAYS). */
  simBackfillDays: number;
  /** Weather of getCurrentWeather / getForecastWeather (WEATHER_PROVIDER): the offline built-in model, or Open-Meteo. */
  weatherProvider: WeatherProviderName;
}

export type WeatherProviderName = 'builtin' | 'open-meteo';

function weatherProviderOf(value: string | undefined): WeatherProviderName {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || v === 'builtin') return 'builtin';
  if (v === 'open-meteo') return v;
  throw new Error(`WEATHER_PROVIDER must be builtin or open-meteo, not "${value}"`);
}

/** The main brand's key when BRAND is unset (000 section 9: the default brand key is the main brand). */
export const DEFAULT_BRAND = 'elekeeper';

export type Site = 'global' | 'cn' | 'au';

function siteOf(value: string | undefined): Site {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || v === 'global') return 'global';
  if (v === 'cn' || v === 'au') return v;
  throw new Error(`SITE must be global, cn or au, not "${value}"`);
}

/** The main brand's key, as brands.oem_key stores it (brand.schema.json's pattern). */
function brandOf(value: string | undefined): string {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '') return DEFAULT_BRAND;
  if (/^[a-z0-9][a-z0-9_-]{0,49}$/.test(v)) return v;
  throw new Error(`BRAND must be a brand key (lower-case letters, digits, _ and -), not "${value}"`);
}

/**
 * The largest telemetry message an MQTT device may need: 5,000 records (as many as an HTTP batch,
 * mqtt-ingest.ts), each in the longest form JSON.stringify gives the record schema (every field, a
 * 30-character serial, an ISO time with offset, numbers of 24 characters such as
 * -1.2345678901234568e-300): 616 bytes, 2.94 MiB the batch. 8 MiB leaves room for the fields of
 * its own a device may add (ignored, but carried) and for indented JSON, and stays under
 * BODY_LIMIT's 10 MiB for the same batch over HTTP.
 */
export const DEFAULT_MQTT_MAX_PACKET_BYTES = 8 * 1024 * 1024;
/** The most an MQTT packet can be: a 1-byte type, a 4-byte remaining length, and that length's maximum. */
const MQTT_PACKET_CEILING = 1 + 4 + 268_435_455;

/**
 * The setting `name` as a whole number within [min, max]; the fallback when unset. Anything else
 * stops the start: a bound read as NaN would compare false everywhere and bound nothing.
 */
function boundedInteger(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!/^\s*\d+\s*$/.test(value) || n < min || n > max) throw new Error(`${name} must be a whole number from ${min} to ${max}, not "${value}"`);
  return n;
}

export type ResponseContractMode = 'off' | 'log' | 'strict';

/**
 * Connections beyond a few per core only queue inside PostgreSQL: one Node process keeps about
 * four busy per core of the database machine (assumed to be this one's size).
 */
function defaultPoolSize(): number {
  return Math.min(20, Math.max(4, 4 * os.availableParallelism()));
}

function responseContractMode(value: string | undefined, production: boolean): ResponseContractMode {
  const v = (value ?? '').toLowerCase();
  if (v === 'strict' || v === 'log' || v === 'off') return v;
  if (v === '') return production ? 'off' : 'log';
  return flag(v, false) ? 'strict' : 'off';
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (!value) return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (['true', 'false'].includes(value.toLowerCase())) return value.toLowerCase() === 'true';
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  const poolSize = Number(env.DATABASE_POOL_SIZE ?? defaultPoolSize());
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl,
    inMemoryDb: false,
    mqttEnabled: flag(env.MQTT, true),
    mqttUrl: env.MQTT_URL || undefined,
    mqttPort: Number(env.MQTT_PORT ?? 1883),
    mqttHost: env.MQTT_HOST || '127.0.0.1',
    // At least 1 KiB: a device's CONNECT must fit.
    mqttMaxPacketBytes: boundedInteger('MQTT_MAX_PACKET_BYTES', env.MQTT_MAX_PACKET_BYTES, DEFAULT_MQTT_MAX_PACKET_BYTES, 1024, MQTT_PACKET_CEILING),
    // A CONNECT is a few hundred bytes: 10 s is ample on a slow cellular link, and what an idle or
    // trickling connection can last without logging in (aedes's default is 30 s).
    mqttConnectTimeoutMs: boundedInteger('MQTT_CONNECT_TIMEOUT_MS', env.MQTT_CONNECT_TIMEOUT_MS, 10_000, 100, 600_000),
    // A device on a cellular link answers within a few seconds; the user waits on the page, so
    // not much longer than that. At most 2 minutes: a proxy would close the request first.
    remoteCommandTimeoutMs: boundedInteger('REMOTE_COMMAND_TIMEOUT_MS', env.REMOTE_COMMAND_TIMEOUT_MS, 10_000, 100, 120_000),
    redisUrl: env.REDIS_URL || undefined,
    cluster: flag(env.CLUSTER, false),
    webClientKey: env.WEB_CLIENT_KEY ?? 'portal-web-public',
    // The embedded default is a demo; a real PostgreSQL means production unless DEMO says otherwise.
    demo: flag(env.DEMO, databaseUrl === undefined),
    demoPassword: env.DEMO_PASSWORD ?? 'Demo@2026',
    adminLogin: env.ADMIN_LOGIN || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    oldWebUrl: env.OLD_WEB_URL || undefined,
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : undefined,
    smtpUrl: env.SMTP_URL || undefined,
    appSecret: env.APP_SECRET || undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    accessTokenTtlS: Number(env.ACCESS_TOKEN_TTL_S ?? 7200),
    rateLimitPerIp: Number(env.RATE_LIMIT_PER_IP ?? 600),
    rateLimitPerToken: Number(env.RATE_LIMIT_PER_TOKEN ?? 300),
    apiPrefix: env.API_PREFIX ?? '/dev-api',
    responseContract: responseContractMode(env.VALIDATE_RESPONSES, env.NODE_ENV === 'production'),
    webDist: path.resolve(env.WEB_DIST ?? './dist'),
    bodyLimit: Number(env.BODY_LIMIT ?? 10 * 1024 * 1024),
    logLevel: env.LOG_LEVEL ?? 'info',
    databasePoolSize: poolSize,
    databaseNamedStatements: flag(env.DATABASE_NAMED_STATEMENTS, true),
    // PGlite runs one statement at a time; PostgreSQL gets twice its pool, so that a request
    // finishing its JavaScript never leaves a connection idle.
    maxConcurrentRequests: Number(env.MAX_CONCURRENT_REQUESTS ?? (databaseUrl ? 2 * poolSize : 8)),
    maxQueueWaitMs: Number(env.MAX_QUEUE_WAIT_MS ?? 5000),
    mapTileUrl: env.MAP_TILE_URL || DEFAULT_TILE_URL,
    mapTileAttribution: env.MAP_TILE_ATTRIBUTION || DEFAULT_TILE_ATTRIBUTION,
    mapTileAttributionUrl: env.MAP_TILE_ATTRIBUTION_URL ?? DEFAULT_TILE_ATTRIBUTION_URL,
    site: siteOf(env.SITE),
    brand: brandOf(env.BRAND),
    rawRetentionDays: Number(env.RAW_RETENTION_DAYS ?? 400),
    simulator: flag(env.SIM, flag(env.DEMO, databaseUrl === undefined)),
    simBackfillDays: Number(env.SIM_BACKFILL_DAYS ?? 90),
    weatherProvider: weatherProviderOf(env.WEATHER_PROVIDER),
    ...overrides,
  };
}
