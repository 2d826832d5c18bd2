// `npm run new:resource` end to end, as a developer uses it (docs/adding-a-screen.md): in a scratch
// copy of the repository, a new resource is written, the entity gets three fields of different
// kinds (a price with multipleOf 0.0001, a date, an enum) and a condition, `npm run gen` and
// `npm run db:generate` run, and the app built from the copy serves the resource from the real
// database with no TypeScript written for it.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../fixtures/app.ts';
import { csvRows, download, xlsxSheets } from '../fixtures/export-files.ts';
import { scratchRepo, type ScratchRepo } from '../fixtures/scratch-repo.ts';

interface Tariff { id: number; name: string; price?: number; validFrom?: string; kind?: string; peakPrice?: number; createTime: string; updateTime: string }
interface Page<T> { list: T[]; total: number; pageNo: number; pageSize: number }
type FieldErrors = { errors: { field: string; rule: string }[] } | null;
type Fields = Record<string, string | number | undefined>;

const HOOKS = `import { and, eq } from 'drizzle-orm';
import { fieldError } from '../errors.ts';
import { tariffNoteTable } from '../db/schema/generated/tariff-note.ts';
import { defineHooks, type Row } from './hooks.ts';

const noteOf = (record: Row) => \`Price of \${String(record.name)}\`;

export default defineHooks({
  validate(input) {
    if (typeof input.peakPrice === 'number' && typeof input.price === 'number' && input.peakPrice <= input.price) {
      throw fieldError('peakPrice', 'exclusiveMinimum', { limit: input.price });
    }
  },
  async afterWrite(record, { tx, user, operation }) {
    if (operation === 'add') await tx.insert(tariffNoteTable).values({ name: noteOf(record), ownerId: user.userId, createdBy: user.userId });
  },
  async beforeDelete(record, { tx, user }) {
    await tx.delete(tariffNoteTable).where(and(eq(tariffNoteTable.ownerId, user.userId), eq(tariffNoteTable.name, noteOf(record))));
  },
});
`;

/** What a developer adds for an export: the operation, its registry rows, the descriptor's binding. */
function addExport() {
  const append = (file: string, text: string) => writeFileSync(path.join(repo.root, file), readFileSync(path.join(repo.root, file), 'utf8') + text);
  append('openapi/paths/supply-tariff.yaml', `/api/v1/supplyTariff/export:
  get:
    operationId: supplyTariffExport
    tags: [supply-tariff]
    summary: The tariffs of the caller's organisations as a file, for the list's filters and sort
    x-permissions: ['system:supplyTariff:export']
    parameters:
      - { name: name, in: query, schema: { type: string, maxLength: 64 } }
      - { name: sortField, in: query, schema: { type: string, maxLength: 20, enum: [createTime, updateTime, name], default: createTime } }
      - { name: sortOrder, in: query, schema: { type: string, maxLength: 4, enum: [asc, desc], default: desc } }
      - { name: format, in: query, schema: { type: string, enum: [xlsx, csv], default: xlsx } }
    responses:
      '200': { $ref: '../components/responses.yaml#/XlsxOrCsv' }
`);
  append('openapi/operations.tsv', 'supply-tariff\tGET\t/api/v1/supplyTariff/export\tsupplyTariffExport\n');
  const portal = readFileSync(path.join(repo.root, 'openapi/portal.yaml'), 'utf8');
  writeFileSync(path.join(repo.root, 'openapi/portal.yaml'), portal.replace(/\ncomponents:\n/,
    "\n  /api/v1/supplyTariff/export:\n    $ref: 'paths/supply-tariff.yaml#/~1api~1v1~1supplyTariff~1export'\ncomponents:\n"));
  const file = 'schemas/resources/supply-tariff.resource.json';
  const descriptor = repo.readJson<{ operations: Record<string, unknown>; permissions: Record<string, string>; list: { columns: string[] } }>(file);
  descriptor.operations.export = 'supplyTariffExport';
  descriptor.permissions.export = 'system:supplyTariff:export';
  descriptor.list.columns = ['name', 'price', 'kind', 'validFrom'];
  repo.writeJson(file, descriptor);
  // Every language file holds every text; languages without a translation yet carry the English.
  for (const file of readdirSync(path.join(repo.root, 'src/i18n')).filter((f) => f.endsWith('.json'))) {
    const chinese = file === 'zh-CN.json';
    const messages = repo.readJson<Record<string, Record<string, Record<string, string>>>>(`src/i18n/${file}`);
    Object.assign(messages.supplyTariff!.fields!, chinese ? { price: '每千瓦时价格', kind: '类型', validFrom: '生效日期' } : { price: 'Price per kWh', kind: 'Kind', validFrom: 'Valid from' });
    (messages.enums as unknown as Record<string, unknown>)['supply-tariff'] = { kind: chinese ? { flat: '单一电价', timeOfUse: '分时电价' } : { flat: 'Flat', timeOfUse: 'Time of use' } };
    repo.writeJson(`src/i18n/${file}`, messages);
  }
}

