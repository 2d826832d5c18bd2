// Resolves the session of the bearer token and enforces the operation's permission strings
// (x-permissions, any-of) on the server, after the signature check and before validation.
// A visitor session (visitorLogin, the demo) is read-only on top of that.
import fp from 'fastify-plugin';
import type { ContractOperation } from '../contract/contract.ts';
import type { Db } from '../db/client.ts';
import { AppError, ErrCode } from '../errors.ts';
import { hasAnyPermission } from '../../src/lib/permissions.ts';
import { resolveAccessToken } from '../repositories/sessions.ts';
import type { AuthUser } from '../repositories/users.ts';
import { hashToken } from '../domain/auth/tokens.ts';
import type { AuthCache } from '../services/auth-cache.ts';

export interface AuthContext extends AuthUser {
  sessionId: string;
  visitor: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    /** AuthEvents.mark() when the request arrived. */
    arrivalMark: number;
  }
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

/**
 * Operations that write and that a visitor may still call: ending its own session, and asking a
 * device for its settings (the answer is recorded as what the device holds). Any other that
 * writes (a POST unless the contract marks it `x-writes: false`) is closed to visitors: the safe
 * default for a shared account.
 */
export const VISITOR_WRITES_ALLOWED: ReadonlySet<string> = new Set(['logout', 'getSafetyData']);

export const visitorMayCall = (operation: Pick<ContractOperation, 'operationId' | 'writes'>): boolean =>
  !operation.writes || VISITOR_WRITES_ALLOWED.has(operation.operationId);

export interface AuthOptions {
  db: Db;
  cache: AuthCache;
  /** AuthEvents.mark and caughtUp: whether every announcement committed before a request arrived has been heard. */
  events: { mark(): number; caughtUp(since: number): Promise<boolean> };
}

/**
 * The session, the user and the permission set of an access token: from the cache, or in one
 * query. Errors (expired, revoked, unknown) are never cached, so they are always current.
 */
async function authenticate({ db, cache, events }: AuthOptions, token: string, arrivalMark: number): Promise<AuthContext> {
  const tokenHash = hashToken(token);
  // A cached session is used only once this process has heard every change committed before
  // this request (another process's logout included), which may drop it; otherwise the database
  // answers.
  if (cache.get(tokenHash) && (await events.caughtUp(arrivalMark))) {
    const cached = cache.get(tokenHash);
    if (cached) return cached;
  }
  const epoch = cache.begin();
  const { auth, validUntil } = await resolveAccessToken(db, token);
  cache.put(tokenHash, auth, validUntil, epoch);
  return auth;
}

export default fp(async (app, opts: AuthOptions) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('arrivalMark', 0);
  // Before the signature check, whose nonce claim may then prove the request's caughtUp.
  app.addHook('onRequest', (request, _reply, done) => {
    request.arrivalMark = opts.events.mark();
    done();
  });
  app.addHook('preValidation', async (request) => {
    const operation = request.routeOptions.config.operation;
    if (!operation) return;
    const token = bearerToken(request.headers.authorization);
    if (operation.public) {
      // Public operations answer anyone; a signed-in caller is still held to their permission,
      // and the visitor's session stays read-only.
      if (!token || (!operation.permissions.length && visitorMayCall(operation))) return;
      const auth = await authenticate(opts, token, request.arrivalMark).catch(() => null);
      if (auth?.visitor && !visitorMayCall(operation)) throw new AppError(ErrCode.forbidden, 'error.visitorReadOnly');
      if (auth && operation.permissions.length && !hasAnyPermission(auth.permissions, operation.permissions)) throw new AppError(ErrCode.forbidden, 'error.forbidden');
      request.auth = auth;
      return;
    }
    if (!token) throw new AppError(ErrCode.notLoggedIn, 'error.notLoggedIn');
    request.auth = await authenticate(opts, token, request.arrivalMark);
    if (request.auth.visitor && !visitorMayCall(operation)) throw new AppError(ErrCode.forbidden, 'error.visitorReadOnly');
    if (operation.permissions.length && !hasAnyPermission(request.auth.permissions, operation.permissions)) {
      throw new AppError(ErrCode.forbidden, 'error.forbidden');
    }
  });
}, { name: 'auth', dependencies: ['envelope', 'signature'] });
