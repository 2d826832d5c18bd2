// Opens the database: PGlite (embedded, or in memory for tests) or PostgreSQL, behind one
// Drizzle type, and applies the committed migrations.
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Calls `onMessage` with each payload NOTIFYed on `channel` by any connection, after its
   * commit. `onLost` hears that the listening connection broke (PostgreSQL; it reconnects), as
   * announcements may have been missed meanwhile. Resolves to a function that stops listening.
   */
  /**
   * Runs one fixed statement with parameters, bypassing the query builder: for the few
   * statements every request runs. On PostgreSQL it is prepared once per connection under `name`.
   */
  prepared<Row>(name: string, text: string, values: unknown[]): Promise<Row[]>;
  listen(channel: string, onMessage: (payload: string) => void, onLost: (error: Error) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

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
      connect().catch((error: Error) => {
        if (stopped) return;
        onLost(error);
        retry();
      });
    }, RELISTEN_DELAY_MS).unref();
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end();
  };
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** Directory of the embedded database; `memory://` or undefined for an in-memory one. */
  dataDir?: string | undefined;
  /** Connections of the PostgreSQL pool (config.databasePoolSize). */
  poolSize?: number | undefined;
  /** A PGlite data-directory dump to start from (tests reuse one migrated template). */
  loadDataDir?: Blob | File | undefined;
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
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder });
    const url = options.databaseUrl;
    return {
      db: db as unknown as Db, kind: 'postgres', close: () => pool.end(),
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
  const client = await PGlite.create({ dataDir, loadDataDir: options.loadDataDir, extensions: { pg_trgm } });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return {
    db: db as unknown as Db, kind: 'pglite', close: () => client.close(),
    prepared: async <Row>(_name: string, text: string, values: unknown[]) => (await client.query<Row>(text, values)).rows,
    // One connection, which hears its own notifications as each commit returns.
    listen: async (channel, onMessage) => {
      const stop = await client.listen(channel, onMessage);
      return async () => {
        if (!client.closed) await stop();
      };
    },
  };
}