let repo: ScratchRepo;
/** The descriptor as new:resource wrote it, before the test adds an export. */
let written: { operations: Record<string, unknown>; menu: { parent: string } };
let t: TestApp;
const tokens: Record<string, string> = {};
const rows = async <Row>(text: string) => ((await t.database.db.execute(text)) as unknown as { rows: Row[] }).rows;

beforeAll(async () => {
  repo = scratchRepo();
  repo.run('new-resource.ts', 'supply-tariff', '--zh', '电价');
  written = repo.readJson('schemas/resources/supply-tariff.resource.json');
  // What the developer adds: fields of three kinds and a condition, in the entity only.
  const file = 'schemas/entities/supply-tariff.schema.json';
  const entity = repo.readJson<{ properties: Record<string, unknown>; allOf?: unknown[] }>(file);
  Object.assign(entity.properties, {
    price: { type: 'number', title: 'supplyTariff.fields.price', minimum: 0, maximum: 100, multipleOf: 0.0001 },
    validFrom: { type: 'string', format: 'date', title: 'supplyTariff.fields.validFrom' },
    kind: { type: 'string', enum: ['flat', 'timeOfUse'], title: 'supplyTariff.fields.kind' },
    peakPrice: { type: 'number', title: 'supplyTariff.fields.peakPrice', minimum: 0, maximum: 100, multipleOf: 0.0001 },
  });
  entity.allOf = [{ if: { properties: { kind: { const: 'timeOfUse' } }, required: ['kind'] }, then: { required: ['peakPrice'] } }];
  repo.writeJson(file, entity);
  addExport();
  // A second resource, and the tariff's hooks: a cross-field rule, and a side effect (a note
  // on the price, in the notes resource) in the same transaction as the tariff's write.
  repo.run('new-resource.ts', 'tariff-note');
  // Notes are their writer's own: scoped to the owning user rather than the office tree.
  const notesFile = 'schemas/entities/tariff-note.schema.json';
  const notesEntity = repo.readJson<{ 'x-storage': { scope: string } }>(notesFile);
  notesEntity['x-storage'].scope = 'owner';
  repo.writeJson(notesFile, notesEntity);
  writeFileSync(path.join(repo.root, 'server/resources/supply-tariff.hooks.ts'), HOOKS);
  repo.run('gen.ts');
  repo.run('db-generate.ts');

  const { createTestApp } = await repo.load<typeof import('../fixtures/app.ts')>('tests/fixtures/app.ts');
  const { seed } = await repo.load<typeof import('../../server/db/seed/seed.ts')>('server/db/seed/seed.ts');
  const { DEMO_PASSWORD } = await repo.load<typeof import('../fixtures/demo-password.ts')>('tests/fixtures/demo-password.ts');
  t = await createTestApp();
  // The seed (as every start runs it) puts the new operations' permissions into the catalogue.
  await seed(t.database.db, { demo: true, demoPassword: DEMO_PASSWORD });
  // Installers of both trees may manage tariffs: Ivan in Sunrise (office 11), Isla in Blue Coast (21).
  await t.database.db.execute(`insert into role_permissions (role_id, permission)
    select r.id, p.permission from roles r, permissions p
    where r.role_key = 'Installer' and (p.permission like 'system:supplyTariff:%' or p.permission like 'system:tariffNote:%') on conflict do nothing`);
  for (const login of ['installer', 'installer2', 'admin'] as const) tokens[login] = (await t.api.login(login)).token;
}, 300_000);

