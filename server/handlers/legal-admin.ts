// Administrators' view of the legal documents: every version, publishing a new one, and changing
// or withdrawing one not yet published (paths chosen by us, openapi/paths/legal.yaml).
import { deleteLegalDocument, editLegalDocument, legalDocumentDetail, pageLegalDocuments, publishLegalDocument } from '../repositories/legal.ts';
import { defineHandlers } from './types.ts';

export const legalAdminHandlers = defineHandlers({
  legalDocumentPage: ({ db, query }) => pageLegalDocuments(db, query),
  legalDocumentAdd: ({ db, body }) => publishLegalDocument(db, body),
  legalDocumentDetail: ({ db, query }) => legalDocumentDetail(db, query.id),
  legalDocumentEdit: ({ db, body }) => editLegalDocument(db, body),
  legalDocumentDelete: async ({ db, body }) => { await deleteLegalDocument(db, body.id); return null; },
});
