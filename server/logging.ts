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

export const REDACT_PATHS = [
  'req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
];

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
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: (error: unknown) => serializeError(error), req: (request: LoggedRequest) => serializeRequest(request) },
  };
}
