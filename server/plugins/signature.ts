// Verifies the signature and replay fields of every signed operation before anything else
// (PROTOCOL.md "Request signing"). A failure is 10003 and the request runs no further.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { AppError, ErrCode } from '../errors.ts';
import { SIGNATURE_FIELDS, SIGNATURE_WINDOW_S, canonicalString } from '../../src/lib/signing.ts';
import type { NonceStore } from '../repositories/nonces.ts';
import { JSON_MEDIA_TYPE, mediaType } from '../contract/media-type.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../contract/json-depth.ts';

export interface SignatureOptions {
  /** The key of a client id, or undefined when the client is unknown or revoked. */
  keyOf(clientId: string): Promise<string | undefined>;
  nonces: NonceStore;
}

const REQUIRED = ['clientId', 'timeStamp', 'random', 'signature'] as const;
const RANDOM_PATTERN = /^[A-Za-z0-9]{32}$/;
// Only canonical forms (PROTOCOL.md "Request signing"): one value, one spelling, so that what the
// server checks is what was signed. A timeStamp is plain decimal without leading zeros; "0" is
// the canonical zero, refused later as outside the window.
const TIMESTAMP_PATTERN = /^(?:0|[1-9]\d{0,14})$/;
const SIGNATURE_PATTERN = /^[0-9a-f]{64}$/;
const BODY_HASH_PATTERN = /^[0-9a-f]{64}$/;

/**
 * `signFields` of src/lib/signing.ts computed by node:crypto (OpenSSL) rather than the portable
 * JavaScript HMAC the browser uses: a few times faster on every signed request.
 */
export const serverSignature = (key: string, fields: Record<string, unknown>): string =>
  createHmac('sha256', key).update(canonicalString(fields), 'utf8').digest('hex');

const bad = (key: string, field: string, rule: string, params: Record<string, string | number> = {}) =>
  new AppError(ErrCode.badParam, key, { field, ...params }, [{ field, rule }]);

/**
 * Every signed field name must appear once across the query and the body: the canonical string
 * holds one value per name, so a second copy would travel unsigned. Values of a JSON body may
 * be arrays; a repeated form or query field is a second copy.
 */
function checkSingleOccurrence(query: Record<string, unknown>, body: Record<string, unknown>, formBody: boolean) {
  for (const [name, value] of Object.entries(query)) {
    if (Array.isArray(value) || Object.hasOwn(body, name)) throw bad('rule.duplicate', name, 'duplicate');
  }
  if (!formBody) return;
  for (const [name, value] of Object.entries(body)) {
    if (Array.isArray(value) && value.some((item) => typeof item === 'string')) throw bad('rule.duplicate', name, 'duplicate');
  }
}

export default fp(async (app, opts: SignatureOptions) => {
  // A JSON body is signed by the SHA-256 of its exact bytes (bodyHash), so they are kept as they came.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(JSON_MEDIA_TYPE, { parseAs: 'buffer' }, (request, body, done) => {
    request.rawBody = body as Buffer;
    if (nestsDeeperThan(request.rawBody)) {
      done(new AppError(ErrCode.badParam, 'rule.maxDepth', { field: 'body', limit: MAX_JSON_DEPTH }, [{ field: 'body', rule: 'maxDepth' }]), undefined);
      return;
    }
    parseJson(request, body as unknown as string, done);
  });

  app.addHook('preValidation', async (request) => {
    const operation = request.routeOptions.config.operation;
    if (!operation?.signed) return;
    const query = (request.query ?? {}) as Record<string, unknown>;
    const body = request.body && typeof request.body === 'object' && !Array.isArray(request.body) && !Buffer.isBuffer(request.body)
      ? request.body as Record<string, unknown> : {};
    checkSingleOccurrence(query, body, operation.requestType !== 'application/json');
    for (const field of REQUIRED) {
      if (typeof query[field] !== 'string' || query[field] === '') throw bad('signature.missing', field, 'required');
    }
    const clientId = query.clientId as string;
    const key = await opts.keyOf(clientId);
    if (key === undefined) throw bad('signature.unknownClient', 'clientId', 'invalid');
    if (!TIMESTAMP_PATTERN.test(query.timeStamp as string)) throw bad('rule.pattern', 'timeStamp', 'pattern');
    const timeStamp = Number(query.timeStamp);
    if (Math.abs(Date.now() - timeStamp) > SIGNATURE_WINDOW_S * 1000) {
      throw bad('signature.stale', 'timeStamp', 'invalid', { seconds: SIGNATURE_WINDOW_S });
    }
    if (!RANDOM_PATTERN.test(query.random as string)) throw bad('rule.pattern', 'random', 'pattern');
    if (!SIGNATURE_PATTERN.test(query.signature as string)) throw bad('signature.mismatch', 'signature', 'invalid');

    // A JSON body enters the signature through its hash only (PROTOCOL.md "Request signing").
    // Decided by what was sent, so that JSON sent to a form operation still reaches its
    // content-type check; and any body the JSON parser read needs its hash, however its media
    // type was spelt.
    const json = request.rawBody !== undefined || mediaType(request.headers['content-type']) === JSON_MEDIA_TYPE;
    if (json) {
      if (typeof query.bodyHash !== 'string' || !BODY_HASH_PATTERN.test(query.bodyHash)) throw bad('signature.bodyHash', 'bodyHash', 'invalid');
      const actual = createHash('sha256').update(request.rawBody ?? Buffer.alloc(0)).digest('hex');
      if (actual !== query.bodyHash) throw bad('signature.bodyHash', 'bodyHash', 'invalid');
    }
    const expected = Buffer.from(serverSignature(key, json ? query : { ...body, ...query }));
    const given = Buffer.from(query.signature as string);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw bad('signature.mismatch', 'signature', 'invalid');

    // A value is remembered while its request could still be accepted, until its timeStamp leaves
    // the window (at most 600 s, twice the window, for a clock that runs ahead): a replay after
    // that is refused as stale, so remembering it longer would protect nothing and fill the store.
    const remember = Math.max(1, Math.ceil((timeStamp + SIGNATURE_WINDOW_S * 1000 - Date.now()) / 1000));
    if (!(await opts.nonces.claim(clientId, query.random as string, remember))) throw bad('signature.replayed', 'random', 'invalid');
    request.clientId = clientId;
    // Handlers and schemas see only the operation's own parameters, which may include one of the
    // signing fields (switchLanguage's `lang`).
    const own = (operation.schema.querystring?.properties ?? {}) as Record<string, unknown>;
    for (const field of [...SIGNATURE_FIELDS, 'bodyHash']) if (!(field in own)) delete query[field];
  });
}, { name: 'signature', dependencies: ['envelope'] });

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified client id of a signed request. */
    clientId?: string;
    /** The exact bytes of a JSON body, which its bodyHash signs. */
    rawBody?: Buffer;
  }
}
