// A server process holds its PostgreSQL database alone unless every process sharing it runs with
// CLUSTER=1 (server/db/ownership.ts): a process that would break that refuses to start and says
// why, and one that finds itself in conflict after a lost connection stops serving.
import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { OWNERSHIP_LOCK_KEY, OwnershipConflictError } from '../../server/db/ownership.ts';
import { loggerOptions } from '../../server/logging.ts';
import { DEMO_PASSWORD } from '../fixtures/app.ts';
import { freshPostgresDatabase } from '../fixtures/postgres.ts';

const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
const opened: Database[] = [];
beforeAll(async () => {
  database = await freshPostgresDatabase(POSTGRES_URL);
});
afterAll(async () => {
  for (const each of opened) await each.close();
  await database?.drop();
});

/** A server process's app on the shared database, with its log lines collected. */
async function serverProcess(cluster: boolean) {
  const connection = await openDatabase({ databaseUrl: database.url, poolSize: 2 });
  opened.push(connection);
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const config = loadConfig({}, { demo: true, demoPassword: DEMO_PASSWORD, webDist: '/nonexistent', mqttEnabled: false, simulator: false, cluster });
  const app = await buildApp({ config, database: connection, logger: { ...loggerOptions('info'), stream: logStream } });
  await app.ready();
  return { app, lines };
}

/** The backends holding the ownership lock of the shared database. */
async function holders(): Promise<number[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const key = BigInt.asUintN(64, OWNERSHIP_LOCK_KEY);
    const { rows } = await client.query<{ pid: number }>(
      `select pid from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())
         and (classid::bigint << 32 | objid::bigint) = $1`, [key.toString()]);
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

/** Ends the connection that holds the lock (as a network fault or a restarted database would); its backend's pid. */
async function cutHoldersConnection(): Promise<number> {
  const [pid] = await holders();
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  await admin.query('select pg_terminate_backend($1)', [pid]);
  await admin.end();
  return pid!;
}

describe('holding the database', () => {
  it('refuses a second process while one holds the database alone, whatever its mode, and admits it once that one has stopped', async () => {
    const alone = await serverProcess(false);
    expect(await holders()).toHaveLength(1);
    await expect(serverProcess(false)).rejects.toThrow(OwnershipConflictError);
    await expect(serverProcess(false)).rejects.toThrow(/start every one of them with CLUSTER=1/);
    await expect(serverProcess(true)).rejects.toThrow(/holds this database alone/);
    await alone.app.close();
    expect(await holders()).toHaveLength(0);

    const first = await serverProcess(true);
    const second = await serverProcess(true);
    expect(await holders()).toHaveLength(2);
    await expect(serverProcess(false)).rejects.toThrow(/another server process uses this database/);
    await first.app.close();
    await second.app.close();
  });

  it('stops serving when its lock is lost and another process takes the database before it can take it again', async () => {
    const alone = await serverProcess(false);
    await cutHoldersConnection();
    // In the second before the first process tries again, a process in a cluster starts.
    const intruder = await serverProcess(true);
    for (let i = 0; i < 50 && !alone.lines.some((line) => line.includes('lost hold of the database')); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(alone.lines.find((line) => line.includes('lost hold of the database'))).toMatch(/CLUSTER=1/);
    // Closed: it answers nothing more.
    await expect.poll(() => alone.app.inject({ url: '/dev-api/api/v1/sys/site/list' }).then(() => 'answered', (error: Error) => error.message)).toMatch(/closed/);
    await intruder.app.close();
  });

  it('takes its lock again on a new connection when nobody else got in', async () => {
    const alone = await serverProcess(false);
    const pid = await cutHoldersConnection();
    let now: number[] = [];
    for (let i = 0; i < 50 && (now.length === 0 || now[0] === pid); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      now = await holders();
    }
    expect(now).toHaveLength(1);
    expect(now[0]).not.toBe(pid);
    await expect(serverProcess(true)).rejects.toThrow(OwnershipConflictError);
    expect(alone.lines.some((line) => line.includes('lost hold of the database'))).toBe(false);
    await alone.app.close();
  });
});
