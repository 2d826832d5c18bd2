// COPY inside a transaction (server/db/copy.ts), on the test run's driver (PGlite, or PostgreSQL
// with TEST_DATABASE_URL): text that COPY's format would misread comes back as it was sent.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyInto, copyValue } from '../../server/db/copy.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('copyInto', () => {
  it('stores awkward text, numbers and nothing exactly, inside the caller\'s transaction', async () => {
    const texts = ['tab\there', 'line\nbreak', 'back\\slash', 'carriage\rreturn', '\\N', 'plain'];
    const rows = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table copy_probe (n int, label text, x float8) on commit drop`);
      await copyInto(tx, 'copy_probe', texts.map((text, n) => `${copyValue(n)}\t${copyValue(text)}\t${copyValue(n % 2 ? null : n / 3)}\n`).join(''));
      return (await tx.execute(sql`select n, label, x from copy_probe order by n`) as unknown as { rows: { n: number; label: string; x: number | null }[] }).rows;
    });
    expect(rows).toEqual(texts.map((label, n) => ({ n, label, x: n % 2 ? null : n / 3 })));
  });

  it('leaves nothing behind when the transaction rolls back', async () => {
    await t.database.db.execute(sql`create table if not exists copy_rollback (n int)`);
    await expect(t.database.db.transaction(async (tx) => {
      await copyInto(tx, 'copy_rollback', '1\n2\n');
      throw new Error('abandoned');
    })).rejects.toThrow('abandoned');
    const [count] = (await t.database.db.execute(sql`select count(*)::int as n from copy_rollback`) as unknown as { rows: { n: number }[] }).rows;
    expect(count!.n).toBe(0);
  });
});