afterAll(async () => {
  await t?.close();
  repo?.remove();
});

const add = (form: Fields, who = 'installer') => t.api.post<Tariff & FieldErrors>('/api/v1/supplyTariff/add', { token: tokens[who]!, form });
const edit = (form: Fields, who = 'installer') => t.api.post<Tariff & FieldErrors>('/api/v1/supplyTariff/edit', { token: tokens[who]!, form });
const remove = (id: number, who = 'installer') => t.api.post<FieldErrors>('/api/v1/supplyTariff/delete', { token: tokens[who]!, form: { id } });
const page = (query: Fields, who = 'installer') => t.api.get<Page<Tariff>>('/api/v1/supplyTariff/page', { token: tokens[who]!, query });
const detail = (id: number, who = 'installer') => t.api.get<Tariff>('/api/v1/supplyTariff/detail', { token: tokens[who]!, query: { id } });
const fieldsOf = (data: unknown) => (data as FieldErrors)?.errors.map(({ field, rule }) => ({ field, rule }));

const ids: Record<string, number> = {};

describe('a resource written by new:resource', () => {
  it('writes the JSON and YAML, the texts in every language, a generated table and its migration', () => {
    expect(written.operations).toEqual({
      list: 'supplyTariffPage', getOne: { operation: 'supplyTariffDetail', idParam: 'id' },
      create: 'supplyTariffAdd', update: 'supplyTariffEdit', delete: 'supplyTariffDelete',
    });
    expect(written.menu.parent).toBe('System');
    expect(readFileSync(path.join(repo.root, 'openapi/operations.tsv'), 'utf8')).toContain('supply-tariff\tPOST\t/api/v1/supplyTariff/edit\tsupplyTariffEdit');
    expect(repo.readJson<Record<string, { titles: { list: string } }>>('src/i18n/zh-CN.json').supplyTariff!.titles.list).toBe('电价列表');
    expect(repo.readJson<Record<string, { titles: { list: string } }>>('src/i18n/en.json').supplyTariff!.titles.list).toBe('Supply tariffs');
    const table = readFileSync(path.join(repo.root, 'server/db/schema/generated/supply-tariff.ts'), 'utf8');
    expect(table).toContain("price: numeric('price', { mode: 'number' })");
    expect(table).toContain("validFrom: date('valid_from', { mode: 'string' })");
    const dir = path.join(repo.root, 'server/db/migrations');
    const newest = readdirSync(dir).filter((f) => f.endsWith('.sql')).sort().at(-1)!;
    const migration = readFileSync(path.join(dir, newest), 'utf8');
    expect(migration).toContain('CREATE TABLE "supply_tariffs"');
    expect(migration).toContain('CREATE TRIGGER supply_tariffs_announced');
  });

  it('adds records with audit fields, and seeds the permissions and the menu under System', async () => {
    for (const [name, price, kind] of [['Standard', 0.3, 'flat'], ['Night saver', 0.0811, 'flat'], ['Peak shaver', 0.2545, 'timeOfUse']] as const) {
      const { body } = await add({ name, price, kind, validFrom: '2026-12-01', ...(kind === 'timeOfUse' ? { peakPrice: 0.4 } : {}) });
      expect(body.errCode, JSON.stringify(body)).toBe(0);
      expect(body.data).toMatchObject({ name, price, kind, validFrom: '2026-12-01' });
      expect(new Date(body.data.createTime).toISOString()).toBe(body.data.createTime);
      ids[name] = body.data.id;
    }
    const [audit] = await rows<{ login_name: string }>(`select u.login_name from supply_tariffs e join users u on u.id = e.created_by where e.id = ${ids.Standard}`);
    expect(audit?.login_name).toBe('installer');
    const menu = await rows(`select m.name, p.name as parent from menus m left join menus p on p.id = m.parent_id where m.name = 'SupplyTariff'`);
    expect(menu).toEqual([{ name: 'SupplyTariff', parent: 'System' }]);
  });

  it('refuses what the entity refuses, naming the field: a condition, a decimal step, a duplicate name', async () => {
    const missingPeak = await add({ name: 'Evening', price: 0.3, kind: 'timeOfUse' });
    expect(missingPeak.body.errCode).toBe(10003);
    expect(fieldsOf(missingPeak.body.data)).toContainEqual({ field: 'peakPrice', rule: 'required' });
    const offStep = await add({ name: 'Evening', price: 0.30005 });
    expect(offStep.body.errCode).toBe(10003);
    expect(fieldsOf(offStep.body.data)).toEqual([{ field: 'price', rule: 'multipleOf' }]);
    const duplicate = await add({ name: 'standard', price: 0.1 });
    expect(duplicate.body.errCode).toBe(10003);
    expect(fieldsOf(duplicate.body.data)).toEqual([{ field: 'name', rule: 'unique' }]);
  });

  it('pages with a filter and a sort', async () => {
    const all = await page({ pageSize: 10 });
    expect(all.body.data.total).toBe(3);
    expect(all.body.data.list.map((r) => r.name)).toEqual(['Peak shaver', 'Night saver', 'Standard']);
    const byName = await page({ sortField: 'name', sortOrder: 'asc' });
    expect(byName.body.data.list.map((r) => r.name)).toEqual(['Night saver', 'Peak shaver', 'Standard']);
    const filtered = await page({ name: 'SAVER', sortField: 'name', sortOrder: 'desc' });
    expect(filtered.body.data).toMatchObject({ total: 1, list: [{ name: 'Night saver', price: 0.0811 }] });
  });

  it('edits a record: the stored values change, the condition and uniqueness hold', async () => {
    const { body } = await edit({ id: ids['Night saver'], name: 'Night saver', price: 0.0799, kind: 'flat', validFrom: '2027-01-01' });
    expect(body.errCode, JSON.stringify(body)).toBe(0);
    expect(body.data).toMatchObject({ id: ids['Night saver'], price: 0.0799, validFrom: '2027-01-01' });
    expect(body.data.updateTime >= body.data.createTime).toBe(true);
    expect((await detail(ids['Night saver']!)).body.data).toMatchObject({ name: 'Night saver', price: 0.0799 });
    const clash = await edit({ id: ids['Night saver'], name: 'Standard' });
    expect(fieldsOf(clash.body.data)).toEqual([{ field: 'name', rule: 'unique' }]);
  });

  it("shows another tree's caller nothing, and answers 10005 on an id of ours", async () => {
    const theirs = await page({}, 'installer2');
    expect(theirs.body.data).toMatchObject({ total: 0, list: [] });
    expect((await detail(ids.Standard!, 'installer2')).body.errCode).toBe(10005);
    expect((await edit({ id: ids.Standard, name: 'Taken over' }, 'installer2')).body.errCode).toBe(10005);
    expect((await remove(ids.Standard!, 'installer2')).body.errCode).toBe(10005);
    // Uniqueness holds within an office: Blue Coast may name a tariff as Sunrise did.
    expect((await add({ name: 'Standard', price: 0.25 }, 'installer2')).body.errCode).toBe(0);
    expect((await detail(ids.Standard!)).body.data.name).toBe('Standard');
  });

  it('deletes a record: gone from every answer, its name free again', async () => {
    expect((await remove(ids.Standard!)).body.errCode).toBe(0);
    expect((await detail(ids.Standard!)).body.errCode).toBe(10005);
    expect((await page({})).body.data.total).toBe(2);
    expect((await add({ name: 'Standard', price: 0.31 })).body.errCode).toBe(0);
  });
});

