// API clients (API information): issue, list, revoke (001 "Offices and API information").
import { secretKeyOf } from '../domain/auth/secret-box.ts';
import { createApiClient, listApiClients, revokeApiClient } from '../repositories/api-clients.ts';
import { defineHandlers } from './types.ts';

export const apiInfoHandlers = defineHandlers({
  async getApiInfo({ db, user }) {
    return listApiClients(db, user.officePath);
  },

  async addApiInfo({ db, config, user, body }) {
    const client = await createApiClient(db, secretKeyOf(config), { apiName: body.apiName, officeId: user.officeId, createdBy: user.userId });
    return { ...client, officeName: user.officeName, createBy: user.loginName };
  },

  async delApiInfo({ db, user, body }) {
    await revokeApiClient(db, body.apiClientId, user.officePath);
    return null;
  },
});
