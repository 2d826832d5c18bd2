// One fuzz case of an operation: a request built from the contract (valid, at the bounds, plain,
// or with one field hostile, missing or extra), sent signed as the web app signs, or deliberately
// malformed at the transport (wrong content type, broken body, repeated query key, bad signature).
// Fields that name a stored object (`x-object`, or by their name) mostly get one of the run's
// stored objects, and fields with plausible values by name (sampler.ts) mostly get one of those,
// so that requests get past the lookups to the handler's own rules and, accepted, write.
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { operationObject, type Contract, type ContractOperation } from '../../server/contract/contract.ts';
import type { ApiClient, CallOptions } from '../../tests/fixtures/app.ts';
import { operationFields } from '../../tests/fixtures/object-fields.ts';
import { hostileValue, plausibleValue, resolve, validValue, type KnownObjects } from './sampler.ts';

type Json = Record<string, unknown>;

export type CaseKind = 'valid' | 'plain' | 'hostile-field' | 'missing-field' | 'extra-field' | 'wrong-type'
  | 'wrong-content-type' | 'broken-body' | 'repeated-key' | 'bad-signature' | 'unsigned';

export interface FuzzCase {
  kind: CaseKind;
  path: string;
  query: Json;
  body: unknown;
  /** The field a mutation touched, when one did. */
  field?: string;
  hostile?: unknown;
}

interface Shape {
  path: fc.Arbitrary<string>;
  query: fc.Arbitrary<Json>;
  body: fc.Arbitrary<unknown> | undefined;
  /** The plain request: the required fields only, each with a plausible value where there is one. */
  plainPath: fc.Arbitrary<string>;
  plainQuery: fc.Arbitrary<Json>;
  plainBody: fc.Arbitrary<unknown> | undefined;
  queryNames: string[];
  bodyNames: string[];
  /** Per field, a troublesome plausible value (sampler.ts), for the fields that have some. */
  troublesome: Map<string, fc.Arbitrary<unknown>>;
}

const NO_OBJECTS: KnownObjects = new Map();
const shapes = new WeakMap<KnownObjects, Map<string, Shape>>();

function shapeOf(contract: Contract, operation: ContractOperation, known: KnownObjects): Shape {
  const cache = shapes.get(known) ?? new Map<string, Shape>();
  shapes.set(known, cache);
  const cached = cache.get(operation.operationId);
  if (cached) return cached;
  const document = contract.document;
  const raw = operationObject(contract, operation);
  const kinds = new Map(operationFields(contract, operation).map((f) => [`${f.where === 'item' ? 'item' : f.where === 'body' ? 'body' : 'param'}:${f.name}`, f.kind]));
  const parameters = ((raw.parameters as unknown[] | undefined) ?? []).map((p) => resolve(document, p) as { name: string; in: string; required?: boolean; schema?: unknown });
  const byPlace = (place: string) => parameters.filter((p) => p.in === place);
  const troublesome = new Map<string, fc.Arbitrary<unknown>>();
  /** A field's values: of its schema, or (twice as often) plausible ones; only plausible ones in a plain request. */
  const valueOf = (name: string, schema: unknown, kind: string | undefined, plain: boolean) => {
    const plausible = plausibleValue(document, schema, { name, kind }, known);
    const bad = plausibleValue(document, schema, { name, kind }, known, 'troublesome');
    if (bad) troublesome.set(name, bad);
    if (!plausible) return validValue(document, schema);
    return plain ? plausible : fc.oneof({ weight: 1, arbitrary: validValue(document, schema) }, { weight: 2, arbitrary: plausible });
  };
  const record = (fields: { name: string; schema: unknown; kind: string | undefined; required: boolean }[], plain: boolean) => fc.record(
    Object.fromEntries(fields.filter((f) => f.required || !plain).map((f) => [f.name, valueOf(f.name, f.schema, f.kind, plain)])),
    { requiredKeys: fields.filter((f) => f.required).map((f) => f.name) },
  ) as fc.Arbitrary<Json>;
  const paramFields = (place: string) => byPlace(place).map((p) => ({ name: p.name, schema: p.schema, kind: kinds.get(`param:${p.name}`), required: Boolean(p.required) || place === 'path' }));
  const pathOf = (plain: boolean) => record(paramFields('path'), plain)
    .map((values) => operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(values[name] ?? '1'))));
  const requestBody = raw.requestBody ? resolve(document, raw.requestBody) : undefined;
  const bodySchema = requestBody && operation.requestType ? resolve(document, (requestBody.content as Record<string, Json>)[operation.requestType]!.schema) : undefined;
  const properties = (bodySchema?.properties ?? {}) as Json;
  const required = new Set((bodySchema?.required as string[] | undefined) ?? []);
  const bodyFields = Object.entries(properties).map(([name, schema]) => ({ name, schema, kind: kinds.get(`body:${name}`), required: required.has(name) }));
  // A body that is no object of named fields (an array of records) keeps the values of its schema.
  const bodyOf = (plain: boolean) => (bodySchema ? (bodyFields.length ? record(bodyFields, plain) : validValue(document, bodySchema)) : undefined);
  const shape: Shape = {
    path: pathOf(false),
    query: record(paramFields('query'), false),
    body: bodyOf(false),
    plainPath: pathOf(true),
    plainQuery: record(paramFields('query'), true),
    plainBody: bodyOf(true),
    queryNames: byPlace('query').map((p) => p.name),
    bodyNames: Object.keys(properties),
    troublesome,
  };
  cache.set(operation.operationId, shape);
  return shape;
}