describe('an export added to it', () => {
  it("answers the list's columns with the list's filter and sort, headed and labelled in the caller's language", async () => {
    const xlsx = await download(t, '/api/v1/supplyTariff/export', { token: tokens.installer!, query: { sortField: 'name', sortOrder: 'asc' } });
    expect(xlsx.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.fileName).toBe('Supply tariffs.xlsx');
    const sheet = (await xlsxSheets(xlsx.response.rawPayload))['Supply tariffs']!;
    expect(sheet[0]).toEqual(['Name', 'Price per kWh', 'Kind', 'Valid from']);
    expect(sheet.slice(1).map((row) => row[0])).toEqual(['Night saver', 'Peak shaver', 'Standard']);
    const csv = await download(t, '/api/v1/supplyTariff/export', { token: tokens.installer!, query: { name: 'shaver', format: 'csv' }, lang: 'zh-CN' });
    expect(csv.fileName).toBe('电价列表.csv');
    expect(csvRows(csv.response.rawPayload)).toEqual([['名称', '每千瓦时价格', '类型', '生效日期'], ['Peak shaver', '0.2545', '分时电价', '2026-12-01']]);
    // Another tree's export holds its own records only.
    const theirs = await download(t, '/api/v1/supplyTariff/export', { token: tokens.installer2!, query: { format: 'csv' } });
    expect(csvRows(theirs.response.rawPayload).slice(1).map((row) => row[0])).toEqual(['Standard']);
  });
});

