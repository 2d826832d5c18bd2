// Resolves the session of the bearer token and enforces the operation's permission strings
// (x-permissions, any-of) on the server, after the signature check and before validation.
// A visitor session (visitorLogin, the demo) is read-only on top of that.
import fp from 'fastify-plugin';
import type { ContractOperation } from '../contract/contract.ts';
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

/**
 * POST operations a visitor may call: ending or inspecting the session, and the POSTs that only
 * read (lists, counts, exports whose parameters travel in a body). Every other POST writes, and a
 * new one stays closed to visitors until it is listed here: the safe default for a shared account.
 */
export const VISITOR_POST_ALLOWED: ReadonlySet<string> = new Set([
  'logout',
  'getAlarmLevelCountInState', 'userAlarmPage',
  'getSafetyData', 'getSafetyDataList',
  'webUserPointConsumptionList', 'webPointsRecordList', 'webUserPointsRecordList', 'exportWebPointsRecordList', 'webUserPointsRecordListExport',
  'getMemberEquityRuleList', 'getPointRuleList', 'aggUserPointGroupByPeriod',
  'webDeviceManagerRecordList', 'webDeviceManagerStatics', 'exportDeviceManagerRecordList',
]);

/** GET operations only read; so do the POSTs of VISITOR_POST_ALLOWED. */
export const visitorMayCall = (operation: Pick<ContractOperation, 'method' | 'operationId'>): boolean =>
  operation.method === 'GET' || VISITOR_POST_ALLOWED.has(operation.operationId);

async function authenticate(db: Db, token: string): Promise<AuthContext> {
  const session = await resolveAccessToken(db, token);
  const user = await loadAuthUser(db, session.userId);
  if (!user) throw new AppError(ErrCode.notLoggedIn, 'error.notLoggedIn');
  return { ...user, sessionId: session.sessionId, visitor: session.visitor };
}

export default fp(async (app, opts: { db: Db }) => {
  app.decorateRequest('auth', null);
  app.addHook('preValidation', async (request) => {
    const operation = request.routeOptions.config.operation;
    if (!operation) return;
    const token = bearerToken(request.headers.authorization);
    if (operation.public) {
      // Public operations answer anyone; a signed-in caller is still held to their permission.
      if (!token || !operation.permissions.length) return;
      const auth = await authenticate(opts.db, token).catch(() => null);
      if (auth && !hasAnyPermission(auth.permissions, operation.permissions)) throw new AppError(ErrCode.forbidden, 'error.forbidden');
      request.auth = auth;
      return;
    }
    if (!token) throw new AppError(ErrCode.notLoggedIn, 'error.notLoggedIn');
    request.auth = await authenticate(opts.db, token);
    if (request.auth.visitor && !visitorMayCall(operation)) throw new AppError(ErrCode.forbidden, 'error.visitorReadOnly');
    if (operation.permissions.length && !hasAnyPermission(request.auth.permissions, operation.permissions)) {
      throw new AppError(ErrCode.forbidden, 'error.forbidden');
    }
  });
}, { name: 'auth', dependencies: ['envelope', 'signature'] });
