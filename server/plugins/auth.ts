// Resolves the session of the bearer token and enforces the operation's permission strings
// (x-permissions, any-of) on the server, after the signature check and before validation.
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { AppError, ErrCode } from '../errors.ts';
import { hasAnyPermission } from '../../src/lib/permissions.ts';
import { resolveAccessToken } from '../repositories/sessions.ts';
import { loadAuthUser, type AuthUser } from '../repositories/users.ts';

export interface AuthContext extends AuthUser {
  sessionId: string;
  visitor: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

export default fp(async (app, opts: { db: Db }) => {
  app.decorateRequest('auth', null);
  app.addHook('preValidation', async (request) => {
    const operation = request.routeOptions.config.operation;
    if (!operation || operation.public) return;
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new AppError(ErrCode.notLoggedIn, 'error.notLoggedIn');
    const session = await resolveAccessToken(opts.db, token);
    const user = await loadAuthUser(opts.db, session.userId);
    if (!user) throw new AppError(ErrCode.notLoggedIn, 'error.notLoggedIn');
    request.auth = { ...user, sessionId: session.sessionId, visitor: session.visitor };
    if (operation.permissions.length && !hasAnyPermission(user.permissions, operation.permissions)) {
      throw new AppError(ErrCode.forbidden, 'error.forbidden');
    }
  });
}, { name: 'auth', dependencies: ['envelope', 'signature'] });
