// Every area's handlers, keyed by operationId. An operation missing here answers
// 10001 `not implemented: <operationId>` and counts as missing in `npm run coverage:api`.
import { menuHandlers } from './menu.ts';
import { modelCodeHandlers } from './model-codes.ts';
import { sessionHandlers } from './session.ts';
import type { Handlers } from './types.ts';

export const handlers: Handlers = {
  ...sessionHandlers,
  ...menuHandlers,
  ...modelCodeHandlers,
};