const notes = async (who = 'installer') =>
  (await t.api.get<Page<{ name: string }>>('/api/v1/tariffNote/page', { token: tokens[who]!, query: { pageSize: 100, sortField: 'name', sortOrder: 'asc' } })).body.data.list.map((n) => n.name);

describe("a resource's hooks", () => {
  it('refuse a cross-field rule with 10003 naming the field, before anything is written', async () => {
    const before = await notes();
    const { body } = await add({ name: 'Inverted', price: 0.3, kind: 'timeOfUse', peakPrice: 0.2 });
    expect(body.errCode).toBe(10003);
    expect(fieldsOf(body.data)).toEqual([{ field: 'peakPrice', rule: 'exclusiveMinimum' }]);
    expect(body.errMsg).toContain('0.3');
    expect((await page({ name: 'Inverted' })).body.data.total).toBe(0);
    expect(await notes()).toEqual(before);
  });

  it("write their side effects in the write's transaction", async () => {
    expect((await add({ name: 'Weekend', price: 0.15 })).body.errCode).toBe(0);
    expect(await notes()).toEqual(['Price of Night saver', 'Price of Peak shaver', 'Price of Standard', 'Price of Weekend']);
    // Each note is its writer's: Isla's own, and none for the administrator, who sees the tariffs
    // Ivan wrote in Sunrise (office scope: the root office's subtree) but not his notes (owner scope).
    expect(await notes('installer2')).toEqual(['Price of Standard']);
    expect(await notes('admin')).toEqual([]);
    expect((await page({ sortField: 'name', sortOrder: 'asc' }, 'admin')).body.data.list.map((r) => r.name)).toEqual(['Night saver', 'Peak shaver', 'Standard', 'Weekend']);
  });

  it('roll the record back with the side effect when the side effect is refused', async () => {
    const taken = await t.api.post<FieldErrors>('/api/v1/tariffNote/add', { token: tokens.installer!, form: { name: 'Price of Holiday' } });
    expect(taken.body.errCode).toBe(0);
    const { body } = await add({ name: 'Holiday', price: 0.2 });
    expect(body.errCode).toBe(10003);
    expect(fieldsOf(body.data)).toEqual([{ field: 'name', rule: 'unique' }]);
    expect((await page({ name: 'Holiday' })).body.data.total).toBe(0);
    expect((await notes()).filter((n) => n === 'Price of Holiday')).toHaveLength(1);
  });
});
