// Tables as export files (PROTOCOL.md "exports"): an XLSX workbook built in memory (exports are
// capped, so it stays small), or CSV written row by row as the rows arrive. CSV is UTF-8 with a
// byte-order mark, without which Excel reads UTF-8 headings (Chinese ones) as mojibake.
import ExcelJS from 'exceljs';

export type ExportFormat = 'xlsx' | 'csv';
export type Cell = string | number | null;

export interface Column {
  header: string;
  width?: number;
}

export interface Sheet {
  name: string;
  columns: Column[];
  rows: Cell[][];
}

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

const BOM = '\uFEFF';
/** Rows joined into one chunk of the stream: fewer, larger writes. */
const CSV_CHUNK_ROWS = 1000;

/** One CSV line (RFC 4180): a field holding a comma, quote or line break is quoted, quotes doubled. */
export function csvLine(cells: Cell[]): string {
  return cells.map((cell) => {
    if (cell === null) return '';
    const text = String(cell);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  }).join(',') + '\r\n';
}

/** The CSV text of a header row and the rows, in chunks, as the rows arrive. */
export async function* csvChunks(columns: Column[], rows: AsyncIterable<Cell[]> | Iterable<Cell[]>): AsyncGenerator<string> {
  let chunk = BOM + csvLine(columns.map((c) => c.header));
  let count = 0;
  for await (const row of rows) {
    chunk += csvLine(row);
    if (++count % CSV_CHUNK_ROWS === 0) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/** An XLSX workbook of the sheets, with bold headings. */
export async function workbook(sheets: Sheet[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  for (const sheet of sheets) {
    // Excel refuses sheet names over 31 characters or holding []:*?/\.
    const ws = book.addWorksheet(sheet.name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31));
    ws.columns = sheet.columns.map((c) => ({ header: c.header, width: c.width ?? 16 }));
    ws.getRow(1).font = { bold: true };
    ws.addRows(sheet.rows);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
