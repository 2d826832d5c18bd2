// The one input rule every operation inherits (docs/input-rules.md): before the contract's
// schema sees a request, every string in its query, path parameters and body is trimmed and
// put in Unicode NFC, so that minLength and pattern judge what will be stored; a string or a
// field name holding a control character (other than tab, CR and LF) or a broken UTF-16
// surrogate is refused, naming the field. PostgreSQL refuses NUL outright, and the other
// controls only hide text from the people who later read it.
import { fieldError, type AppError } from '../errors.ts';

// Cc is C0, DEL and C1; tab, LF and CR are ordinary in multi-line text. With the u flag a
// surrogate pair is one code point, so the range matches only a lone (broken) surrogate.
const CONTROL = /[\p{Cc}\uD800-\uDFFF]/u;
const ALLOWED_CONTROL = /[\t\n\r]/g;

export const hasForbiddenCharacters = (text: string): boolean =>
  CONTROL.test(text.replace(ALLOWED_CONTROL, ''));

/** The field's path as errors name it: `items.2.name`, or the key itself at the top. */
const join = (base: string, key: string | number) => (base ? `${base}.${key}` : String(key));

function normalise(value: unknown, field: string): unknown {
  if (typeof value === 'string') {
    if (hasForbiddenCharacters(value)) throw forbidden(field);
    return value.trim().normalize('NFC');
  }
  if (Array.isArray(value)) return value.map((item, index) => normalise(item, join(field, index)));
  // Buffers are uploaded file parts: their content is the handler's to check.
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (hasForbiddenCharacters(key)) throw forbidden(join(field, JSON.stringify(key).slice(1, -1)));
      out[key.normalize('NFC')] = normalise(item, join(field, key));
    }
    return out;
  }
  return value;
}

const forbidden = (field: string): AppError => fieldError(field, 'controlCharacters');

const DECIMAL = { integer: /^-?\d+$/, number: /^-?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/ } as const;

/**
 * Numbers that travel as text must be written as decimals: the schema's coercion would read
 * `0x10`, `Infinity` or a blank as numbers (or, for Infinity, let it past every bound).
 */
export function checkNumericText(values: unknown, fields: Record<string, 'integer' | 'number'>): void {
  if (!values || typeof values !== 'object') return;
  for (const [name, type] of Object.entries(fields)) {
    const value = (values as Record<string, unknown>)[name];
    const texts = Array.isArray(value) ? value : [value];
    for (const text of texts) {
      if (typeof text === 'string' && !DECIMAL[type].test(text)) throw fieldError(name, 'type', { type });
    }
  }
}

/**
 * The normalised copy of one part of a request (query, params or body), or an AppError (10003)
 * naming the first field that holds a forbidden character.
 */
export function normaliseInput<T>(value: T): T {
  return normalise(value, '') as T;
}
