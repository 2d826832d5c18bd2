// fast-check arbitraries from the contract's JSON Schemas: values that the schema accepts
// (bounds and enum members included), and hostile values that probe the input rules of
// docs/input-rules.md (control characters, huge and odd numbers, injection strings, ...).
import fc from 'fast-check';
import { resolveRef } from '../../server/contract/contract.ts';

type Json = Record<string, unknown>;

/** A JSON Schema (or parameter, or body) with its `#/...` $ref resolved; `{}` for none. */
export const resolve = (document: Json, node: unknown): Json => (resolveRef(document, node) ?? {}) as Json;

export const HOSTILE_STRINGS: readonly string[] = [
  '', ' ', '\t\r\n', ' \u00a0 ', 'a\u0000b', '\u0000', '\u0007', '\u001b[31mred', 'next\u0085line', 'del\u007f', 'half\ud800', '\udfff',
  'Infinity', '-Infinity', 'NaN', '1e40', '9007199254740993', '2147483648', '-2147483649', '-0', '0x10', '1.5', '00012', '+5',
  "' OR 1=1--", '"; drop table users; --', '%00', '%', '_', '\\', '../../etc/passwd', '<script>alert(1)</script>', '${7*7}', '{{7*7}}',
  'Cafe\u0301', '\u202eevil', '😀'.repeat(40), '中文名称', 'null', 'undefined', 'true', '[]', '{}', 'a,b', 'a=b&c=d',
];

const HUGE_STRING = 'x'.repeat(100_000);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: fc.constant(HUGE_STRING) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(1e308, -1e308, 2 ** 53 + 2, -1, 0, 2 ** 31, Number.MAX_SAFE_INTEGER) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(true, null, [], {}, ['a', 'b'], { nested: 'x' }) },
);

const DATE = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true });

function stringArbitrary(schema: Json): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = Math.min((schema.maxLength as number | undefined) ?? 40, 200);
  switch (schema.format) {
    case 'email': return fc.emailAddress().filter((e) => e.length <= maxLength);
    case 'date': return DATE.map((d) => d.toISOString().slice(0, 10));
    case 'date-time': return DATE.map((d) => d.toISOString());
    case 'uri': return fc.webUrl();
  }
  if (typeof schema.pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= minLength && s.length <= maxLength);
    } catch {
      // A pattern fast-check cannot invert: plain text within the bounds.
    }
  }
  return fc.oneof(
    fc.string({ minLength: Math.max(minLength, 1), maxLength: Math.max(minLength, Math.min(maxLength, 20)) }),
    fc.constant('a'.repeat(Math.max(minLength, 1))),
    fc.constant('a'.repeat(maxLength)).filter((s) => s.length >= minLength),
  );
}

/** Values the schema accepts, biased towards its bounds. */
export function validValue(document: Json, node: unknown, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(document, node);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  for (const key of ['oneOf', 'anyOf'] as const) {
    if (Array.isArray(schema[key])) return fc.oneof(...(schema[key] as unknown[]).map((part) => validValue(document, part, depth + 1)));
  }
  if (Array.isArray(schema.allOf)) {
    return fc.tuple(...(schema.allOf as unknown[]).map((part) => validValue(document, part, depth + 1)))
      .map((parts) => Object.assign({}, ...parts.filter((p) => p && typeof p === 'object')));
  }
  const type = [schema.type].flat()[0];
  switch (type) {
    case 'integer': {
      const min = Math.ceil((schema.minimum as number | undefined) ?? ((schema.exclusiveMinimum as number | undefined) ?? -1001) + 1);
      const max = Math.floor((schema.maximum as number | undefined) ?? ((schema.exclusiveMaximum as number | undefined) ?? 1001) - 1);
      return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max));
    }
    case 'number': {
      const min = (schema.minimum as number | undefined) ?? (schema.exclusiveMinimum as number | undefined) ?? -1e6;
      const max = (schema.maximum as number | undefined) ?? (schema.exclusiveMaximum as number | undefined) ?? 1e6;
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true, minExcluded: schema.exclusiveMinimum !== undefined, maxExcluded: schema.exclusiveMaximum !== undefined });
    }
    case 'boolean': return fc.boolean();
    case 'string': return stringArbitrary(schema);
    case 'null': return fc.constant(null);
    case 'array': {
      if (depth > 4) return fc.constant([]);
      const minItems = (schema.minItems as number | undefined) ?? 0;
      return fc.array(validValue(document, schema.items, depth + 1), { minLength: minItems, maxLength: Math.max(minItems, Math.min((schema.maxItems as number | undefined) ?? 3, 3)) });
    }
    default: {
      const properties = (schema.properties ?? {}) as Record<string, unknown>;
      if (depth > 4 || !Object.keys(properties).length) return fc.constant({});
      const required = (schema.required as string[] | undefined) ?? [];
      const record = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, validValue(document, property, depth + 1)]));
      return fc.record(record, { requiredKeys: required.filter((name) => name in properties) });
    }
  }
}
