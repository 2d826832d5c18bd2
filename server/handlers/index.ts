// Every area's handlers, keyed by operationId. An operation missing here answers
// 10001 `not implemented: <operationId>` and counts as missing in `npm run coverage:api`.
import { accountHandlers } from './account.ts';
import { apiInfoHandlers } from './api-info.ts';
import { codeHandlers } from './codes.ts';
import { menuHandlers } from './menu.ts';
import { modelCodeHandlers } from './model-codes.ts';
import { officeHandlers } from './offices.ts';
import { oldWebHandlers } from './old-web.ts';
import { registrationHandlers } from './registration.ts';
import { sessionHandlers } from './session.ts';
import { systemDataHandlers } from './system-data.ts';
import { userAdminHandlers } from './user-admin.ts';
import type { Handlers } from './types.ts';

export const handlers: Handlers = {
  ...sessionHandlers,
  ...registrationHandlers,
  ...codeHandlers,
  ...accountHandlers,
  ...userAdminHandlers,
  ...officeHandlers,
  ...apiInfoHandlers,
  ...oldWebHandlers,
  ...systemDataHandlers,
  ...menuHandlers,
  ...modelCodeHandlers,
};
