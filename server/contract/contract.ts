// Reads the bundled OpenAPI document (server/generated/openapi.json) into what the router needs:
// one entry per operation with its Fastify schemas and the validator of its response data.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

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
  /** Answers a file (or an event stream) instead of the envelope. */
  file: boolean;
  schema: { querystring?: SchemaObject; params?: SchemaObject; body?: SchemaObject };
  validateData: ValidateFunction | undefined;
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

function resolveRef<T>(document: Json, value: T): T {
  const ref = (value as { $ref?: string } | undefined)?.$ref;
  if (!ref) return value;
  const target = ref.slice(2).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node as Json)[key], document);
  return resolveRef(document, target as T);
}

export function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    coerceTypes: 'array',
    useDefaults: true,
    removeAdditional: false,
  });
  addFormats(ajv);
  return ajv;
}

interface Parameter { name: string; in: string; required?: boolean; schema?: SchemaObject; description?: string }

export function loadContract(file = fileURLToPath(new URL('../generated/openapi.json', import.meta.url))): Contract {
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
        public: Array.isArray(op.security) && op.security.length === 0,
        file,
        schema,
        validateData: dataSchema && !file ? ajv.compile(forAjv(dataSchema) as SchemaObject) : undefined,
      });
    }
  }
  return { document, operations, byId: new Map(operations.map((o) => [o.operationId, o])), ajv };
}

/** The `data` part of `allOf: [Envelope, {properties: {data}}]`, the shape every operation uses. */
function dataSchemaOf(document: Json, schema: SchemaObject | undefined): SchemaObject | undefined {
  const parts = (resolveRef(document, schema)?.allOf as SchemaObject[] | undefined) ?? [];
  for (const part of parts) {
    const data = (part.properties as Json | undefined)?.data as SchemaObject | undefined;
    if (data) return data;
  }
  return undefined;
}
