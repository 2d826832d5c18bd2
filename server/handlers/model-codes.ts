import * as repo from '../repositories/model-codes.ts';
import { defineHandlers } from './types.ts';

export const modelCodeHandlers = defineHandlers({
  pageList: ({ db, query, lists }) => repo.pageModelCodes(db, query, lists),
  listModelCode: ({ db, query }) => repo.listModelCodes(db, query.deviceType),
  modelCodeAdd: ({ db, body }) => repo.saveModelCode(db, body),
  async delete({ db, body }) {
    await repo.deleteModelCode(db, body.id);
    return null;
  },
  modelCodeSerialAdd: ({ db, body }) => repo.addSerial(db, body),
  modify: ({ db, body }) => repo.modifySerial(db, body),
  modelCodeSerialList: ({ db, query }) => repo.listSerials(db, query.modelCodeId),
});
