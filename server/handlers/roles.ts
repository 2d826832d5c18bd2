// Role administration and the permission catalogue (openapi/paths/roles.yaml); the rules are in
// server/repositories/roles.ts.
import * as repo from '../repositories/roles.ts';
import { defineHandlers } from './types.ts';

export const roleHandlers = defineHandlers({
  rolePage: ({ db, query }) => repo.pageRoles(db, query),
  roleDetail: ({ db, query }) => repo.roleDetail(db, query.id),
  roleAdd: ({ db, body, user }) => repo.addRole(db, body, user),
  roleEdit: ({ db, body, user }) => repo.editRole(db, body, user),
  async roleDelete({ db, body }) {
    await repo.deleteRole(db, body.id);
    return null;
  },
  permissionCatalogue: ({ db, query }) => repo.pagePermissions(db, query),
});
