// Every resource descriptor in schemas/resources/ is valid and consistent with its entity schema,
// the generated operations and the other descriptors it refers to.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { operations, type OperationInfo } from '@/api/generated/operations';
import type { EntitySchema, ResourceAction, ResourceDescriptor } from './types';

const root = process.cwd();
const readJson = <T>(path: string): T => JSON.parse(readFileSync(join(root, path), 'utf8')) as T;

const files = readdirSync(join(root, 'schemas/resources')).filter((f) => f.endsWith('.resource.json')).sort();
const descriptors = files.map((file) => ({ file, descriptor: readJson<ResourceDescriptor>(`schemas/resources/${file}`) }));
const byName = new Map(descriptors.map(({ descriptor }) => [descriptor.name, descriptor]));
const allOperations: Record<string, OperationInfo> = operations;

/** Content types of an operation's 200 answer, read from the bundled contract (refs resolved). */
const contract = readJson<{ paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, unknown> }>> }>('server/generated/openapi.json');
function answerTypes(operationId: string): string[] {
  const resolve = (value: unknown): Record<string, unknown> => {
    const ref = (value as { $ref?: string }).$ref;
    return ref ? resolve(ref.slice(2).split('/').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], contract)) : value as Record<string, unknown>;
  };
  const op = Object.values(contract.paths).flatMap((item) => Object.values(item)).find((o) => o.operationId === operationId);
  return Object.keys((resolve(op?.responses?.['200'] ?? {}).content ?? {}) as object);
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
const validate = ajv.compile(readJson<object>('schemas/resource.schema.json'));

/** The operation behind each action of a descriptor. */
function operationOf(descriptor: ResourceDescriptor, action: ResourceAction): string | undefined {
  const ops = descriptor.operations;
  switch (action) {
    case 'list': return ops.list;
    case 'create': return ops.create;
    case 'edit': return ops.update;
    case 'delete': return ops.delete;
    case 'show': return ops.getOne?.operation;
    case 'export': return ops.export;
  }
}

describe('resource descriptors', () => {
  it('exist', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it('have unique names', () => {
    const names = descriptors.map(({ descriptor }) => descriptor.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('the schema rejects a descriptor it should', () => {
    expect(validate({ name: 'x', entity: 'x', idField: 'id', operations: {}, permissions: {}, list: { columns: ['a'] } })).toBe(false);
    expect(validate({ name: 'x', entity: 'x', idField: 'id', operations: { list: 'a' }, permissions: {}, list: { columns: [] } })).toBe(false);
    expect(validate({ name: 'x', entity: 'x', idField: 'id', operations: { list: 'a' }, permissions: {}, list: { columns: ['a'] }, extra: 1 })).toBe(false);
    expect(validate({ name: 'x', entity: 'x', idField: 'id', operations: { list: 'a' }, permissions: {}, list: { columns: ['a'] } })).toBe(true);
  });
});

describe.each(descriptors)('$file', ({ descriptor }) => {
  const entityPath = `schemas/entities/${descriptor.entity}.schema.json`;

  it('validates against schemas/resource.schema.json', () => {
    const ok = validate(descriptor);
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it('has its entity schema file', () => {
    expect(existsSync(join(root, entityPath))).toBe(true);
  });

  it('names only operations that exist', () => {
    const ops = descriptor.operations;
    const named = [ops.list, ops.getOne?.operation, ops.create, ops.update, ops.delete, ops.export].filter((o): o is NonNullable<typeof o> => Boolean(o));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((id) => !(id in allOperations))).toEqual([]);
  });

  it('exports through an operation that answers a file, and shows a create result only with create', () => {
    if (descriptor.operations.export) expect(answerTypes(descriptor.operations.export).some((type) => type !== 'application/json')).toBe(true);
    if (descriptor.create?.resultDialog) expect(descriptor.operations.create).toBeDefined();
  });

  it('refers only to properties of its entity', () => {
    const entity = readJson<EntitySchema>(entityPath);
    const fields = [
      ...descriptor.list.columns.map((f) => `list.columns:${f}`),
      ...(descriptor.list.filters ?? []).map((f) => `list.filters:${f.field}`),
      ...(descriptor.form?.fields ?? []).map((f) => `form.fields:${f}`),
      ...(descriptor.show?.fields ?? []).map((f) => `show.fields:${f}`),
    ];
    expect(fields.filter((f) => !(f.split(':')[1]! in entity.properties))).toEqual([]);
    expect(descriptor.idField in entity.properties).toBe(true);
    if (descriptor.labelField) expect(descriptor.labelField in entity.properties).toBe(true);
  });

  it('declares for each action a permission its operation accepts', () => {
    const wrong: string[] = [];
    for (const [action, permission] of Object.entries(descriptor.permissions) as [ResourceAction, string][]) {
      const id = operationOf(descriptor, action);
      const accepted = id ? allOperations[id]?.permissions ?? [] : [];
      if (accepted.length && !accepted.includes(permission)) wrong.push(`${action}: ${permission} not in ${id} [${accepted.join(', ')}]`);
    }
    expect(wrong).toEqual([]);
  });

  it('shows only child resources that exist and are filtered by the foreign key', () => {
    for (const child of descriptor.show?.children ?? []) {
      const target = byName.get(child.resource);
      expect(target, `child resource ${child.resource}`).toBeDefined();
      expect(target?.list.parentParam).toBe(child.foreignKey);
    }
  });
});
