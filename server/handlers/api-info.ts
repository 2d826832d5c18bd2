// API clients (API information): issue, list, revoke.
import { defineHandlers } from './types.ts';

export const apiInfoHandlers = defineHandlers({});
