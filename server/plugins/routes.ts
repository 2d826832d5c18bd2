// Registers every operation of the contract as a route: request validation from the OpenAPI,
// the handler for its operationId (or a 10001 `not implemented` answer), the envelope, and —
// in tests and development — validation of the answer's data against the contract.
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { AppError, ErrCode } from '../errors.ts';
import type { Contract, ContractOperation } from '../contract/contract.ts';
import type { Handler, HandlerContext, Handlers, Services } from '../handlers/types.ts';
import type { OperationId } from '../../src/api/generated/operations.ts';
import { ok } from './envelope.ts';
import { checkNumericText, normaliseInput } from '../contract/normalise-input.ts';
import { createSender, type Sender } from '../services/sender.ts';
import type { ResponseContractMode } from '../config.ts';
import { brokenRows } from '../contract/broken-rows.ts';
import type { AuthEvents } from '../services/auth-events.ts';
import { listReadsFor, type ListMemo } from '../services/list-memo.ts';
import { mediaType } from '../contract/media-type.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    operation?: ContractOperation;
  }
}

export interface RoutesOptions extends Omit<Services, 'sender'> {
  /** The default writes to the outbox and this app's log (and SMTP when configured). */
  sender?: Sender;
  contract: Contract;
  handlers: Handlers;
  apiPrefix: string;
  responseContract: ResponseContractMode;
  /** Heard after each request that may have written, so that cached sessions reflect it. */
  authEvents: Pick<AuthEvents, 'sync' | 'caughtUp'>;
  /** List pages kept until a write to what they read is announced. */
  lists: ListMemo;
}

function checkContentType(request: FastifyRequest, operation: ContractOperation) {
  if (!operation.requestType || request.method === 'GET') return;
  const sent = mediaType(request.headers['content-type']);
  // A body-less POST (all fields optional) may come without a content type.
  if (!sent && !request.headers['content-length']) return;
  if (sent !== operation.requestType) {
    throw new AppError(ErrCode.badParam, 'error.contentType', { expected: operation.requestType }, [{ field: 'content-type', rule: 'invalid' }]);
  }
}

/** Trims, NFC-normalises and screens every string before the schema judges it (normalise-input.ts). */
function normaliseRequest(request: FastifyRequest, operation: ContractOperation) {
  request.query = normaliseInput(request.query);
  request.params = normaliseInput(request.params);
  if (request.body !== undefined) request.body = normaliseInput(request.body);
  checkNumericText(request.query, operation.numericText.query);
  checkNumericText(request.params, operation.numericText.params);
  checkNumericText(request.body, operation.numericText.body);
}

export default fp(async (app, opts: RoutesOptions) => {
  const { contract, handlers } = opts;
  const sender = opts.sender ?? createSender(opts.config, opts.db, app.log);
  app.setValidatorCompiler(({ schema }) => contract.ajv.compile(schema));

  for (const operation of contract.operations) {
    const handler = handlers[operation.operationId as OperationId] as Handler<OperationId> | undefined;
    const url = opts.apiPrefix + operation.path.replace(/\{(\w+)\}/g, ':$1');
    app.routeMethods.add(url, operation.method);
    app.route({
      method: operation.method,
      url,
      schema: operation.schema,
      config: { operation },
      preValidation: async (request) => {
        checkContentType(request, operation);
        normaliseRequest(request, operation);
      },
      handler: async (request, reply) => {
        if (!handler) throw new AppError(ErrCode.fault, 'error.notImplemented', { operationId: operation.operationId });
        const ctx = {
          request, reply, db: opts.db, config: opts.config, sender, counts: opts.counts, fleet: opts.fleet, lang: request.lang, auth: request.auth,
          lists: listReadsFor(opts.lists, () => opts.authEvents.caughtUp(request.arrivalMark)),
          query: request.query, body: request.body, params: request.params,
          get user() {
            if (!request.auth) throw new AppError(ErrCode.notLoggedIn, 'error.notLoggedIn');
            return request.auth;
          },
        } as HandlerContext<OperationId>;
        let data: unknown;
        try {
          data = await handler(ctx);
        } finally {
          // A logout, a lock or a role change must hold for the very next request this process serves.
          if (operation.writes) await opts.authEvents.sync();
        }
        if (operation.file) return reply;
        const validateData = opts.responseContract === 'off' ? undefined : operation.dataValidator();
        if (validateData) {
          const plain = data === undefined ? null : JSON.parse(JSON.stringify(data));
          if (!validateData(plain)) {
            const errors = validateData.errors ?? [];
            request.log.error({ operationId: operation.operationId, rows: brokenRows(plain, errors), errors }, 'response outside the contract');
            // Outside tests a bad stored row must not make a whole list unreadable.
            if (opts.responseContract === 'strict') throw new AppError(ErrCode.fault, 'error.responseContract');
          }
        }
        return ok(data ?? null);
      },
    });
  }
}, { name: 'routes', dependencies: ['envelope', 'signature', 'auth'] });

/** Operations that have a real handler, for the coverage report and the contract test. */
export function implementedOperations(contract: Contract, handlers: Handlers): ContractOperation[] {
  return contract.operations.filter((o) => o.operationId in handlers);
}
