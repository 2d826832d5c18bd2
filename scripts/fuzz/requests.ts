// One fuzz case of an operation: a request built from the contract (valid, at the bounds, or
// with one field hostile, missing or extra), sent signed as the web app signs, or deliberately
// malformed at the transport (wrong content type, broken body, repeated query key, bad signature).
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { operationObject, type Contract, type ContractOperation } from '../../server/contract/contract.ts';
import type { ApiClient, CallOptions } from '../../tests/fixtures/app.ts';
import { hostileValue, resolve, validValue } from './sampler.ts';

type Json = Record<string, unknown>;

export type CaseKind = 'valid' | 'hostile-field' | 'missing-field' | 'extra-field' | 'wrong-type'
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
  queryNames: string[];
  bodyNames: string[];
}

const shapes = new Map<string, Shape>();

function shapeOf(contract: Contract, operation: ContractOperation): Shape {
  const known = shapes.get(operation.operationId);
  if (known) return known;
  const document = contract.document;
  const raw = operationObject(contract, operation);
  const parameters = ((raw.parameters as unknown[] | undefined) ?? []).map((p) => resolve(document, p) as { name: string; in: string; required?: boolean; schema?: unknown });
  const byPlace = (place: string) => parameters.filter((p) => p.in === place);
  const record = (list: typeof parameters) => fc.record(
    Object.fromEntries(list.map((p) => [p.name, validValue(document, p.schema)])),
    { requiredKeys: list.filter((p) => p.required || p.in === 'path').map((p) => p.name) },
  ) as fc.Arbitrary<Json>;
  const pathParams = byPlace('path');
  const path = record(pathParams).map((values) => operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(values[name] ?? '1'))));
  const requestBody = raw.requestBody ? resolve(document, raw.requestBody) : undefined;
  const bodySchema = requestBody && operation.requestType ? resolve(document, (requestBody.content as Record<string, Json>)[operation.requestType]!.schema) : undefined;
  const shape: Shape = {
    path,
    query: record(byPlace('query')),
    body: bodySchema ? validValue(document, bodySchema) : undefined,
    queryNames: byPlace('query').map((p) => p.name),
    bodyNames: Object.keys((bodySchema?.properties ?? {}) as Json),
  };
  shapes.set(operation.operationId, shape);
  return shape;
}

const KINDS: readonly CaseKind[] = ['valid', 'valid', 'valid', 'hostile-field', 'hostile-field', 'hostile-field', 'missing-field', 'extra-field', 'wrong-type',
  'wrong-content-type', 'broken-body', 'repeated-key', 'bad-signature', 'unsigned'];

/** The arbitrary of an operation's fuzz cases. */
export function fuzzCase(contract: Contract, operation: ContractOperation): fc.Arbitrary<FuzzCase> {
  const shape = shapeOf(contract, operation);
  return fc.record({
    kind: fc.constantFrom(...KINDS),
    path: shape.path,
    query: shape.query,
    body: shape.body ?? fc.constant(undefined),
    pick: fc.nat(),
    hostile: hostileValue,
  }).map(({ kind, path, query, body, pick, hostile }) => {
    const names = [...shape.queryNames.map((n) => ['query', n] as const), ...shape.bodyNames.map((n) => ['body', n] as const)];
    const target = names.length ? names[pick % names.length] : undefined;
    const fuzz: FuzzCase = { kind, path, query: { ...query }, body: body && typeof body === 'object' && !Array.isArray(body) ? { ...(body as Json) } : body };
    const into = (where: 'query' | 'body') => (where === 'query' ? fuzz.query : (fuzz.body ??= {}) as Json);
    if (!target) return fuzz;
    const [where, name] = target;
    fuzz.field = name;
    if (kind === 'hostile-field') {
      into(where)[name] = hostile;
      fuzz.hostile = hostile;
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
