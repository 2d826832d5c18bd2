// fast-check arbitraries from the contract's JSON Schemas: values that the schema accepts
// (bounds and enum members included), hostile values that probe the input rules of
// docs/input-rules.md (control characters, huge and odd numbers, injection strings, ...), and
// plausible values by field name and object kind: the stored objects of the run (so that a
// request reaches a real plant, device or account), and values that the schema lets through but
// the domain may not know (a time zone `Mars/Olympus`, a country `ZZ`), which only the handler
// or a later read can trip over (issue 19).
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
    // The contract's value formats (src/lib/value-formats.ts): a valid value is one of the list.
    case 'time-zone': return fc.constantFrom('Asia/Shanghai', 'Australia/Sydney', 'Europe/Berlin', 'America/Denver', 'UTC');
    case 'country-code': return fc.constantFrom('CN', 'AU', 'DE', 'US', 'ZA');
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

/** A field's plausible values: ordinary ones, and troublesome ones that the schema lets through. */
export interface Plausible {
  ordinary: readonly string[];
  troublesome: readonly string[];
}

const zones: Plausible = {
  ordinary: ['Asia/Shanghai', 'Australia/Sydney', 'Europe/Berlin', 'America/Denver', 'UTC'],
  // Unknown to everyone, or known to PostgreSQL's zone files but not to Intl (posixrules,
  // localtime), or dropped from the zone database (US/Pacific-New), or an offset, or mis-cased.
  troublesome: ['Mars/Olympus', 'posixrules', 'localtime', 'US/Pacific-New', '+08:00', 'asia/shanghai'],
};
const languages: Plausible = { ordinary: ['en', 'zh-CN', 'de'], troublesome: ['xx-XX', 'en-ZZ', 'EN', 'zh_CN'] };

/** Plausible values of the fields of these names, wherever they appear. */
export const PLAUSIBLE_BY_NAME: Readonly<Record<string, Plausible>> = {
  timeZone: zones,
  countryCode: { ordinary: ['CN', 'AU', 'DE', 'US'], troublesome: ['ZZ', 'XX', 'cn', 'CHN'] },
  currencyName: { ordinary: ['RMB', 'AUD', 'EUR', 'USD'], troublesome: ['XXX', 'ZZZ', 'RMX'] },
  lang: languages,
  language: languages,
  // Leap days and the days clocks change, in both hemispheres; the ends of the calendar.
  date: { ordinary: ['2026-01-15', '2026-06-15'], troublesome: ['2024-02-29', '2026-03-29', '2026-10-04', '1970-01-01', '2099-12-31'] },
  inviteCode: { ordinary: ['SUNRISE1', 'BLUECST2'], troublesome: ['sunrise1', 'NOSUCH99'] },
  pointInviteCode: { ordinary: ['SUNRISE1', 'BLUECST2'], troublesome: ['sunrise1', 'NOSUCH99'] },
  modelCode: { ordinary: ['INV-8K', 'INV-15K'], troublesome: ['inv-8k', 'NOSUCH'] },
  email: { ordinary: ['someone@example.com'], troublesome: ['owner@demo.solar-portal.dev', 'OWNER@DEMO.SOLAR-PORTAL.DEV'] },
  phone: { ordinary: ['13912345678'], troublesome: ['13800000007', '+8613800000007'] },
  loginName: { ordinary: ['new-login'], troublesome: ['owner', 'OWNER', 'installer2', '13800000007'] },
  account: { ordinary: ['owner', 'owner2'], troublesome: ['OWNER', '13800000007', 'owner2@demo.solar-portal.dev'] },
  plantName: { ordinary: ['Roof'], troublesome: ["Olivia's rooftop", 'OLIVIA\'S ROOFTOP'] },
  systemPower: { ordinary: ['5', '8'], troublesome: ['0.001', '1000'] },
};

