// Every answer that is not a file is {errCode, errMsg, data}. This plugin sets the request's
// language, and maps every failure (our AppError, validation, parser and transport errors,
// unknown paths, unexpected faults) to the catalogue, never leaking internals.
import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ErrCode, type ErrCodeValue, type FieldError } from '../errors.ts';
import { pickLang, translate } from '../i18n/messages.ts';

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
    const rule = error.keyword === 'additionalProperties' ? 'additionalProperties' : error.keyword;
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

export default fp(async (app, opts: { apiPrefix: string }) => {
  app.decorateRequest('lang', 'en');
  app.addHook('onRequest', async (request, reply) => {
    const query = request.query as Record<string, unknown> | undefined;
    request.lang = pickLang(query?.lang, request.headers['accept-language']);
    reply.header('x-request-id', request.id);
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
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(reply, ErrCode.badParam, translate(lang, 'error.malformedBody', { detail: error.code ?? 'bad request' }));
    }
    request.log.error({ err: error }, 'unexpected fault');
    return sendError(reply, ErrCode.fault, translate(lang, 'error.fault'));
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(opts.apiPrefix) || request.method !== 'GET') {
      return sendError(reply, ErrCode.badParam, translate(request.lang, 'error.notFound', { path: request.url.split('?')[0]! }), null, 404);
    }
    return app.serveWebApp(request, reply);
  });
}, { name: 'envelope' });

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers the web app's index.html (history-mode fallback), or a 404 envelope when not built. */
    serveWebApp(request: FastifyRequest, reply: FastifyReply): FastifyReply | Promise<FastifyReply>;
  }
}
