import { describe, expect, it } from 'vitest';
import { MAX_CSV_ROWS, readDeviceCsv, splitCsvLine } from './csv-import.ts';

const read = (text: string) => readDeviceCsv(new TextEncoder().encode(text));

describe('device CSV', () => {
  it('splits quoted cells', () => expect(splitCsvLine('a,"b,c","d""e"')).toEqual(['a', 'b,c', 'd"e']));
  it('reads the columns in any order, with a byte-order mark', () => {
    const out = read('\uFEFFsnType,sn,ratedPower\n1,INV1,5\n\n4,MOD1,');
    expect(out).toEqual({ rows: [{ line: 2, sn: 'INV1', values: { sn: 'INV1', snType: 1, ratedPower: 5 } }, { line: 4, sn: 'MOD1', values: { sn: 'MOD1', snType: 4 } }] });
  });
  it('names the broken cell of a row', () => {
    const out = read('sn,snType,ratedPower,aliases\nA,8,,\nB,1,2500.1,\nC,1,2500,x\n' + `${'D'.repeat(31)},1,,`);
    expect('rows' in out && out.rows.map((r) => r.problem?.field)).toEqual(['snType', 'ratedPower', 'aliases', 'sn']);
  });
  it('refuses a file without the columns, not UTF-8, or too long', () => {
    expect(read('serial,type\nA,1')).toEqual({ problem: { rule: 'csvColumns' } });
    expect(readDeviceCsv(new Uint8Array([0x73, 0x6e, 0xff, 0xfe]))).toEqual({ problem: { rule: 'notCsv' } });
    expect(read('sn,snType\n' + 'A,1\n'.repeat(MAX_CSV_ROWS + 1))).toMatchObject({ problem: { rule: 'maxItems' } });
  });
});
