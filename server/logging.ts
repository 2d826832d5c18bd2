// The server's log options: JSON lines that never hold users' secrets or personal data.
// Requests are logged by their path: a query string holds a GET call's fields.
// A failed query is logged as its statement and parameter count: its parameters are users'
// contact details, password hashes and sealed secrets. Database errors keep their SQLSTATE and
// the constraint or column, not their message or detail, which quote the offending values.
import type { FastifyServerOptions } from 'fastify';

/** Fields whose values are secrets wherever they appear in a logged object. */
const SECRET_FIELDS = [
  'password', 'newPassword', 'oldPassword', 'confirmPassword', 'passwordHash',
  'token', 'refreshToken', 'accessToken', 'tokenHash',
  'secret', 'clientSecret', 'secretEncrypted', 'appSecret',
];

/** Those, and the headers that carry credentials. */
const REDACTED = new Set([...SECRET_FIELDS, 'authorization', 'cookie', 'set-cookie']);
const CENSOR = '[redacted]';
/** Secrets are looked for at the first three levels of a logged object, as pino's `*.*.field` paths would. */
const REDACT_DEPTH = 3;

const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

/**
 * A copy of a logged object whose secret fields read "[redacted]", at its first three levels.
 * Only plain objects and arrays are entered: requests, replies and errors have serializers of
 * their own. Done here, for the lines actually written, rather than by pino's wildcard redaction,
 * which also runs on the bindings of the child logger that every request gets.
 */
export function redactSecrets(value: Record<string, unknown>, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (REDACTED.has(key)) out[key] = CENSOR;
    else if (depth + 1 < REDACT_DEPTH && isPlain(field)) out[key] = redactSecrets(field, depth + 1);
    else if (depth + 1 < REDACT_DEPTH && Array.isArray(field)) out[key] = field.map((item) => (isPlain(item) ? redactSecrets(item, depth + 1) : item));
    else out[key] = field;
  }
  return out;
}

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: unknown;
  statement?: string;
  paramCount?: number;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  routine?: unknown;
  cause?: LoggedError;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
const isDatabaseError = (error: Record<string, unknown>) => typeof error.code === 'string' && SQLSTATE.test(error.code) && 'severity' in error;

/** pino's `err` serializer: an error's shape and location, without the values it quotes. */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: typeof error === 'string' ? error : '', stack: '' };
  const fields = error as unknown as Record<string, unknown>;
  const out: LoggedError = { type: error.constructor.name, message: error.message, stack: error.stack ?? '' };
  if (typeof fields.query === 'string' && Array.isArray(fields.params)) {
    out.statement = fields.query;
    out.paramCount = fields.params.length;
    out.message = 'query failed';
    if (typeof fields.code === 'string' && SQLSTATE.test(fields.code)) out.code = fields.code;
    // The stack begins with the message, which lists the parameters: keep only its frames.
    out.stack = out.stack.split('\n').filter((line) => line.startsWith('    at ')).join('\n');
  } else if (isDatabaseError(fields)) {
    Object.assign(out, { code: fields.code, constraint: fields.constraint, table: fields.table, column: fields.column, routine: fields.routine });
    out.message = `database error ${String(fields.code)}`;
    out.stack = '';
  } else if (fields.code !== undefined) {
    out.code = fields.code;
  }
  if (error.cause !== undefined && depth < 3) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

/** The request as Fastify's serializer receives it (FastifyRequest), or whatever else was logged as `req`. */
interface LoggedRequest {
  method?: string;
  url?: unknown;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** What Fastify expects its `req` serializer to answer. */
interface RequestLine {
  [key: string]: unknown;
  method?: string | undefined;
  url?: string | undefined;
  host?: string | undefined;
  remoteAddress?: string | undefined;
  remotePort?: number | undefined;
}

/**
 * pino's `req` serializer: Fastify's fields, with the URL's path but not its query string. GET
 * calls carry their fields there (phone numbers and e-mail addresses that codes go to, search
 * terms), and the signature's random and signature besides.
 */
export function serializeRequest(request: LoggedRequest): RequestLine {
  // Anything else logged as `req` is left to the redaction paths.
  if (typeof request?.url !== 'string') return request as RequestLine;
  const query = request.url.indexOf('?');
  return {
    method: request.method,
    url: query < 0 ? request.url : request.url.slice(0, query),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    formatters: { log: (object: Record<string, unknown>) => redactSecrets(object) },
    serializers: { err: (error: unknown) => serializeError(error), req: (request: LoggedRequest) => serializeRequest(request) },
  };
}
