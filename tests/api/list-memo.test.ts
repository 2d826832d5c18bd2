// Memoised list pages (server/services/list-memo.ts): a page read again with nothing written in
// between costs the database nothing, and every write shows on the next read: through the API,
// past it (the database announces it), and on another process sharing the database.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelCodeSerials, modelCodes } from '../../server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { twoProcesses, type TwoProcesses } from '../fixtures/cluster.ts';
import { statementsOf } from '../fixtures/statements.ts';

interface Page { list: { modelCode: string; serialCount: number }[]; total: number }
const page = async (t: TestApp, token: string, query: Record<string, string> = { modelCode: 'memo-' }) => {
  const { body } = await t.api.get<Page>('/api/v1/modelCode/pageList', { token, query });
  expect(body.errCode).toBe(0);
  return body.data;
};
const codesOf = (data: Page) => data.list.map((row) => row.modelCode).sort();
const add = async (t: TestApp, token: string, modelCode: string) => {
  const { body } = await t.api.post<{ id: number }>('/api/v1/modelCode/add', { token, form: { modelCode, modelName: `Memo ${modelCode}`, deviceType: 1 } });
  expect(body.errCode).toBe(0);
  return body.data.id;
};

describe('in one process', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.api.login('support')).token;
  });
  afterAll(() => t.close());

  it('reads a page from the database once while nothing it reads is written', async () => {
    await add(t, token, 'memo-a');
    const first = await statementsOf(t.database, () => page(t, token));
    expect(first.some((s) => s.text.includes('"model_codes"'))).toBe(true);
    const again = await statementsOf(t.database, () => page(t, token));
    expect(again.filter((s) => s.text.includes('"model_codes"'))).toEqual([]);
  });

  it('shows a model code added, renamed or deleted through the API on the next read', async () => {
    expect(codesOf(await page(t, token))).toEqual(['memo-a']);
    const id = await add(t, token, 'memo-b');
    expect(codesOf(await page(t, token))).toEqual(['memo-a', 'memo-b']);
    expect((await t.api.post('/api/v1/modelCode/add', { token, form: { id, modelCode: 'memo-c', modelName: 'Memo c', deviceType: 1 } })).body.errCode).toBe(0);
    expect(codesOf(await page(t, token))).toEqual(['memo-a', 'memo-c']);
    expect((await t.api.post('/api/v1/modelCode/delete', { token, form: { id } })).body.errCode).toBe(0);
    expect(await page(t, token)).toMatchObject({ total: 1, list: [{ modelCode: 'memo-a' }] });
  });

  it('shows rows and serials written past the API once the database has announced them', async () => {
    await page(t, token);
    await t.database.db.insert(modelCodes).values({ modelCode: 'memo-sql', modelName: 'Memo by hand', deviceType: 1 });
    await t.app.authEvents.sync();
    expect(codesOf(await page(t, token))).toEqual(['memo-a', 'memo-sql']);
    const [row] = await t.database.db.select({ id: modelCodes.id }).from(modelCodes).where(eq(modelCodes.modelCode, 'memo-sql'));
    await t.database.db.insert(modelCodeSerials).values({ modelCodeId: row!.id, serialPrefix: 'MEMOSQL' });
    await t.app.authEvents.sync();
    expect((await page(t, token)).list.find((r) => r.modelCode === 'memo-sql')?.serialCount).toBe(1);
  });
});

describe('across two processes on one PostgreSQL (CLUSTER=1)', () => {
  let both: TwoProcesses;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    both = await twoProcesses();
    ({ a, b } = both);
  });
  afterAll(() => both?.close());

  // No waiting for b to hear a's writes: b uses a memoised page only once its signed request's
  // round trip on the listening connection shows it has heard every write committed before it.
  it('shows on one process, at once, what was written on the other', async () => {
    const onA = (await a.api.login('support')).token;
    const onB = (await b.api.login('support')).token;
    for (let round = 0; round < 5; round++) {
      expect((await page(b, onB)).total).toBe(round);
      expect((await page(b, onB)).total).toBe(round);
      await add(a, onA, `memo-${round}`);
      expect((await page(b, onB)).total).toBe(round + 1);
    }
  });
});
