// Handler signatures typed from the generated contract: a handler receives the validated
// query, body and path parameters of its operation and returns that operation's `data`.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BodyOf, DataOf, ParamsOf, QueryOf } from '../../src/api/contract-types.ts';
import type { OperationId } from '../../src/api/generated/operations.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { plants } from '../db/schema/index.ts';
import type { AuthContext } from '../plugins/auth.ts';
import type { CountCache } from '../services/count-cache.ts';
import type { FleetMemo } from '../services/fleet-memo.ts';
import type { ListReads } from '../services/list-memo.ts';
import type { Sender } from '../services/sender.ts';

type Plant = typeof plants.$inferSelect;

export interface Services {
  db: Db;
  config: Config;
  /** Delivers SMS and e-mails (codes, notices) through the outbox and, when configured, SMTP. */
  sender: Sender;
  /** Counts kept until the database announces a change to what they count. */
  counts: CountCache;
  /** Fleet statistics, kept until the next telemetry commit or plant change. */
  fleet: FleetMemo;
}

export interface HandlerContext<K extends OperationId> extends Services {
  request: FastifyRequest;
  reply: FastifyReply;
  query: QueryOf<K>;
  body: BodyOf<K>;
  params: ParamsOf<K>;
  lang: string;
  /** The caller; null only in operations marked public (security: []). */
  auth: AuthContext | null;
  /** Memoised list pages, for this request (server/services/list-memo.ts). */
  lists: ListReads;
  /** The caller, for operations that require a session. */
  user: AuthContext;
  /**
   * The plant the request names, once the plant-access guard (plant-access.ts) has let the caller
   * through to it: visible to the caller, so a handler need not load and scope it again.
   */
  plant?: Plant;
}

export type Handler<K extends OperationId> = (ctx: HandlerContext<K>) => Promise<DataOf<K>>;
export type Handlers = { [K in OperationId]?: Handler<K> };

/** Declares an area's handlers with their types checked against the contract. */
export const defineHandlers = <T extends Handlers>(handlers: T): T => handlers;
