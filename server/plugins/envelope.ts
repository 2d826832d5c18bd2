// Every answer that is not a file is {errCode, errMsg, data}. This plugin sets the request's
// language, and maps every failure (our AppError, validation, parser and transport errors,
// unknown paths, unexpected faults) to the catalogue, never leaking internals.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ErrCode, type ErrCodeValue, type FieldError } from '../errors.ts';
import { pickLang, translate } from '../i18n/messages.ts';
import { mediaType } from '../contract/media-type.ts';
import { FORMAT_RULES } from '../contract/value-formats.ts';

declare module 'fastify' {
  interface FastifyRequest {
    lang: string;
  }
}

export interface Envelope<T = unknown> {
  errCode: number;
  errMsg: string;
  data: T;
}

/** The multipart parser (busboy) reports a broken body with plain errors that carry no code. */
const BROKEN_MULTIPART = /^(Unexpected end of (multipart data|form)|Multipart: Boundary not found|Malformed part header)/;
const isBrokenMultipart = (request: FastifyRequest, error: Error) =>
  mediaType(request.headers['content-type']).startsWith('multipart/') && BROKEN_MULTIPART.test(error.message);

const CALLER_ID = /^[\x21-\x7e]{1,64}$/;

export const ok = <T>(data: T): Envelope<T> => ({ errCode: ErrCode.ok, errMsg: '', data });

interface AjvLikeError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

/** Field name of an Ajv error: the property path, or the missing property of `required`. */
function fieldOf(error: AjvLikeError): string {
  const base = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const missing = error.params.missingProperty ?? error.params.additionalProperty;
  if (typeof missing === 'string') return base ? `${base}.${missing}` : missing;
  return base || 'body';
}

export function fieldErrorsOf(errors: AjvLikeError[], lang: string): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const error of errors) {
    const field = fieldOf(error);
    // One message per field: the first rule that failed is the one to fix first.
    if (seen.has(field) || error.keyword === 'if' || error.keyword === 'allOf') continue;
    seen.add(field);
    const rule = error.keyword === 'format' ? FORMAT_RULES[String(error.params.format)] ?? 'format' : error.keyword;
    const params = {
      field,
      limit: String(error.params.limit ?? ''),
      type: String(error.params.type ?? ''),
      format: String(error.params.format ?? ''),
      values: Array.isArray(error.params.allowedValues) ? error.params.allowedValues.join(', ') : '',
    };
    const key = `rule.${rule}`;
    const message = translate(lang, key, params);
    out.push({ field, rule, message: message === key ? translate(lang, 'rule.invalid', params) : message });
  }
  return out;
}

export function sendError(reply: FastifyReply, code: ErrCodeValue, errMsg: string, data: unknown = null, status = 200) {
  return reply.status(status).type('application/json').send({ errCode: code, errMsg, data });
}

function answerAppError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  const lang = request.lang ?? 'en';
  const fields = error.fields.map((f) => ({
    ...f,
    message: translate(lang, `rule.${f.rule}`, { ...error.params, field: f.field }),
  }));
  if (error.code === ErrCode.tooMany) reply.header('retry-after', String(error.params.retryAfter ?? 60));
  return sendError(reply, error.code, translate(lang, error.messageKey, error.params), fields.length ? { errors: fields } : null, error.httpStatus);
}

/**
 * Answers what Node's HTTP parser refuses before Fastify sees a request (a request line or
 * headers over 16 KB, a malformed request): still the envelope, in English since no `lang` could
 * be read. Set as Fastify's `clientErrorHandler`.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, key] = error.code === 'HPE_HEADER_OVERFLOW' ? [431, 'error.headersTooLarge']
    : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'error.timeout']
      : [400, 'error.badRequest'];
  const body = JSON.stringify({ errCode: ErrCode.badParam, errMsg: translate('en', key), data: null });
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}

/** The methods each API path answers, filled by the routes plugin, for 405 and `Allow`. */
export class RouteMethods {
  private readonly routes: { pattern: RegExp; methods: Set<string> }[] = [];

