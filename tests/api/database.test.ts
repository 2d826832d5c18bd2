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
  it('parses each parameterised statement once per connection, under a name from its text', async () => {
    const postgres = await freshPostgresDatabase(POSTGRES_URL);
    const database = await openDatabase({ databaseUrl: postgres.url, poolSize: 1 });
    try {
      const byCode = (code: string) => database.db.select({ id: modelCodes.id }).from(modelCodes).where(eq(modelCodes.modelCode, code));
      await byCode('A');
      await byCode('B');
      await database.db.transaction(async (tx) => {
        await tx.select({ id: modelCodes.id }).from(modelCodes).where(eq(modelCodes.modelCode, 'C'));
      });
      const prepared = (await database.db.execute(sql`select name, statement from pg_prepared_statements where statement like '%model_codes%'`)) as unknown as { rows: { name: string; statement: string }[] };
      // One statement for the three calls, in and out of a transaction; the text above has no
      // parameters, so it is not prepared itself.
      expect(prepared.rows).toHaveLength(1);
      expect(prepared.rows[0]!.name).toMatch(/^s_[0-9a-f]{20}$/);
    } finally {
      await database.close();
      await postgres.drop();
    }
  }, 60_000);
});
