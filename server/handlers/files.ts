// uploadFile: a file a form attaches (product pictures, logos, attachments), recognised by its
// first bytes, never by the name or type the client claims; images up to 5 MB, PDF, XLSX, CSV and
// ZIP up to 20 MB (the multipart parser refuses a larger file with 413 before it is read whole). Stored under the data directory with
// a random name, which is the only way to it: the uploads plugin serves it back with the type it
// was recognised as, without a token, as an <img> cannot send one. ossDownload answers the same
// file as an attachment, with the token, to those who may have it (stored_files keeps who
// uploaded it and from which office).
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config.ts';
import { fieldError, notFoundOrForbidden } from '../errors.ts';
import { downloadableFile, recordStoredFile, storedFileExists } from '../repositories/stored-files.ts';
import { sendFile } from './file-answer.ts';
import { MAX_AVATAR_BYTES, sniffImage } from '../domain/accounts/images.ts';
import type { Handlers } from './types.ts';

export const FILE_ROUTE = '/resource/file';
/** The largest document uploadFile stores: the multipart parser's file limit is at least this. */
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;

interface FileKind {
  ext: string;
  mime: string;
  limit: number;
}

const KINDS: Record<string, FileKind> = {
  pdf: { ext: 'pdf', mime: 'application/pdf', limit: MAX_DOCUMENT_BYTES },
  xlsx: { ext: 'xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', limit: MAX_DOCUMENT_BYTES },
  zip: { ext: 'zip', mime: 'application/zip', limit: MAX_DOCUMENT_BYTES },
  csv: { ext: 'csv', mime: 'text/csv; charset=utf-8', limit: MAX_DOCUMENT_BYTES },
};

/** A stored file's name: 32 hex digits and a known extension, nothing that could leave the directory. */
const STORED_FILE = /^([0-9a-f]{32})\.(png|jpg|gif|bmp|webp|pdf|xlsx|zip|csv)$/;

const startsWith = (data: Uint8Array, text: string) => [...text].every((c, i) => data[i] === c.charCodeAt(0));

/** Text a spreadsheet would open: UTF-8 without NUL bytes, with at least one line or separator. */
function isCsv(data: Buffer): boolean {
  if (data.length === 0 || data.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return false;
  }
  return /[,;\t\n]/.test(data.subarray(0, 4096).toString('utf8'));
}

export function sniffFile(data: Buffer): FileKind | undefined {
  const image = sniffImage(data);
  if (image) return { ...image, limit: MAX_AVATAR_BYTES };
  if (startsWith(data, '%PDF-')) return KINDS.pdf;
  // An XLSX is a ZIP whose first entry is its content-types part (or that names the xl/ folder).
  if (startsWith(data, 'PK\x03\x04')) return /\[Content_Types\]\.xml|xl\//.test(data.subarray(0, 2048).toString('latin1')) ? KINDS.xlsx : KINDS.zip;
  return isCsv(data) ? KINDS.csv : undefined;
}

type FileConfig = Pick<Config, 'dataDir' | 'inMemoryDb' | 'apiPrefix'>;

/** In-memory test apps keep nothing under the data directory. */
const filesDir = (config: FileConfig): string =>
  config.inMemoryDb ? path.join(os.tmpdir(), 'solar-portal-files') : path.join(config.dataDir, 'uploads', 'files');

const MIME_BY_EXT = Object.fromEntries([
  ['png', 'image/png'], ['jpg', 'image/jpeg'], ['gif', 'image/gif'], ['bmp', 'image/bmp'], ['webp', 'image/webp'],
  ...Object.values(KINDS).map((k) => [k.ext, k.mime]),
]) as Record<string, string>;

/** A stored file's bytes and content type, or undefined for a name that is not one of ours. */
export async function readStoredFile(config: FileConfig, fileName: string): Promise<{ data: Buffer; mime: string } | undefined> {
  const match = STORED_FILE.exec(fileName);
  if (!match) return undefined;
  const data = await readFile(path.join(filesDir(config), fileName)).catch(() => undefined);
  return data && { data, mime: MIME_BY_EXT[match[2]!]! };
}

export const fileHandlers: Handlers = {
  async uploadFile({ config, db, user, body }) {
    // The multipart parser hands file parts over as Buffers; the contract types them as strings.
    const file = body.file as unknown as Buffer;
    const kind = sniffFile(file);
    if (!kind) throw fieldError('file', 'fileType');
    if (file.length >= kind.limit) throw fieldError('file', 'fileTooLarge', { limit: kind.limit / 1024 / 1024 });
    const id = randomUUID().replace(/-/g, '');
    const fileName = `${id}.${kind.ext}`;
    const dir = filesDir(config);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, fileName), file);
    const contentType = kind.mime.split(';')[0]!;
    await recordStoredFile(db, { id, fileName, contentType, size: file.length, uploadedBy: user.userId, officeId: user.officeId });
    return {
      id, fileName, originalName: `upload.${kind.ext}`, size: file.length, contentType,
      url: `${config.apiPrefix}${FILE_ROUTE}/${fileName}`,
    };
  },

  /** A stored file, to its uploader and to the staff of the organisations it was uploaded in. */
  async ossDownload({ config, db, user, params, reply }) {
    const stored = await downloadableFile(db, user, params.id);
    if (!stored) throw (await storedFileExists(db, params.id)) ? notFoundOrForbidden() : fieldError('id', 'exists');
    const file = await readStoredFile(config, stored.fileName);
    // The record outlived its bytes (the data directory was cleaned by hand): nothing to answer.
    if (!file) throw fieldError('id', 'exists');
    return sendFile(reply, stored.fileName, stored.contentType as `${string}/${string}`, file.data);
  },
};
