import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { csvChunks, csvLine, workbook } from './table-file.ts';

describe('export files', () => {
  it('quotes only the CSV fields that need it', () => {
    expect(csvLine(['a', 1.5, null, 'b,c', 'say "hi"', 'two\nlines'])).toBe('a,1.5,,"b,c","say ""hi""","two\nlines"\r\n');
  });

  it('writes CSV with a byte-order mark and a header, in chunks of rows', async () => {
    const rows = Array.from({ length: 2500 }, (_, i) => [i, `r${i}`]);
    const chunks: string[] = [];
    for await (const chunk of csvChunks([{ header: 'n' }, { header: 'name' }], rows)) chunks.push(chunk);
    expect(chunks).toHaveLength(3);
    const lines = chunks.join('').split('\r\n');
    expect(lines[0]).toBe('\uFEFFn,name');
    expect(lines[2500]).toBe('2499,r2499');
  });

  it('builds a workbook whose sheets read back with their headings and values', async () => {
    const file = await workbook([{ name: 'a/b: too long a name for any Excel sheet', columns: [{ header: 'x' }, { header: 'y' }], rows: [[1, null], ['t', 2.25]] }]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('a b  too long a name for any Ex');
    expect(sheet.getRow(1).values).toEqual([undefined, 'x', 'y']);
    expect(sheet.getRow(3).values).toEqual([undefined, 't', 2.25]);
  });
});
