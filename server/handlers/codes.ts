// Verification codes and captchas.
import { defineHandlers } from './types.ts';

export const codeHandlers = defineHandlers({});
