// The handlers of stored resources: every operation a descriptor binds (list, getOne, create,
// update, delete, export) whose entity has a storage block is answered by the generic repository, with
// no TypeScript for the resource. Hand-written handlers registered for the same operationId win
// (server/handlers/index.ts spreads these first): an operation that is not plain CRUD keeps its own.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Handler, Handlers } from '../handlers/types.ts';
import type { OperationId } from '../../src/api/generated/operations.ts';
import { ROOT } from './descriptors.ts';
import { exportShape, sendExport } from './generic-export.ts';
import { storedTables } from './generated.ts';
import { addRecord, deleteRecord, editRecord, listRecords, pageRecords, recordDetail, type PageQuery, type StoredResource } from './generic-repository.ts';
import type { Row } from './hooks.ts';
import { storageSpecs, uniqueIndexName } from './storage.ts';
import type { StoredTables } from './stored-table.ts';

type Json = Record<string, unknown>;

interface DescriptorFacts {
  name: string;
  entity: string;
  idField: string;
  idParam?: string;
  operations: { list: string; getOne?: { operation: string; idParam: string }; create?: string; update?: string; delete?: string; export?: string };
  list: { columns: (string | { field: string })[]; filters?: { field: string; param?: string; range?: { from: string; to: string } }[]; parentParam?: string; paged?: boolean };
}

/** The body properties of an operation of the bundled contract ($refs and allOf followed). */
function bodyFields(document: Json, operationId: string | undefined): Set<string> | undefined {
  if (!operationId) return undefined;
  const deref = (value: unknown): Json => {
    const ref = (value as Json | undefined)?.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/')) return (value ?? {}) as Json;
    return deref(ref.slice(2).split('/').reduce<unknown>((node, key) => (node as Json)[key], document));
  };
  const propertiesOf = (schema: Json): string[] =>
    [...Object.keys((deref(schema).properties ?? {}) as Json), ...((deref(schema).allOf ?? []) as Json[]).flatMap(propertiesOf)];
  for (const item of Object.values(document.paths as Record<string, Record<string, Json>>)) {
    for (const op of Object.values(item)) {
      if (op?.operationId !== operationId) continue;
      const content = (deref(op.requestBody).content ?? {}) as Record<string, Json>;
      return new Set(Object.values(content).flatMap((media) => propertiesOf(deref(media.schema))));
    }
  }
  return undefined;
}

type AnyHandler = Handler<OperationId>;
const as = (handler: (ctx: Parameters<AnyHandler>[0]) => Promise<unknown>) => handler as unknown as AnyHandler;

function handlersOf(root: string, d: DescriptorFacts, r: StoredResource, entity: Json): Handlers {
  const out: Record<string, AnyHandler> = {};
  const idParam = d.idParam ?? d.idField;
  const { list, getOne, create, update } = d.operations;
  out[list] = d.list.paged === false
    ? as(({ db, user, query, lists }) => listRecords(db, r, user, query as PageQuery, lists))
    : as(({ db, user, query, lists }) => pageRecords(db, r, user, query as PageQuery, lists));
  if (getOne && getOne.operation !== list) {
    out[getOne.operation] = as(({ db, user, query }) => recordDetail(db, r, user, (query as Json)[getOne.idParam], getOne.idParam));
  }
  if (update) out[update] = as(({ db, user, body }) => editRecord(db, r, user, (body as Json)[idParam], idParam, body as Row));
  // One operation bound to both creates without the id and edits with it.
  if (create) {
    out[create] = as(({ db, user, body }) => (create === update && (body as Json)[idParam] !== undefined
      ? editRecord(db, r, user, (body as Json)[idParam], idParam, body as Row)
      : addRecord(db, r, user, body as Row)));
  }
  if (d.operations.delete) {
    out[d.operations.delete] = as(async ({ db, user, body }) => {
      await deleteRecord(db, r, user, (body as Json)[idParam], idParam);
      return null;
    });
  }
  if (d.operations.export) {
    const shape = exportShape(d, entity);
    out[d.operations.export] = as(({ db, user, query, lang, reply }) => sendExport(root, reply, db, r, shape, user, query as PageQuery, lang));
  }
  return out as Handlers;
}

/** The generic handlers of every descriptor whose entity is stored (has x-storage and a generated table). */
export function genericHandlers(root = ROOT, tables: StoredTables = storedTables): Handlers {
  const document = JSON.parse(readFileSync(join(root, 'server/generated/openapi.json'), 'utf8')) as Json;
  const specs = new Map(storageSpecs(root, document).map((s) => [s.entity, s]));
  const uniqueIndexes = new Map([...specs.values()].flatMap((s) => s.unique.map((fields) => [uniqueIndexName(s.table, fields), fields[0]!] as const)));
  const dir = join(root, 'schemas/resources');
  let out: Handlers = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.resource.json')).sort()) {
    const d = JSON.parse(readFileSync(join(dir, file), 'utf8')) as DescriptorFacts;
    const spec = specs.get(d.entity);
    const stored = tables[d.entity];
    if (!spec || !stored) continue;
    const filters = [
      ...(d.list.filters ?? []).map((f) => ({ field: f.field, param: f.param ?? f.field, ...(f.range ? { range: f.range } : {}) })),
      ...(d.list.parentParam ? [{ field: d.list.parentParam, param: d.list.parentParam }] : []),
    ];
    const editFields = bodyFields(document, d.operations.update);
    const entity = JSON.parse(readFileSync(join(root, 'schemas/entities', `${d.entity}.schema.json`), 'utf8')) as Json;
    out = { ...out, ...handlersOf(root, d, { spec, table: stored.table, hooks: stored.hooks ?? {}, filters, uniqueIndexes, ...(editFields ? { editFields } : {}) }, entity) };
  }
  return out;
}
