// Reads the bundled OpenAPI document (server/generated/openapi.json) into what the router needs:
// one entry per operation with its Fastify schemas and the validator of its response data.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { addDecimalMultipleOf } from './multiple-of.ts';
import type { ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { addValueFormats } from './value-formats.ts';

type Json = Record<string, unknown>;
type SchemaObject = Record<string, unknown>;

/** Where component schemas live for Ajv; refs `#/components/schemas/X` are rewritten to it. */
const COMPONENTS_ID = 'urn:portal:components';

export interface ContractOperation {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path as the spec writes it, `{id}` parameters included. */
  path: string;
  area: string;
  requestType: string | undefined;
  permissions: string[];
  signed: boolean;
  public: boolean;
  /**
   * The call may change stored data: a POST unless the contract says `x-writes: false` (it only
   * reads, its parameters travelling in a body), a GET only when it says `x-writes: true`. Closed
   * to the read-only visitor; its writes are announced before it answers.
   */
  writes: boolean;
  /** Answers a file (or an event stream) instead of the envelope. */
  file: boolean;
  /** Answers an event stream, which stays open as long as its client watches. */
  stream: boolean;
  schema: { querystring?: SchemaObject; params?: SchemaObject; body?: SchemaObject };
  /**
   * The integer and number fields that arrive as text (query, path, form and multipart fields),
   * which must be written as plain decimals: the validator would otherwise coerce `0x10`, `1e3`
   * or `Infinity` into numbers.
   */
  numericText: { query: NumericFields; params: NumericFields; body: NumericFields };
  /**
   * The validator of the answer's data, compiled on first use: production never checks answers,
   * and compiling all of them would cost start-up time and memory for nothing.
   */
  dataValidator(): ValidateFunction | undefined;
}

export type NumericFields = Record<string, 'integer' | 'number'>;

function numericType(document: Json, schema: SchemaObject | undefined): 'integer' | 'number' | undefined {
  const type = resolveRef(document, schema)?.type;
  const types = Array.isArray(type) ? type : [type];
  return types.includes('integer') ? 'integer' : types.includes('number') ? 'number' : undefined;
}

function numericFieldsOf(document: Json, entries: [string, SchemaObject | undefined][]): NumericFields {
  const out: NumericFields = {};
  for (const [name, schema] of entries) {
    const type = numericType(document, schema);
    if (type) out[name] = type;
  }
  return out;
}

export interface Contract {
  document: Json;
  operations: ContractOperation[];
  byId: Map<string, ContractOperation>;
  ajv: Ajv2020;
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

/** Rewrites internal refs for Ajv and drops keys Ajv should not see inside subschemas. */
function forAjv(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forAjv);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$schema' || key === 'example' || key === 'examples' || key.startsWith('x-')) continue;
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) {
      out.$ref = `${COMPONENTS_ID}#/$defs/${value.slice('#/components/schemas/'.length)}`;
    } else if (key === 'format' && value === 'binary') {
      // File parts arrive as Buffers from the multipart parser; the handler checks their content.
      continue;
    } else {
      out[key] = forAjv(value);
    }
  }
  if (node && (node as Json).format === 'binary' && out.type === 'string') delete out.type;
  return out;
}

/** A parameter, schema or response as written, or what its `#/...` $ref points at. */
export function resolveRef<T>(document: Json, value: T): T {
  const ref = (value as { $ref?: string } | undefined)?.$ref;
  if (!ref) return value;
  const target = ref.slice(2).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node as Json)[key], document);
  return resolveRef(document, target as T);
}

/** An operation as the bundled document writes it (parameters, requestBody, responses). */
export function operationObject(contract: Pick<Contract, 'document'>, operation: Pick<ContractOperation, 'path' | 'method'>): Json {
  return (contract.document.paths as Record<string, Record<string, Json>>)[operation.path]![operation.method.toLowerCase()]!;
}

export function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    coerceTypes: 'array',
    // Infinity and NaN are never numbers of the contract (a query "Infinity" would coerce to one).
    strictNumbers: true,
    useDefaults: true,
    removeAdditional: false,
  });
  addFormats(ajv);
  addValueFormats(ajv);
  addDecimalMultipleOf(ajv);
  return ajv;
}

interface Parameter { name: string; in: string; required?: boolean; schema?: SchemaObject; description?: string }

const BUNDLED = fileURLToPath(new URL('../generated/openapi.json', import.meta.url));

/**
 * Every permission string an operation requires (`x-permissions`) or lets staff act on other
 * users' objects with (`x-staff-permissions`), read without compiling the contract's validators.
 */
