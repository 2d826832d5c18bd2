// Verifies the signature and replay fields of every signed operation before anything else
// (PROTOCOL.md "Request signing"). A failure is 10003 and the request runs no further.
import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { AppError, ErrCode } from '../errors.ts';
import { NONCE_TTL_S, SIGNATURE_FIELDS, SIGNATURE_WINDOW_S, signFields } from '../../src/lib/signing.ts';
import type { NonceStore } from '../repositories/nonces.ts';

export interface SignatureOptions {
  /** The key of a client id, or undefined when the client is unknown or revoked. */
  keyOf(clientId: string): Promise<string | undefined>;
  nonces: NonceStore;
}

const REQUIRED = ['clientId', 'timeStamp', 'random', 'signature'] as const;
const RANDOM_PATTERN = /^[A-Za-z0-9]{32}$/;

const bad = (key: string, field: string, rule: string, params: Record<string, string | number> = {}) =>
  new AppError(ErrCode.badParam, key, { field, ...params }, [{ field, rule }]);

export default fp(async (app, opts: SignatureOptions) => {
  app.addHook('preValidation', async (request) => {
    const operation = request.routeOptions.config.operation;
    if (!operation?.signed) return;
    const query = (request.query ?? {}) as Record<string, unknown>;
    for (const field of REQUIRED) {
      if (typeof query[field] !== 'string' || query[field] === '') throw bad('signature.missing', field, 'required');
    }
    const clientId = query.clientId as string;
    const key = await opts.keyOf(clientId);
    if (key === undefined) throw bad('signature.unknownClient', 'clientId', 'invalid');
    const timeStamp = Number(query.timeStamp);
    if (!Number.isFinite(timeStamp) || Math.abs(Date.now() - timeStamp) > SIGNATURE_WINDOW_S * 1000) {
      throw bad('signature.stale', 'timeStamp', 'invalid', { seconds: SIGNATURE_WINDOW_S });
    }
    if (!RANDOM_PATTERN.test(query.random as string)) throw bad('rule.pattern', 'random', 'pattern');

    const body = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? request.body : {};
    const expected = Buffer.from(signFields(key, { ...(body as Record<string, unknown>), ...query }));
    const given = Buffer.from(String(query.signature).toLowerCase());
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw bad('signature.mismatch', 'signature', 'invalid');

    if (!(await opts.nonces.claim(clientId, query.random as string, NONCE_TTL_S))) throw bad('signature.replayed', 'random', 'invalid');
    request.clientId = clientId;
    // Handlers and schemas see only the operation's own parameters.
    for (const field of SIGNATURE_FIELDS) delete query[field];
  });
}, { name: 'signature', dependencies: ['envelope'] });

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified client id of a signed request. */
    clientId?: string;
  }
}