  add(url: string, method: string) {
    const source = url.split(/(:\w+)/).map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
    let route = this.routes.find((r) => r.pattern.source === `^${source}$`);
    if (!route) this.routes.push(route = { pattern: new RegExp(`^${source}$`), methods: new Set() });
    route.methods.add(method);
    // Fastify answers HEAD for every GET route.
    if (method === 'GET') route.methods.add('HEAD');
  }

  /** The methods of the path, empty when no route has it. */
  of(path: string): string[] {
    return [...(this.routes.find((r) => r.pattern.test(path))?.methods ?? [])];
  }
}

export default fp(async (app, opts: { apiPrefix: string }) => {
  app.decorate('routeMethods', new RouteMethods());
  app.decorateRequest('lang', 'en');
  app.addHook('onRequest', async (request, reply) => {
    const query = request.query as Record<string, unknown> | undefined;
    request.lang = pickLang(query?.lang, request.headers['accept-language']);
    reply.header('x-request-id', request.id);
    const callerId = request.headers['x-request-id'];
    // A caller's own trace id is kept for correlation, bounded and printable, beside ours.
    if (typeof callerId === 'string' && CALLER_ID.test(callerId)) {
      // Both: Fastify writes the request's closing line through the reply's logger.
      request.log = reply.log = request.log.child({ callerRequestId: callerId });
    }
  });

  app.setErrorHandler((error: FastifyError & { validation?: AjvLikeError[] }, request, reply) => {
    const lang = request.lang ?? 'en';
    if (error instanceof AppError) return answerAppError(request, reply, error);
    if (error.validation) {
      const errors = fieldErrorsOf(error.validation, lang);
      return sendError(reply, ErrCode.badParam, errors.map((e) => e.message).join('; '), { errors });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
      case 'FST_FILES_LIMIT':
        return sendError(reply, ErrCode.badParam, translate(lang, 'error.bodyTooLarge'), null, 413);
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendError(reply, ErrCode.badParam, translate(lang, 'error.contentType', { expected: 'the declared content type' }));
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        return sendError(reply, ErrCode.badParam, translate(lang, 'error.malformedBody', { detail: error.code }));
    }
    if (isBrokenMultipart(request, error)) {
      return sendError(reply, ErrCode.badParam, translate(lang, 'error.malformedBody', { detail: error.message }));
    }
    if (error.statusCode === 403 || error.statusCode === 404) {
      // A file outside the web app (`/assets/../..`) or a missing one: there is nothing there.
      return sendError(reply, ErrCode.badParam, translate(lang, 'error.notFound', { path: request.url.split('?')[0]! }), null, 404);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(reply, ErrCode.badParam, translate(lang, 'error.badRequest'), null, error.statusCode);
    }
    request.log.error({ err: error }, 'unexpected fault');
    return sendError(reply, ErrCode.fault, translate(lang, 'error.fault'));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const allowed = app.routeMethods.of(path);
    if (allowed.length) {
      reply.header('allow', allowed.join(', '));
      return sendError(reply, ErrCode.badParam, translate(request.lang, 'error.methodNotAllowed', { method: request.method, allowed: allowed.join(', ') }), null, 405);
    }
    if (request.url.startsWith(opts.apiPrefix) || request.method !== 'GET') {
      return sendError(reply, ErrCode.badParam, translate(request.lang, 'error.notFound', { path: request.url.split('?')[0]! }), null, 404);
    }
    return app.serveWebApp(request, reply);
  });
}, { name: 'envelope' });

declare module 'fastify' {
  interface FastifyInstance {
    routeMethods: RouteMethods;
    /** Answers the web app's index.html (history-mode fallback), or a 404 envelope when not built. */
    serveWebApp(request: FastifyRequest, reply: FastifyReply): FastifyReply | Promise<FastifyReply>;
  }
}
