// The transfer dialog's office picker (deviceTransferOffices): the organisations the caller may
// deliver devices to (repositories/transfer-offices.ts).
import { transferOffices } from '../repositories/transfer-offices.ts';
import { defineHandlers } from './types.ts';

export const transferOfficeHandlers = defineHandlers({
  deviceTransferOffices: ({ db, user, query }) => transferOffices(db, user, query),
});
