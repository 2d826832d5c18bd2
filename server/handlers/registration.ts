// Registration, code login and password reset.
import { defineHandlers } from './types.ts';

export const registrationHandlers = defineHandlers({});