const KINDS: readonly CaseKind[] = ['valid', 'valid', 'valid', 'plain', 'plain', 'plain', 'hostile-field', 'hostile-field', 'hostile-field', 'missing-field', 'extra-field', 'wrong-type',
  'wrong-content-type', 'broken-body', 'repeated-key', 'bad-signature', 'unsigned'];

/**
 * The arbitrary of an operation's fuzz cases. `known` holds the run's stored objects by kind,
 * read when a case is drawn (so the caller may refresh it between samples).
 */
export function fuzzCase(contract: Contract, operation: ContractOperation, known: KnownObjects = NO_OBJECTS): fc.Arbitrary<FuzzCase> {
  const shape = shapeOf(contract, operation, known);
  return fc.record({
    kind: fc.constantFrom(...KINDS),
    path: shape.path,
    query: shape.query,
    body: shape.body ?? fc.constant(undefined),
    plain: fc.record({ path: shape.plainPath, query: shape.plainQuery, body: shape.plainBody ?? fc.constant(undefined) }),
    pick: fc.nat(),
    hostile: hostileValue,
    troublesome: fc.tuple(...[...shape.troublesome].map(([name, arbitrary]) => arbitrary.map((value) => [name, value] as const))),
  }).map(({ kind, path, query, body, plain, pick, hostile, troublesome }) => {
    const names = [...shape.queryNames.map((n) => ['query', n] as const), ...shape.bodyNames.map((n) => ['body', n] as const)];
    const target = names.length ? names[pick % names.length] : undefined;
    const fuzz: FuzzCase = kind === 'plain'
      ? { kind, path: plain.path, query: { ...plain.query }, body: copy(plain.body) }
      : { kind, path, query: { ...query }, body: copy(body) };
    const into = (where: 'query' | 'body') => (where === 'query' ? fuzz.query : (fuzz.body ??= {}) as Json);
    if (!target || kind === 'plain') return fuzz;
    const [where, name] = target;
    fuzz.field = name;
    if (kind === 'hostile-field') {
      // Half the time a field with troublesome plausible values gets one of those instead.
      const plausible = troublesome.find(([field]) => field === name);
      const value = plausible && Math.floor(pick / names.length) % 2 === 0 ? plausible[1] : hostile;
      into(where)[name] = value;
      fuzz.hostile = value;
    } else if (kind === 'missing-field') {
      delete into(where)[name];
    } else if (kind === 'extra-field') {
      into(where)[`extra${pick % 7}`] = hostile;
    } else if (kind === 'wrong-type') {
      into(where)[name] = pick % 2 ? { nested: hostile } : [hostile, hostile];
    }
    return fuzz;
  });
}

const copy = (body: unknown) => (body && typeof body === 'object' && !Array.isArray(body) ? { ...(body as Json) } : body);

const text = (value: unknown): string | number | undefined => {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number') return value;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};
const asFields = (values: Json) => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, text(v)]));

/** The request of a case, signed as the web app signs (or deliberately not). */
export function injectOptions(api: ApiClient, operation: ContractOperation, fuzz: FuzzCase, token: string | undefined): InjectOptions {
  const json = operation.requestType === 'application/json';
  const options: CallOptions = { token, query: asFields(fuzz.query) };
  if (fuzz.body !== undefined && operation.method !== 'GET') {
    if (json) options.json = fuzz.body;
    else options.form = asFields((fuzz.body ?? {}) as Json);
  }
  if (fuzz.kind === 'unsigned') options.signing = 'none';
  if (fuzz.kind === 'bad-signature') options.signing = { override: { signature: 'ab'.repeat(32) } };
  const request = api.request(operation.method as 'GET' | 'POST', fuzz.path, options);
  const headers = { ...(request.headers as Json) } as Record<string, string>;
  switch (fuzz.kind) {
    case 'wrong-content-type':
      if (json) return { ...request, headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1' };
      return { ...request, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(fuzz.body ?? {}) };
    case 'broken-body':
      if (operation.requestType === 'multipart/form-data') return { ...request, headers: { ...headers, 'content-type': 'multipart/form-data; boundary=xyz' }, payload: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nbroken' };
      return { ...request, headers: { ...headers, 'content-type': operation.requestType ?? 'application/json' }, payload: json ? '{"records": [' : '%%%=%zz&&=' };
    case 'repeated-key': {
      const query = { ...(request.query as Record<string, string>) };
      const name = Object.keys(query).find((k) => k === fuzz.field) ?? 'lang';
      return { ...request, query: { ...query, [name]: [query[name] ?? 'x', 'again'] } as unknown as Record<string, string> };
    }
    default:
      return request;
  }
}
