// Where an operation takes its fields: in the query string (GET lists, exports, copies), or in its
// form body (the points lists and exports are POSTs whose paging and filters travel in the body).
// Lists, exports, reference pickers and actions send their fields through this one rule, so that
// a screen works whichever way its contract takes them.
import { operations, type OperationId } from '@/api/generated/operations';

export type OperationArgs = { query: Record<string, unknown> } | { body: Record<string, unknown> };

/** The fields as the operation takes them: a form (or multipart) body, else the query. */
export function operationArgs(operation: OperationId, fields: Record<string, unknown>): OperationArgs {
  const info = operations[operation];
  return info?.requestType ? { body: fields } : { query: fields };
}
