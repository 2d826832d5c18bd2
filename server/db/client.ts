// Opens the database: PGlite (embedded, or in memory for tests) or PostgreSQL, behind one
// Drizzle type, and applies the committed migrations.
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { constants, cpSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the connection string, for the connections kept outside the pool. */
  url?: string;
  /**
   * Runs one fixed statement with parameters, bypassing the query builder: for the few
   * statements every request runs. On PostgreSQL it is prepared once per connection under `name`.
   */
  prepared<Row>(name: string, text: string, values: unknown[]): Promise<Row[]>;
  /**
   * Calls `onMessage` with each payload NOTIFYed on `channel` by any connection, after its
   * commit. `onLost` hears that the listening connection broke (PostgreSQL; it reconnects), as
   * announcements may have been missed meanwhile.
   */
  listen(channel: string, onMessage: (payload: string) => void, onLost: (error: Error) => void): Promise<Listener>;
  /** PGlite only: the data directory as a gzipped tarball (server/db/pglite-template.ts). */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

export interface Listener {
  /**
   * Resolves once every notification committed before the call has been handed to `onMessage`;
   * rejects while the listening connection is down (and may hang while it is stalled: callers
   * bound the wait).
   */
  caughtUp(): Promise<void>;
  /**
   * Runs one statement on the listening connection, prepared once under `name`: its answer is a
   * round trip as good as caughtUp's. Rejects with NotListeningError, before sending anything,
   * while the connection is down.
   */
  query<Row>(name: string, text: string, values: unknown[]): Promise<Row[]>;
  /** Whether the connection is up now (it may have missed announcements while it was down). */
  listening(): boolean;
  stop(): Promise<void>;
}

/** The listening connection is down (it reconnects by itself): the statement was not sent. */
export class NotListeningError extends Error {}

const RELISTEN_DELAY_MS = 1000;

/** LISTEN on a connection of its own, reconnecting after a loss (every second) until stopped. */
async function listenOnPostgres(pg: typeof import('pg').default, url: string, channel: string, onMessage: (payload: string) => void, onLost: (error: Error) => void) {
  let client: InstanceType<typeof pg.Client> | undefined;
  let stopped = false;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (n) => {
      if (n.channel === channel) onMessage(n.payload ?? '');
    });
    next.on('error', (error) => {
      if (client === next) client = undefined;
      if (stopped) return;
      onLost(error);
      void next.end().catch(() => undefined);
      retry();
    });
    await next.connect();
    await next.query(`listen ${channel}`);
    client = next;
    // Stopped while connecting: this connection is nobody's to end but ours.
    if (stopped) await next.end();
  };
  const retry = () => {
    setTimeout(() => {
      if (stopped) return;
      connect().then(() => {
        // What was cached while nobody listened was cached without its announcements.
        if (!stopped) onLost(new Error(`listening on ${channel} again after a loss`));
      }, (error: Error) => {
        if (stopped) return;
        onLost(error);
        retry();
      });
    }, RELISTEN_DELAY_MS).unref();
  };
  await connect();
  return {
    // A round trip on the listening connection itself: PostgreSQL sends a listening session the
    // notifications pending for it before it reports itself ready for the next query, and any
    // commit that returned before this query was sent has already signalled it. So once the
    // answer is read, the notifications that came before it on the wire have been handled.
    async caughtUp() {
      if (!client) throw new NotListeningError(`not listening on ${channel}`);
      await client.query('select 1');
    },
    async query<Row>(name: string, text: string, values: unknown[]) {
      if (!client) throw new NotListeningError(`not listening on ${channel}`);
      return (await client.query({ name, text, values })).rows as Row[];
    },
    listening: () => client !== undefined,
    async stop() {
      stopped = true;
      await client?.end();
    },
  };
}

/** Distinct statement texts that get a name (per process): each costs every connection a prepared statement. */
export const MAX_NAMED_STATEMENTS = 256;

/**
 * Names the parameterised reads and writes a pooled connection runs by a hash of their text, so
 * that PostgreSQL parses each once per connection and may keep a generic plan, rather than parse
 * and plan it on every call (a dashboard statement's parse and plan took four times its run).
 * Statements without parameters (DDL, BEGIN) and texts past MAX_NAMED_STATEMENTS stay unnamed.
 * Without `names` (DATABASE_NAMED_STATEMENTS=0), no statement keeps a name, not even one its
 * caller gave it: a pooler that moves transactions between connections would lose it.
 */
