// The one input rule every operation inherits (docs/input-rules.md): before the contract's
// schema sees a request, every string in its query, path parameters and body is trimmed and
// put in Unicode NFC, so that minLength and pattern judge what will be stored; a string or a
// field name holding a control character (other than tab, CR and LF) or a broken UTF-16
// surrogate is refused, naming the field. PostgreSQL refuses NUL outright, and the other
// controls only hide text from the people who later read it.
import { fieldError, type AppError } from '../errors.ts';

// Cc is C0 (U+0000-U+001F), DEL and C1 (U+007F-U+009F); tab, LF and CR are ordinary in multi-line
// text, so they are left out of the class. With the u flag a surrogate pair is one code point, so
// the range matches only a lone (broken) surrogate. One test per string, with nothing copied: a
// telemetry batch holds tens of thousands of strings.
// eslint-disable-next-line no-control-regex -- control characters are what this class is for
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uD800-\uDFFF]/u;

/** Text that NFC leaves as it is, as every ASCII text. */
const ASCII = /^\p{ASCII}*$/u;

export const hasForbiddenCharacters = (text: string): boolean => FORBIDDEN.test(text);

/** The keys from the part's top to the value being normalised: the field's name is built from them only to name it in an error. */
type Path = (string | number)[];

/** The field's path as errors name it: `items.2.name`, or the key itself at the top. */
const nameOf = (path: Path) => path.join('.');

/** Normalises in place (the request's own freshly parsed parts), returning the value. */
function normalise(value: unknown, path: Path): unknown {
  if (typeof value === 'string') {
    if (hasForbiddenCharacters(value)) throw forbidden(nameOf(path));
    const trimmed = value.trim();
    return ASCII.test(trimmed) ? trimmed : trimmed.normalize('NFC');
  }
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      path.push(index);
      value[index] = normalise(value[index], path);
      path.pop();
    }
    return value;
  }
  // Buffers are uploaded file parts: their content is the handler's to check.
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      if (hasForbiddenCharacters(key)) throw forbidden(nameOf([...path, JSON.stringify(key).slice(1, -1)]));
      path.push(key);
      const item = normalise(record[key], path);
      path.pop();
      const composed = ASCII.test(key) ? key : key.normalize('NFC');
      if (composed !== key) delete record[key];
      record[composed] = item;
    }
    return record;
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
 * One part of a request (query, params or body), normalised in place and returned, or an
 * AppError (10003) naming the first field that holds a forbidden character.
 */
export function normaliseInput<T>(value: T): T {
  return normalise(value, []) as T;
}
