// The key a form schema's precompiled validator is found by, in the browser and at build time
// alike. A generated form's schema carries its titles in the user's language (labels, enum
// options), which validate nothing: the key is RJSF's hash of the schema without them, so that
// one validator compiled at build time serves the form in every language.
import { hashForSchema, type RJSFSchema } from '@rjsf/utils';

/**
 * Keywords whose value maps names to subschemas (a property may be called "title"); those of
 * `dependencies` may be lists of names instead, which stay as they are.
 */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies']);
/** Keywords whose value is data, kept as written. */
const DATA = new Set(['const', 'enum', 'default', 'examples']);

/** A schema without its titles and descriptions, at any depth. */
export function withoutTitles(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutTitles);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
    if (key === 'title' || key === 'description') continue;
    if (DATA.has(key)) out[key] = value;
    else if (SCHEMA_MAPS.has(key) && value && typeof value === 'object' && !Array.isArray(value)) {
      out[key] = Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([name, sub]) => [name, withoutTitles(sub)]));
    } else out[key] = withoutTitles(value);
  }
  return out;
}

/** The precompiled validator's key of a schema. */
export const schemaKey = (schema: unknown): string => hashForSchema(withoutTitles(schema) as RJSFSchema);
