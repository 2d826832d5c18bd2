// Device modules (001 section 7 "Modules").
import { translate } from '../i18n/messages.ts';
import * as repo from '../repositories/modules.ts';
import { defineHandlers } from './types.ts';

export const moduleHandlers = defineHandlers({
  async moduleProductTypeList({ db, lang }) {
    const types = await repo.moduleProductTypes(db);
    return types.map((t) => ({ ...t, productTypeName: translate(lang, `modules.productType.${t.productType}`) }));
  },
  userModuleList: ({ db, user, query }) => repo.pageModules(db, user, query),
  getModuleListCountInfo: ({ db, user, query }) => repo.countModules(db, user, query),
});
