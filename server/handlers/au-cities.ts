// The AU plant form's locality and post-code search (001 sections 5 and 7, findAuCitys). The
// contract refuses a keyword under 3 characters with 10003 before this runs.
import { auLocalities, searchLocalities } from '../domain/areas/au-localities.ts';
import { defineHandlers } from './types.ts';

export const auCityHandlers = defineHandlers({
  findAuCitys: async ({ query }) => searchLocalities(await auLocalities(), query.keyword),
});
