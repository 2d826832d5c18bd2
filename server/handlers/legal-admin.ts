// Administrators' view of the legal documents: every version, and publishing a new one (paths
// chosen by us, openapi/paths/legal.yaml).
import { pageLegalDocuments, publishLegalDocument } from '../repositories/legal.ts';
import { defineHandlers } from './types.ts';

export const legalAdminHandlers = defineHandlers({
  legalDocumentPage: ({ db, query }) => pageLegalDocuments(db, query),
  legalDocumentAdd: ({ db, body }) => publishLegalDocument(db, body),
});