/** The object kind (`x-object`) of unmarked or unscoped fields that name one by their name. */
export const KIND_BY_NAME: Readonly<Record<string, string>> = {
  plantUid: 'plant', deviceSn: 'device', sn: 'device', parentSn: 'device', meterId: 'device', moduleSn: 'device', deviceSnArr: 'device',
  userId: 'user', endUserId: 'user', fromUserId: 'user', toUserId: 'user', userIdArr: 'user',
  officeId: 'office', parentId: 'office', searchOfficeIdArr: 'office', apiClientId: 'apiClient',
};

/** The run's stored objects by kind (plant uids, serials, user and office ids), refreshed as it goes. */
export type KnownObjects = Map<string, readonly string[]>;

/** Whether a string is one the schema accepts by its type, length, pattern and enum (not its format). */
export function fitsString(schema: Json, value: string): boolean {
  const type = [schema.type].flat()[0];
  if (type !== undefined && type !== 'string') return false;
  if (Array.isArray(schema.enum)) return schema.enum.includes(value);
  const length = [...value].length;
  if (length < ((schema.minLength as number | undefined) ?? 0) || length > ((schema.maxLength as number | undefined) ?? Infinity)) return false;
  if (typeof schema.pattern === 'string') {
    try {
      return new RegExp(schema.pattern, 'u').test(value);
    } catch {
      return false;
    }
  }
  return true;
}

/** The plausible text as the schema's type holds it (a number for a numeric field), or undefined if it does not fit. */
export function asSchemaValue(schema: Json, value: string): unknown {
  const type = [schema.type].flat()[0];
  if (type === 'integer' || type === 'number') {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n) || (type === 'integer' && !Number.isInteger(n))) return undefined;
    const min = (schema.minimum as number | undefined) ?? -Infinity;
    const max = (schema.maximum as number | undefined) ?? Infinity;
    const above = schema.exclusiveMinimum === undefined || n > (schema.exclusiveMinimum as number);
    const below = schema.exclusiveMaximum === undefined || n < (schema.exclusiveMaximum as number);
    return n >= min && n <= max && above && below ? n : undefined;
  }
  return fitsString(schema, value) ? value : undefined;
}

/** Where a field's plausible values come from: its name, and the kind of object it names. */
export interface FieldHint {
  name: string;
  /** The `x-object` kind, when the contract marks one (`none` counts as unmarked). */
  kind?: string | undefined;
}

/** The kind of object a field names: its `x-object` mark, else what its name says. */
export const kindOf = (hint: FieldHint): string | undefined => (hint.kind && hint.kind !== 'none' ? hint.kind : KIND_BY_NAME[hint.name]);

/**
 * The field's plausible values that the schema accepts, ordinary and troublesome alike (each
 * looked up when a value is drawn, so that objects stored meanwhile are tried too); undefined
 * when there are none for the field. `only` keeps the troublesome ones.
 */
export function plausibleValue(document: Json, node: unknown, hint: FieldHint, known: KnownObjects, only?: 'troublesome'): fc.Arbitrary<unknown> | undefined {
  const schema = resolve(document, node);
  const type = [schema.type].flat()[0];
  if (type === 'array') {
    const item = plausibleValue(document, schema.items, hint, known, only);
    const minItems = Math.max(1, (schema.minItems as number | undefined) ?? 0);
    const maxItems = Math.max(minItems, Math.min((schema.maxItems as number | undefined) ?? 2, 2));
    return item && fc.array(item, { minLength: minItems, maxLength: maxItems });
  }
  const named = PLAUSIBLE_BY_NAME[hint.name];
  const kind = kindOf(hint);
  if (!named && !kind) return undefined;
  const fixed = (only ? named?.troublesome : named && [...named.ordinary, ...named.troublesome]) ?? [];
  const candidates = () => [...fixed, ...(only || !kind ? [] : known.get(kind) ?? [])].map((v) => asSchemaValue(schema, v)).filter((v) => v !== undefined);
  if (!candidates().length && !(kind && !only)) return undefined;
  // A kind with no stored object yet falls back to a value of the schema.
  return fc.tuple(fc.nat(), validValue(document, schema)).map(([n, fallback]) => {
    const values = candidates();
    return values.length ? values[n % values.length] : fallback;
  });
}
