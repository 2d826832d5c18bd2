// Hooks: what an entity schema cannot say, one optional file per stored resource
// (server/resources/<entity>.hooks.ts, default export `defineHooks({...})`, joined to its table by
// `npm run gen`). Every hook runs inside the write's transaction: a hook that throws (a
// fieldError for a cross-field rule or a refused state change) rolls the whole write back,
// including what other hooks wrote beside it.
import type { Tx } from '../db/client.ts';
import type { AuthContext } from '../plugins/auth.ts';

/** A record as the generic handlers answer it: the entity's fields by name. */
export type Row = Record<string, unknown>;

export interface HookContext {
  /** The write's transaction: side effects written through it commit or roll back with the record. */
  tx: Tx;
  user: AuthContext;
  operation: 'add' | 'edit' | 'delete';
}

export interface ResourceHooks {
  /**
   * Cross-field rules and state machines, before anything is written. `input` holds the request's
   * fields; `before` is the stored record on an edit (a state machine compares the two). Refuse
   * with `throw fieldError(field, rule, params)`: the answer is 10003 naming the field.
   */
  validate?(input: Row, ctx: HookContext & { before?: Row }): void | Promise<void>;
  /** The values to store, derived from the request's (a normalised code, a computed field). */
  prepare?(values: Row, ctx: HookContext & { before?: Row }): Row | Promise<Row>;
  /** Side effects after the record is written, in the same transaction (another table, a log). */
  afterWrite?(record: Row, ctx: HookContext & { before?: Row }): void | Promise<void>;
  /** Before a delete: refuse it (a record still in use) or clean up what depends on it. */
  beforeDelete?(record: Row, ctx: HookContext): void | Promise<void>;
  /** Fields the answer adds to stored ones (readOnly, computed), for a page of records at once. */
  decorate?(records: Row[], ctx: { db: Tx | import('../db/client.ts').Db }): Row[] | Promise<Row[]>;
}

/** Declares a resource's hooks with their types checked. */
export const defineHooks = (hooks: ResourceHooks): ResourceHooks => hooks;
