// The export of a stored resource (a descriptor's operations.export): the list's columns, with the
// list's filters and order, as XLSX or CSV, headed and labelled in the caller's language with the
// web app's texts (src/i18n/<lang>.json: the fields' titles, the enum values' labels), so that the
// file reads as the screen does.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Cell } from '../domain/exports/table-file.ts';
import { csvChunks, workbook } from '../domain/exports/table-file.ts';
import { fieldError } from '../errors.ts';
import { sendFile } from '../handlers/file-answer.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { exportRows, type PageQuery, type StoredResource } from './generic-repository.ts';

/** An export holds at most this many rows; past it the answer is 10003 asking for a narrower filter. */
export const EXPORT_CAP = 10_000;

export interface ExportShape {
  /** The resource's name: its texts are <name>.titles.* and <name>.fields.*. */
  name: string;
  entity: string;
  /** The list's columns, each with the i18n key of its heading. */
  columns: { field: string; title: string; enum: boolean }[];
}

type Texts = Record<string, unknown>;
const texts = new Map<string, Texts>();

/** The web app's texts of a language (English when the language has none). */
function textsOf(root: string, lang: string): Texts {
  const known = texts.get(lang);
  if (known) return known;
  let loaded: Texts;
  try {
    loaded = JSON.parse(readFileSync(join(root, 'src/i18n', `${lang}.json`), 'utf8')) as Texts;
  } catch {
    loaded = lang === 'en' ? {} : textsOf(root, 'en');
  }
  texts.set(lang, loaded);
  return loaded;
}

const lookup = (t: Texts, key: string): string | undefined => {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Texts | undefined)?.[part], t);
  return typeof value === 'string' ? value : undefined;
};

export async function sendExport(
  root: string, reply: FastifyReply, db: Db, r: StoredResource, shape: ExportShape, user: AuthContext, query: PageQuery & { format?: 'xlsx' | 'csv' }, lang: string,
): Promise<never> {
  const rows = await exportRows(db, r, user, query, EXPORT_CAP + 1);
  if (rows.length > EXPORT_CAP) throw fieldError('pageSize', 'maximum', { limit: EXPORT_CAP });
  const t = textsOf(root, lang);
  const columns = shape.columns.map((c) => ({ header: lookup(t, c.title) ?? c.field, width: 20 }));
  const cells: Cell[][] = rows.map((row) => shape.columns.map((c) => {
    const value = row[c.field];
    if (value === undefined || value === null) return null;
    if (c.enum) return lookup(t, `enums.${shape.entity}.${c.field}.${String(value)}`) ?? String(value);
    return typeof value === 'number' || typeof value === 'string' ? value : JSON.stringify(value);
  }));
  const format = query.format ?? 'xlsx';
  const title = lookup(t, `${shape.name}.titles.list`) ?? shape.name;
  const fileName = `${title}.${format}`;
  if (format === 'csv') return sendFile(reply, fileName, format, csvChunks(columns, cells));
  return sendFile(reply, fileName, format, await workbook([{ name: title, columns, rows: cells }]));
}
