import { buildRouters } from '../domain/menu/build-routers.ts';
import { menuRows } from '../repositories/menus.ts';
import { defineHandlers } from './types.ts';

export const menuHandlers = defineHandlers({
  async getRouters({ db, query, user }) {
    return buildRouters(await menuRows(db, query.platformType), user.permissions);
  },
});
