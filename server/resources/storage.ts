// The storage block of an entity schema (`x-storage`, described by schemas/resource.schema.json
// at $defs/storage): what `npm run gen` turns into a Drizzle table (server/db/schema/generated/)
// and what the generic handlers (generic-handlers.ts) read and write through. One derivation
// serves both, so that the table and the code that uses it cannot disagree.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';

type Json = Record<string, unknown>;

export type Scope = 'office' | 'owner' | 'global';

/** The block as written in the entity schema. */
export interface StorageBlock {
  table: string;
  key?: string;
  scope: Scope;
  /** Fields whose value is unique (within the office or owner for scoped entities); a list is a composite key. */
  unique?: (string | string[])[];
  softDelete?: boolean;
  /** Fields holding the key of another table's row: a foreign key, refused as 10003 "exists" on the field. */
  references?: Record<string, { table: string; onDelete?: 'cascade' | 'restrict' | 'set null' }>;
  /** The list's order when the request names none (default: newest first). */
  order?: { field: string; direction: 'asc' | 'desc' };
}

export type ColumnKind = 'text' | 'integer' | 'numeric' | 'boolean' | 'timestamp' | 'date' | 'jsonb';

export interface FieldColumn {
  field: string;
  column: string;
  kind: ColumnKind;
  notNull: boolean;
  /** A free text (no enum, no format): its filter is a case-insensitive substring match. */
  searchable: boolean;
}

export interface StorageSpec {
  entity: string;
  table: string;
  key: string;
  scope: Scope;
  softDelete: boolean;
  /** The entity's stored fields: every property that is neither readOnly nor writeOnly. */
  fields: FieldColumn[];
  unique: string[][];
  /** Fields the descriptors filter by and the list operations sort by (each gets an index). */
  filters: string[];
  sorts: string[];
  references: NonNullable<StorageBlock['references']>;
  order: { field: string; direction: 'asc' | 'desc' };
}

/** Audit fields every generated table answers, with their columns. */
export const AUDIT_FIELDS = { createTime: 'created_at', createBy: 'created_by', updateTime: 'updated_at', updateBy: 'updated_by' } as const;

export const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const camel = (kebab: string) => kebab.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

function kindOf(property: Json): ColumnKind {
  const type = Array.isArray(property.type) ? (property.type as string[]).find((t) => t !== 'null') : property.type;
  if (type === 'integer') return 'integer';
  if (type === 'number') return 'numeric';
  if (type === 'boolean') return 'boolean';
  if (type === 'array' || type === 'object') return 'jsonb';
  if (property.format === 'date-time') return 'timestamp';
  if (property.format === 'date') return 'date';
  return 'text';
}

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Json;

/** The stored fields of an entity schema (top-level properties and those its conditions add). */
export function storedFields(entity: Json): FieldColumn[] {
  const properties = (entity.properties ?? {}) as Record<string, Json>;
  const required = new Set((entity.required ?? []) as string[]);
  return Object.entries(properties)
    .filter(([name, p]) => !p.readOnly && !p.writeOnly && !(name in AUDIT_FIELDS))
    .map(([name, p]) => {
      const kind = kindOf(p);
      return { field: name, column: snake(name), kind, notNull: required.has(name), searchable: kind === 'text' && !p.enum && !p.format && !p.const };
    });
}

interface ListOperationFacts {
  /** The sortField enum of each list operation. */
  sortsOf(operationId: string): string[];
}

/** The list operations' sortable fields, read from a bundled OpenAPI document. */
export function sortFacts(document: Json): ListOperationFacts {
  const deref = (value: unknown): Json => {
    const ref = (value as Json | undefined)?.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/')) return (value ?? {}) as Json;
    return deref(ref.slice(2).split('/').reduce<unknown>((node, key) => (node as Json)[key], document));
  };
  const sorts = new Map<string, string[]>();
  for (const item of Object.values(document.paths as Record<string, Record<string, Json>>)) {
    for (const op of Object.values(item)) {
      if (typeof op?.operationId !== 'string') continue;
      const field = ((op.parameters ?? []) as unknown[]).map(deref).find((p) => p.name === 'sortField');
      if (field) sorts.set(op.operationId, (deref(field.schema).enum ?? []) as string[]);
    }
  }
  return { sortsOf: (id) => sorts.get(id) ?? [] };
}

interface DescriptorFacts {
  entity: string;
  operations: { list?: string };
  list?: { filters?: { field: string }[]; parentParam?: string };
}