export function nameStatements(client: { query: (...args: never[]) => unknown }, names: Map<string, string> | undefined) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((config: unknown, ...rest: unknown[]) => {
    if (!names) {
      if (typeof config !== 'object' || config === null || !('name' in config)) return query(config, ...rest);
      const { name: _unnamed, ...unnamed } = config as { name?: string };
      return query(unnamed, ...rest);
    }
    const named = statementName(config, rest[0], names);
    return query(named ? { ...(config as object), name: named } : config, ...rest);
  }) as typeof client.query;
}

const DML = /^\s*(select|insert|update|delete|with)\b/i;

/** A prepared statement's name for its text: equal texts, equal names; different texts, different names. */
export const statementNameOf = (text: string) => `s_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;

function statementName(config: unknown, values: unknown, names: Map<string, string>): string | undefined {
  if (typeof config !== 'object' || config === null) return undefined;
  const { text, name } = config as { text?: unknown; name?: unknown };
  const params = (config as { values?: unknown[] }).values ?? values;
  if (name || typeof text !== 'string' || !Array.isArray(params) || !params.length || !DML.test(text)) return undefined;
  const known = names.get(text);
  if (known || names.size >= MAX_NAMED_STATEMENTS) return known;
  const fresh = statementNameOf(text);
  names.set(text, fresh);
  return fresh;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Copies a PGlite data directory into a new one (copy-on-write where the file system can).
 * PG_VERSION comes last: a copy cut short leaves a directory that is still new, which the next
 * start copies into again.
 */
export function copyDataDir(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  const copy = (entry: string) => cpSync(path.join(from, entry), path.join(to, entry), { recursive: true, force: true, mode: constants.COPYFILE_FICLONE });
  for (const entry of readdirSync(from)) if (entry !== 'PG_VERSION') copy(entry);
  copy('PG_VERSION');
}

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** Directory of the embedded database; `memory://` or undefined for an in-memory one. */
  dataDir?: string | undefined;
  /** Statements named for PostgreSQL to parse once per connection (config.databaseNamedStatements; on unless false). */
  namedStatements?: boolean | undefined;
  /** Connections of the PostgreSQL pool (config.databasePoolSize). */
  poolSize?: number | undefined;
  /** A PGlite data-directory dump to start from when the directory is new (pglite-template.ts). */
  loadDataDir?: Blob | File | undefined;
  /**
   * A migrated PGlite data directory to copy when the directory is new (pglite-template.ts):
   * quicker than unpacking a dump. Preferred to loadDataDir when both are given.
   */
  templateDir?: string | undefined;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection the server closed (restart, failover, DROP ... WITH FORCE) is dropped
    // from the pool, which opens a new one when needed; unheard, it would end the process.
    pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
    const names = options.namedStatements === false ? undefined : new Map<string, string>();
    pool.on('connect', (client) => nameStatements(client, names));
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder });
    const url = options.databaseUrl;
    return {
      db: db as unknown as Db, kind: 'postgres', url: options.databaseUrl, close: () => pool.end(),
      prepared: async <Row>(name: string, text: string, values: unknown[]) => (await pool.query({ name, text, values })).rows as Row[],
      listen: (channel, onMessage, onLost) => listenOnPostgres(pg, url, channel, onMessage, onLost),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  // Trigram indexes serve the lists' substring filters, as on PostgreSQL.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dataDir = options.dataDir && options.dataDir !== 'memory://' ? options.dataDir : undefined;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // A template initialises a new directory only; an existing one is opened as it is.
  const isNew = !dataDir || !existsSync(path.join(dataDir, 'PG_VERSION'));
  let loadDataDir = isNew ? options.loadDataDir : undefined;
  if (isNew && dataDir && options.templateDir) {
    copyDataDir(options.templateDir, dataDir);
    loadDataDir = undefined;
  }
  const client = await PGlite.create({ dataDir, loadDataDir, extensions: { pg_trgm } });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return {
    db: db as unknown as Db, kind: 'pglite', close: () => client.close(),
    dumpDataDir: async () => await client.dumpDataDir('gzip'),
    prepared: async <Row>(_name: string, text: string, values: unknown[]) => (await client.query<Row>(text, values)).rows,
    // One connection, which hears its own notifications as each commit returns.
    listen: async (channel, onMessage) => {
      const stop = await client.listen(channel, onMessage);
      return {
        // Every commit is this process's own, and its notifications are heard as it returns.
        caughtUp: async () => undefined,
        query: async <Row>(_name: string, text: string, values: unknown[]) => (await client.query<Row>(text, values)).rows,
        listening: () => !client.closed,
        stop: async () => {
          if (!client.closed) await stop();
        },
      };
    },
  };
}
