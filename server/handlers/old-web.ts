// One-time jumps to the old web.
import { defineHandlers } from './types.ts';

export const oldWebHandlers = defineHandlers({});
