// Model codes; their serial prefixes are a stored resource answered by the generic handlers
// (schemas/entities/model-code-serial.schema.json, server/resources/model-code-serial.hooks.ts).
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
});
