// The export of a stored resource (a descriptor's operations.export): the list's columns, with the
// list's filters and order, as XLSX or CSV, headed and labelled in the caller's language with the
// web app's texts (src/i18n/<lang>.json: the fields' titles, the enum values' labels), so that the
// file reads as the screen does.
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Cell } from '../domain/exports/table-file.ts';
import { csvChunks, workbook } from '../domain/exports/table-file.ts';
import { fieldError } from '../errors.ts';
import { sendFile } from '../handlers/file-answer.ts';
import { lookup, webTexts } from '../i18n/web-texts.ts';
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

/** The export's shape from a descriptor and its entity schema: the list's columns, titled as the form titles them. */
export function exportShape(d: { name: string; entity: string; list: { columns: (string | { field: string })[] } }, entity: { properties?: Record<string, unknown> }): ExportShape {
  const properties = (entity.properties ?? {}) as Record<string, { title?: unknown; enum?: unknown }>;
  return {
    name: d.name,
    entity: d.entity,
    columns: d.list.columns.map((c) => (typeof c === 'string' ? c : c.field)).map((field) => ({
      field, title: String(properties[field]?.title ?? `${d.name}.fields.${field}`), enum: Array.isArray(properties[field]?.enum),
    })),
  };
}

export async function sendExport(
  root: string, reply: FastifyReply, db: Db, r: StoredResource, shape: ExportShape, user: AuthContext, query: PageQuery & { format?: 'xlsx' | 'csv' }, lang: string,
): Promise<never> {
  const rows = await exportRows(db, r, user, query, EXPORT_CAP + 1);
  return sendRows(root, reply, rows, shape, query.format, lang);
}

/** Rows of a list, at most EXPORT_CAP of them, as the file the list's export answers. */
export async function sendRows(
  root: string, reply: FastifyReply, rows: Record<string, unknown>[], shape: ExportShape, format: 'xlsx' | 'csv' = 'xlsx', lang: string,
): Promise<never> {
  if (rows.length > EXPORT_CAP) throw fieldError('pageSize', 'maximum', { limit: EXPORT_CAP });
  const t = webTexts(root, lang);
  const columns = shape.columns.map((c) => ({ header: lookup(t, c.title) ?? c.field, width: 20 }));
  const cells: Cell[][] = rows.map((row) => shape.columns.map((c) => {
    const value = row[c.field];
    if (value === undefined || value === null) return null;
    if (c.enum) return lookup(t, `enums.${shape.entity}.${c.field}.${String(value)}`) ?? String(value);
    return typeof value === 'number' || typeof value === 'string' ? value : JSON.stringify(value);
  }));
  const title = lookup(t, `${shape.name}.titles.list`) ?? shape.name;
  const fileName = `${title}.${format}`;
  if (format === 'csv') return sendFile(reply, fileName, format, csvChunks(columns, cells));
  return sendFile(reply, fileName, format, await workbook([{ name: title, columns, rows: cells }]));
}
