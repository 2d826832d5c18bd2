// The database layer on its own: migrations and seed data are idempotent, the embedded
// database persists across restarts of the process that owns it, and PostgreSQL parses a
// statement once per connection.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client.ts';
import { seed } from '../../server/db/seed/seed.ts';
import { menus, modelCodes, offices, rolePermissions, roles, users } from '../../server/db/schema/index.ts';
import type { Db } from '../../server/db/client.ts';
import { freshPostgresDatabase } from '../fixtures/postgres.ts';

const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-db-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const counts = async (db: Db) => Object.fromEntries(await Promise.all(
  Object.entries({ users, roles, rolePermissions, menus, offices }).map(async ([name, table]) => [name, (await db.select({ n: count() }).from(table))[0]!.n] as const),
));

const options = { demo: true, demoPassword: 'Demo@2026' };

describe('embedded database', () => {
  it('seeds once: a second seed and a restart duplicate nothing, and stored rows survive', async () => {
    const first = await openDatabase({ dataDir });
    await seed(first.db, options);
    const seeded = await counts(first.db);
    // The nine demo accounts of the README and the visitor behind visitorLogin.
    expect(seeded.users).toBe(10);
    await seed(first.db, options);
    expect(await counts(first.db)).toEqual(seeded);
    await first.db.insert(modelCodes).values({ modelCode: 'PERSIST-1', modelName: 'Persisted', deviceType: 1 });
    await first.close();

    const reopened = await openDatabase({ dataDir });
    await seed(reopened.db, options);
    expect(await counts(reopened.db)).toEqual(seeded);
    const [row] = await reopened.db.select({ n: count() }).from(modelCodes);
    expect(row!.n).toBe(1);
    await reopened.close();
  }, 60_000);

  it('seeds no demo accounts in production mode, only the configured administrator', async () => {
    const database = await openDatabase({ dataDir: undefined });
    await seed(database.db, { demo: false, demoPassword: 'unused', adminLogin: 'root', adminPassword: 'A-strong-passphrase-2026' });
    const rows = await database.db.select({ loginName: users.loginName }).from(users);
    expect(rows.map((r) => r.loginName)).toEqual(['root']);
    await database.close();
  }, 60_000);

  it('keeps replay nonces out of the write-ahead log', async () => {
    const database = await openDatabase({ dataDir: undefined });
    const result = (await database.db.execute(sql`select relpersistence from pg_class where relname = 'request_nonces'`)) as unknown as { rows: { relpersistence: string }[] };
    expect(result.rows).toEqual([{ relpersistence: 'u' }]);
    await database.close();
  }, 60_000);
});

describe('PostgreSQL', () => {
  /** The prepared statements of a pool of one connection that ran the same parameterised read three times, in and out of a transaction. */
  async function preparedAfterReads(namedStatements: boolean) {
    const postgres = await freshPostgresDatabase(POSTGRES_URL);
    const database = await openDatabase({ databaseUrl: postgres.url, poolSize: 1, namedStatements });
    try {
      const byCode = (db: Db, code: string) => db.select({ id: modelCodes.id }).from(modelCodes).where(eq(modelCodes.modelCode, code));
      await byCode(database.db, 'A');
      await byCode(database.db, 'B');
      await database.db.transaction(async (tx) => {
        await byCode(tx as unknown as Db, 'C');
      });
      // This text has no parameters, so it is not prepared itself.
      const prepared = (await database.db.execute(sql`select name from pg_prepared_statements where statement like '%model_codes%'`)) as unknown as { rows: { name: string }[] };
      return prepared.rows.map((r) => r.name);
    } finally {
      await database.close();
      await postgres.drop();
    }
  }

  it('parses each parameterised statement once per connection, under a name from its text', async () => {
    expect(await preparedAfterReads(true)).toEqual([expect.stringMatching(/^s_[0-9a-f]{20}$/)]);
  }, 60_000);

  it('prepares nothing with named statements turned off', async () => {
    expect(await preparedAfterReads(false)).toEqual([]);
  }, 60_000);
});
