// Builds the Fastify app without listening (server.ts listens; tests call app.inject).
// Plugins load in a fixed order: parsers, envelope, signature, auth, routes, docs, web.
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { loadContract, type Contract } from './contract/contract.ts';
import { handlers as allHandlers } from './handlers/index.ts';
import type { Handlers } from './handlers/types.ts';
import envelope from './plugins/envelope.ts';
import signature from './plugins/signature.ts';
import auth from './plugins/auth.ts';
import routes from './plugins/routes.ts';
import docs from './plugins/docs.ts';
import web from './plugins/web.ts';
import { databaseNonceStore } from './repositories/nonces.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  contract?: Contract;
  handlers?: Handlers;
  logger?: boolean | object;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const contract = options.contract ?? loadContract();
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    genReqId: (req) => (typeof req.headers['x-request-id'] === 'string' && req.headers['x-request-id'].length <= 64 ? req.headers['x-request-id'] : randomUUID()),
    bodyLimit: config.bodyLimit,
    // The spec's menu path has a double slash that must match as written.
    routerOptions: { ignoreDuplicateSlashes: false },
    ajv: { customOptions: { strict: false } },
  });

  await app.register(formbody);
  await app.register(multipart, { attachFieldsToBody: 'keyValues', limits: { fileSize: config.bodyLimit, files: 10 } });
  await app.register(envelope, { apiPrefix: config.apiPrefix });
  await app.register(signature, {
    keyOf: async (clientId: string) => (clientId === 'web' ? config.webClientKey : undefined),
    nonces: databaseNonceStore(database.db),
  });
  await app.register(auth, { db: database.db });
  await app.register(routes, {
    contract, handlers: options.handlers ?? allHandlers, apiPrefix: config.apiPrefix,
    validateResponses: config.validateResponses, db: database.db, config,
  });
  await app.register(docs, { contract, apiPrefix: config.apiPrefix });
  await app.register(web, { webDist: config.webDist });
  return app;
}
