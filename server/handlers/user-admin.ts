// User administration by the user and by staff.
import { defineHandlers } from './types.ts';

export const userAdminHandlers = defineHandlers({});
