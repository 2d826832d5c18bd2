// Reading a device CSV file (deviceImportBatch): the header names the columns in any order; each
// data row becomes one import, or the reason it cannot be one (field and rule, translated later).
import { ALIAS_MAX, ALIAS_MIN, MAX_RATED_POWER_KWP, MAX_SN_LENGTH } from '../../../src/lib/plant-rules.ts';

export const MAX_CSV_ROWS = 10_000;
export const MAX_CSV_BYTES = 5 * 1024 * 1024;
const COLUMNS = ['sn', 'sntype', 'modelcode', 'ratedpower', 'parentsn', 'aliases'] as const;
const SN = /^[A-Za-z0-9_-]+$/;

/** One line split into cells; double quotes enclose cells with commas, "" is a quote. */
export function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') { cell += '"'; i++; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { cells.push(cell); cell = ''; } else cell += c;
  }
  cells.push(cell);
  return cells.map((s) => s.trim());
}

export interface CsvRow {
  line: number;
  sn: string;
  values?: { sn: string; snType: number; modelCode?: string; ratedPower?: number; parentSn?: string; aliases?: string };
  problem?: { field: string; rule: string; params?: Record<string, string | number> };
}

export type CsvProblem = { rule: 'notCsv' | 'csvColumns' | 'maxItems'; params?: Record<string, string | number> };

/** The file's rows, or the reason the whole file is refused. */
export function readDeviceCsv(data: Uint8Array): { rows: CsvRow[] } | { problem: CsvProblem } {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data).replace(/^\uFEFF/, '');
  } catch {
    return { problem: { rule: 'notCsv' } };
  }
  if (text.includes('\0')) return { problem: { rule: 'notCsv' } };
  const lines = text.split(/\r?\n/);
  const header = splitCsvLine(lines[0] ?? '').map((h) => h.toLowerCase());
  if (!header.includes('sn') || !header.includes('sntype')) return { problem: { rule: 'csvColumns' } };
  const at = Object.fromEntries(COLUMNS.map((c) => [c, header.indexOf(c)])) as Record<(typeof COLUMNS)[number], number>;
  const rows: CsvRow[] = [];
  for (let i = 1; i < lines.length; i++) {
    if (!lines[i]!.trim()) continue;
    if (rows.length >= MAX_CSV_ROWS) return { problem: { rule: 'maxItems', params: { limit: MAX_CSV_ROWS } } };
    const cells = splitCsvLine(lines[i]!);
    const cell = (c: (typeof COLUMNS)[number]) => (at[c] >= 0 ? cells[at[c]] ?? '' : '');
    rows.push(readRow(i + 1, cell));
  }
  return { rows };
}

function readRow(line: number, cell: (c: (typeof COLUMNS)[number]) => string): CsvRow {
  const sn = cell('sn');
  const fail = (field: string, rule: string, params?: Record<string, string | number>): CsvRow => ({ line, sn, problem: { field, rule, ...(params ? { params } : {}) } });
  if (!sn) return fail('sn', 'required');
  if (sn.length > MAX_SN_LENGTH) return fail('sn', 'maxLength', { limit: MAX_SN_LENGTH });
  if (!SN.test(sn)) return fail('sn', 'pattern');
  const snType = Number(cell('sntype'));
  if (!Number.isInteger(snType) || snType < 1 || snType > 7) return fail('snType', 'enum', { values: '1, 2, 3, 4, 5, 6, 7' });
  const power = cell('ratedpower');
  const ratedPower = power ? Number(power) : undefined;
  if (ratedPower !== undefined && !(ratedPower > 0)) return fail('ratedPower', 'exclusiveMinimum', { limit: 0 });
  if (ratedPower !== undefined && ratedPower > MAX_RATED_POWER_KWP) return fail('ratedPower', 'maximum', { limit: MAX_RATED_POWER_KWP });
  const parentSn = cell('parentsn');
  if (parentSn && (parentSn.length > MAX_SN_LENGTH || !SN.test(parentSn))) return fail('parentSn', 'pattern');
  const aliases = cell('aliases');
  if (aliases && (aliases.length < ALIAS_MIN || aliases.length > ALIAS_MAX)) return fail('aliases', 'minLength', { limit: ALIAS_MIN });
  const modelCode = cell('modelcode');
  return {
    line, sn,
    values: { sn, snType, ...(modelCode ? { modelCode } : {}), ...(ratedPower !== undefined ? { ratedPower } : {}), ...(parentSn ? { parentSn } : {}), ...(aliases ? { aliases } : {}) },
  };
}
