// The storage block: what `npm run gen` derives from it (the Drizzle table, with its indexes) and
// what it refuses, each refusal naming the file and the JSON path.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tableSource } from './drizzle-source.ts';
import { storageSpecs, storedFields, validateStorageBlocks } from './storage.ts';
import { ROOT } from './descriptors.ts';

const tariff = {
  type: 'object',
  'x-storage': { table: 'tariffs', scope: 'office', unique: ['name'], softDelete: true },
  required: ['name', 'price'],
  properties: {
    id: { type: 'integer', readOnly: true },
    name: { type: 'string', maxLength: 64 },
    price: { type: 'number', multipleOf: 0.0001 },
    kind: { type: 'string', enum: ['flat', 'timeOfUse'] },
    validFrom: { type: 'string', format: 'date' },
    tags: { type: 'array', items: { type: 'string' } },
    publish: { type: 'string', writeOnly: true },
    createTime: { type: 'string', format: 'date-time', readOnly: true },
  },
};

let dir: string | undefined;
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

/** A repository of just an entity, its descriptor and the real resource schema. */
function repoWith(entity: object, descriptor?: object) {
  dir = mkdtempSync(join(tmpdir(), 'storage-'));
  mkdirSync(join(dir, 'schemas/entities'), { recursive: true });
  mkdirSync(join(dir, 'schemas/resources'), { recursive: true });
  writeFileSync(join(dir, 'schemas/resource.schema.json'), readResourceSchema());
  writeFileSync(join(dir, 'schemas/entities/tariff.schema.json'), JSON.stringify(entity));
  if (descriptor) writeFileSync(join(dir, 'schemas/resources/tariff.resource.json'), JSON.stringify(descriptor));
  return dir;
}
const readResourceSchema = () => readFileSync(join(ROOT, 'schemas/resource.schema.json'), 'utf8');

const listOperation = {
  paths: { '/t/page': { get: { operationId: 'tariffPage', parameters: [{ name: 'sortField', in: 'query', schema: { enum: ['createTime', 'price', 'unknown'] } }] } } },
};

describe('storage blocks', () => {
  it('store every property that is neither readOnly nor writeOnly, required ones NOT NULL', () => {
    expect(storedFields(tariff).map((f) => [f.field, f.column, f.kind, f.notNull, f.searchable])).toEqual([
      ['name', 'name', 'text', true, true],
      ['price', 'price', 'numeric', true, false],
      ['kind', 'kind', 'text', false, false],
      ['validFrom', 'valid_from', 'date', false, false],
      ['tags', 'tags', 'jsonb', false, false],
    ]);
  });

  it('give the table an index per declared filter and sort, and a unique index of live rows per office', () => {
    const root = repoWith(tariff, { entity: 'tariff', operations: { list: 'tariffPage' }, list: { filters: [{ field: 'name' }, { field: 'kind' }] } });
    const [spec] = storageSpecs(root, listOperation);
    expect(spec).toMatchObject({ table: 'tariffs', scope: 'office', filters: ['name', 'kind'], sorts: ['createTime', 'price'] });
    const source = tableSource(spec!);
    expect(source).toContain("officeId: text('office_id').notNull().references(() => offices.id)");
    expect(source).toContain("uniqueIndex('tariffs_name_uq').on(t.officeId, sql`lower(${t.name})`).where(sql`${t.deletedAt} is null`)");
    expect(source).toContain("index('tariffs_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`)");
    expect(source).toContain("index('tariffs_kind_idx').on(t.kind, t.id)");
    expect(source).toContain("index('tariffs_price_idx').on(t.price, t.id)");
    expect(source).not.toContain('publish');
  });

  it('refuse a wrong block, naming the file and the JSON path', () => {
    const root = repoWith({ ...tariff, 'x-storage': { table: 'Tariffs', scope: 'team', unique: ['nmae'] } });
    expect(validateStorageBlocks(root)).toEqual([
      'schemas/entities/tariff.schema.json at /x-storage/table: must match pattern "^[a-z][a-z0-9_]*$"',
      'schemas/entities/tariff.schema.json at /x-storage/scope: must be equal to one of the allowed values',
    ]);
    const unknown = repoWith({ ...tariff, 'x-storage': { table: 'tariffs', scope: 'office', unique: ['nmae', ['kind', 'publish']] } });
    expect(validateStorageBlocks(unknown)).toEqual([
      'schemas/entities/tariff.schema.json at /x-storage/unique/0: "nmae" is not a stored field (a property that is neither readOnly nor writeOnly)',
      'schemas/entities/tariff.schema.json at /x-storage/unique/1/1: "publish" is not a stored field (a property that is neither readOnly nor writeOnly)',
    ]);
  });
});
