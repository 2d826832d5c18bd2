// The signed-in user's own account (personal center).
import { defineHandlers } from './types.ts';

export const accountHandlers = defineHandlers({});