/**
 * Every entity of `root` that has a storage block, with the indexes its descriptors ask for:
 * a filter declared in a descriptor, a sort field offered by its list operation.
 */
export function storageSpecs(root: string, document: Json): StorageSpec[] {
  const entitiesDir = join(root, 'schemas/entities');
  const resourcesDir = join(root, 'schemas/resources');
  const descriptors = existsSync(resourcesDir)
    ? readdirSync(resourcesDir).filter((f) => f.endsWith('.resource.json')).map((f) => readJson(join(resourcesDir, f)) as unknown as DescriptorFacts)
    : [];
  const sorts = sortFacts(document);
  const specs: StorageSpec[] = [];
  for (const file of readdirSync(entitiesDir).filter((f) => f.endsWith('.schema.json')).sort()) {
    const entity = readJson(join(entitiesDir, file));
    const block = entity['x-storage'] as StorageBlock | undefined;
    if (!block) continue;
    const name = file.slice(0, -'.schema.json'.length);
    const fields = storedFields(entity);
    const known = new Set([...fields.map((f) => f.field), ...Object.keys(AUDIT_FIELDS)]);
    const mine = descriptors.filter((d) => d.entity === name);
    // A child list (a parent's show page) filters by its parent's key too.
    const filters = [...new Set(mine.flatMap((d) => [...(d.list?.filters ?? []).map((f) => f.field), ...(d.list?.parentParam ? [d.list.parentParam] : [])]))]
      .filter((f) => known.has(f));
    const sortFields = [...new Set(mine.flatMap((d) => (d.operations.list ? sorts.sortsOf(d.operations.list) : [])))].filter((f) => known.has(f));
    specs.push({
      entity: name,
      table: block.table,
      key: block.key ?? 'id',
      scope: block.scope,
      softDelete: block.softDelete ?? false,
      fields,
      unique: (block.unique ?? []).map((u) => (Array.isArray(u) ? u : [u])),
      filters,
      sorts: sortFields,
      references: block.references ?? {},
      order: block.order ?? { field: 'createTime', direction: 'desc' },
    });
  }
  return specs;
}

/** The name of the unique index of a set of fields: a refusal maps it back to the first field. */
export const uniqueIndexName = (table: string, fields: string[]) => `${table}_${fields.map(snake).join('_')}_uq`;

/**
 * Every storage block's problems, one line each naming the file and the JSON path, like the
 * descriptor checks: the block against schemas/resource.schema.json#/$defs/storage, and the
 * fields it names against the entity.
 */
export function validateStorageBlocks(root: string): string[] {
  const blockSchema = ((readJson(join(root, 'schemas/resource.schema.json')).$defs ?? {}) as Json).storage as Json;
  const validate = new Ajv2020({ allErrors: true, strict: false }).compile(blockSchema);
  const problems: string[] = [];
  const dir = join(root, 'schemas/entities');
  const tables = new Map<string, string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.schema.json')).sort()) {
    const entity = readJson(join(dir, file));
    const block = entity['x-storage'] as StorageBlock | undefined;
    if (block === undefined) continue;
    const where = `schemas/entities/${file} at /x-storage`;
    if (!validate(block)) {
      for (const e of validate.errors ?? []) problems.push(`${where}${e.instancePath}: ${e.message ?? e.keyword}`);
      continue;
    }
    const properties = (entity.properties ?? {}) as Record<string, Json>;
    const stored = new Set(storedFields(entity).map((f) => f.field));
    const key = block.key ?? 'id';
    if (properties[key]?.type !== 'integer' || !properties[key]?.readOnly) problems.push(`${where}/key: "${key}" must be a readOnly integer property of the entity`);
    (block.unique ?? []).forEach((u, i) => (Array.isArray(u) ? u : [u]).forEach((field, j) => {
      if (!stored.has(field)) problems.push(`${where}/unique/${i}${Array.isArray(u) ? `/${j}` : ''}: "${field}" is not a stored field (a property that is neither readOnly nor writeOnly)`);
    }));
    for (const field of Object.keys(block.references ?? {})) {
      if (!stored.has(field)) problems.push(`${where}/references/${field}: "${field}" is not a stored field`);
    }
    if (block.order && !stored.has(block.order.field) && !(block.order.field in AUDIT_FIELDS)) problems.push(`${where}/order/field: "${block.order.field}" is not a stored field`);
    const other = tables.get(block.table);
    if (other) problems.push(`${where}/table: "${block.table}" is the table of ${other} too`);
    tables.set(block.table, file);
  }
  return problems;
}