export function contractPermissions(file = BUNDLED): Set<string> {
  type Op = { 'x-permissions'?: string[]; 'x-staff-permissions'?: string[] };
  const document = JSON.parse(readFileSync(file, 'utf8')) as { paths: Record<string, Record<string, Op>> };
  return new Set(Object.values(document.paths).flatMap((item) => Object.values(item).flatMap((op) => [...op['x-permissions'] ?? [], ...op['x-staff-permissions'] ?? []])));
}

export function loadContract(file = BUNDLED): Contract {
  const document = JSON.parse(readFileSync(file, 'utf8')) as Json;
  const ajv = createAjv();
  const components = ((document.components as Json | undefined)?.schemas ?? {}) as Json;
  ajv.addSchema({ $id: COMPONENTS_ID, $defs: forAjv(components) as Json });

  const operations: ContractOperation[] = [];
  for (const [p, item] of Object.entries(document.paths as Record<string, Json>)) {
    for (const [method, raw] of Object.entries(item)) {
      const op = raw as Json & { operationId?: string };
      if (!op?.operationId) continue;
      const schema: ContractOperation['schema'] = {};
      const params = ((op.parameters as unknown[] | undefined) ?? []).map((x) => resolveRef(document, x as Parameter));
      for (const where of ['query', 'path'] as const) {
        const list = params.filter((x) => x.in === where);
        if (!list.length) continue;
        const s = {
          type: 'object',
          properties: Object.fromEntries(list.map((x) => [x.name, forAjv(x.schema ?? {})])),
          required: list.filter((x) => x.required || where === 'path').map((x) => x.name),
        };
        schema[where === 'query' ? 'querystring' : 'params'] = s;
      }
      const requestBody = resolveRef(document, op.requestBody as { content: Record<string, { schema: SchemaObject }> } | undefined);
      const requestType = requestBody ? Object.keys(requestBody.content)[0] : undefined;
      if (requestBody && requestType) schema.body = forAjv(requestBody.content[requestType]!.schema) as SchemaObject;
      const textBody = requestBody && requestType && requestType !== 'application/json' ? resolveRef(document, requestBody.content[requestType]!.schema) : undefined;
      const numericText = {
        query: numericFieldsOf(document, params.filter((x) => x.in === 'query').map((x) => [x.name, x.schema])),
        params: numericFieldsOf(document, params.filter((x) => x.in === 'path').map((x) => [x.name, x.schema])),
        body: numericFieldsOf(document, Object.entries((textBody?.properties ?? {}) as Record<string, SchemaObject>)),
      };

      const response = resolveRef(document, (op.responses as Json)['200'] as { content?: Record<string, { schema?: SchemaObject }> });
      const responseTypes = Object.keys(response?.content ?? {});
      const file = responseTypes.some((t) => t !== 'application/json');
      const dataSchema = dataSchemaOf(document, response?.content?.['application/json']?.schema);
      operations.push({
        operationId: op.operationId,
        method: method.toUpperCase() as ContractOperation['method'],
        path: p,
        area: ((op.tags as string[] | undefined) ?? [''])[0]!,
        requestType,
        permissions: (op['x-permissions'] as string[] | undefined) ?? [],
        signed: op['x-signed'] !== false,
        writes: method === 'get' ? op['x-writes'] === true : op['x-writes'] !== false,
        public: Array.isArray(op.security) && op.security.length === 0,
        file,
        stream: responseTypes.includes('text/event-stream'),
        schema,
        numericText,
        dataValidator: lazily(() => (dataSchema && !file ? ajv.compile(forAjv(dataSchema) as SchemaObject) : undefined)),
      });
    }
  }
  return { document, operations, byId: new Map(operations.map((o) => [o.operationId, o])), ajv };
}

function lazily<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

/**
 * The `data` of a successful answer: the generated contract describes each answer as
 * `oneOf: [{allOf: [SuccessEnvelope, {properties: {data}}]}, ErrorEnvelope]` (scripts/contract-rules.ts).
 */
function dataSchemaOf(document: Json, schema: SchemaObject | undefined): SchemaObject | undefined {
  const success = (resolveRef(document, schema)?.oneOf as SchemaObject[] | undefined)?.[0];
  const parts = (success?.allOf as SchemaObject[] | undefined) ?? [];
  for (const part of parts) {
    const data = (part.properties as Json | undefined)?.data as SchemaObject | undefined;
    if (data) return data;
  }
  return undefined;
}
