// The organisation tree and office lists, inside the caller's scope (scope.ts).
import { countries } from '../domain/accounts/countries.ts';
import { officeRow, officeTreePage, pageOffices, scopeRoots, subOffices } from '../repositories/offices.ts';
import { addOffice, deleteOffice, editOffice } from '../repositories/office-writes.ts';
import { assertOfficeInScope, callerScope } from '../repositories/scope.ts';
import { defineHandlers } from './types.ts';

export const officeHandlers = defineHandlers({
  async getUserOfficeListPage({ db, user, query }) {
    return { id: user.officeId, name: user.officeName, treeBeanList: await officeTreePage(db, user, query) };
  },

  getUserSubOfficeList: ({ db, user, query }) => subOffices(db, user, query.officeId),

  pageOffice: ({ db, user, query }) => pageOffices(db, user, query),

  officeDetail: ({ db, user, query }) => officeRow(db, user, query.officeId),

  async officeAdd({ db, user, body }) {
    return officeRow(db, user, await addOffice(db, user, body));
  },

  async officeEdit({ db, user, body }) {
    await editOffice(db, user, body);
    return officeRow(db, user, body.officeId);
  },

  async officeDelete({ db, user, body }) {
    await deleteOffice(db, user, body.officeId);
    return null;
  },

  async findScopeList({ db, user }) {
    const scope = callerScope(user);
    const roots = await scopeRoots(db, scope);
    return {
      dataScope: scope.officePaths.length ? (1 as const) : (2 as const),
      officeList: roots.map((office) => ({ officeId: office.officeId, officeName: office.officeName })),
    };
  },

  async findAuthCountryList({ db, user, query, lang }) {
    if (query.officeId) await assertOfficeInScope(db, user, query.officeId);
    // No office is restricted to some countries yet, so every office serves every country.
    return countries(lang);
  },
});
