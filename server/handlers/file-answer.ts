// A file answer (PROTOCOL.md "exports"): the file with Content-Disposition and the URI-encoded
// UTF-8 `download-filename` header the web client reads. The routes plugin passes a reply that a
// file operation's handler returns as it is.
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../domain/accounts/export.ts';
import { CONTENT_TYPES, type ExportFormat } from '../domain/exports/table-file.ts';

/** `type`: an export's format, or the file's own content type (a stored file's). */
export function sendFile(reply: FastifyReply, fileName: string, type: ExportFormat | `${string}/${string}`, body: Buffer | AsyncIterable<string>): never {
  void reply
    .header('content-type', type.includes('/') ? type : CONTENT_TYPES[type as ExportFormat])
    .header('content-disposition', contentDisposition(fileName))
    .header('download-filename', encodeURIComponent(fileName))
    .send(Buffer.isBuffer(body) ? body : Readable.from(body));
  return reply as never;
}
