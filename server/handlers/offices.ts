// The organisation tree and office lists.
import { defineHandlers } from './types.ts';

export const officeHandlers = defineHandlers({});
