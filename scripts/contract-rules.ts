// Rules that `npm run gen` applies to the bundled contract, so that every operation inherits
// them without a line of its own (docs/input-rules.md):
// - every integer without bounds of its own is an int32 (the id and count columns), and every
//   number without bounds stays within ±1e15 (where doubles still hold whole numbers exactly);
// - every JSON answer is described in both of its shapes: the success envelope with the
//   operation's data, or the error envelope (PROTOCOL.md "Error catalogue").
type Json = Record<string, unknown>;

export const INT32_MIN = -2147483648;
export const INT32_MAX = 2147483647;
export const NUMBER_LIMIT = 1e15;

const ENVELOPE = '#/components/schemas/Envelope';
const SUCCESS = '#/components/schemas/SuccessEnvelope';
const ERROR = '#/components/schemas/ErrorEnvelope';

const hasType = (schema: Json, type: string) =>
  schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type));

function bound(schema: Json, low: number, high: number) {
  if (schema.enum !== undefined || schema.const !== undefined) return;
  if (schema.minimum === undefined && schema.exclusiveMinimum === undefined) schema.minimum = low;
  if (schema.maximum === undefined && schema.exclusiveMaximum === undefined) schema.maximum = high;
}

/** Gives every unbounded integer int32 bounds and every unbounded number ±NUMBER_LIMIT, in place. */
export function boundNumbers(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(boundNumbers);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  if (hasType(schema, 'integer')) bound(schema, INT32_MIN, INT32_MAX);
  else if (hasType(schema, 'number')) bound(schema, -NUMBER_LIMIT, NUMBER_LIMIT);
  for (const value of Object.values(schema)) boundNumbers(value);
}

/** The success-or-error form of one JSON answer schema, or the schema itself when it is not an envelope. */
function twoShaped(schema: Json): Json {
  if (schema.$ref === ENVELOPE) return { $ref: ERROR };
  const parts = schema.allOf as Json[] | undefined;
  if (!parts?.some((part) => part.$ref === ENVELOPE)) return schema;
  const success = { allOf: parts.map((part) => (part.$ref === ENVELOPE ? { $ref: SUCCESS } : part)) };
  return { oneOf: [success, { $ref: ERROR }] };
}

function rewriteResponse(response: Json | undefined) {
  const json = (response?.content as Record<string, Json> | undefined)?.['application/json'];
  if (json?.schema) json.schema = twoShaped(json.schema as Json);
}

/**
 * Describes every answer as success or error, in place: operations' inline responses and the
 * shared responses they $ref. A file answer's JSON alternative is only ever an error.
 */
export function describeErrorAnswers(document: Json): void {
  const components = document.components as Json;
  for (const response of Object.values((components.responses ?? {}) as Record<string, Json>)) rewriteResponse(response);
  for (const item of Object.values(document.paths as Record<string, Record<string, Json>>)) {
    for (const operation of Object.values(item)) {
      const responses = (operation?.responses ?? {}) as Record<string, Json>;
      for (const response of Object.values(responses)) if (!response.$ref) rewriteResponse(response);
    }
  }
}
