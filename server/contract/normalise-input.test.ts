import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { checkNumericText, hasForbiddenCharacters, normaliseInput } from './normalise-input.ts';

const fieldOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.fields[0];
    throw error;
  }
  return undefined;
};

describe('normaliseInput', () => {
  it('trims and composes (NFC) every string, however deep', () => {
    expect(normaliseInput({ name: '  Cafe\u0301 \r\n', list: [{ sn: '\tSN1 ' }], n: 5, flag: true, none: null }))
      .toEqual({ name: 'Café', list: [{ sn: 'SN1' }], n: 5, flag: true, none: null });
  });

  it('keeps tab, CR and LF inside text', () => {
    expect(normaliseInput({ remark: 'line 1\r\n\tline 2' })).toEqual({ remark: 'line 1\r\n\tline 2' });
  });

  it('refuses NUL, the other C0 controls, DEL, C1 and lone surrogates, naming the field', () => {
    for (const bad of ['a\u0000b', '\u0007', 'x\u001b[31m', 'del\u007f', 'next\u0085line', 'half\ud800', '\udc00']) {
      expect(hasForbiddenCharacters(bad), JSON.stringify(bad)).toBe(true);
      expect(fieldOf(() => normaliseInput({ outer: { items: ['ok', bad] } }))).toEqual({ field: 'outer.items.1', rule: 'controlCharacters' });
    }
    expect(hasForbiddenCharacters('emoji 😀 and 中文')).toBe(false);
  });

  it('refuses a control character in a field name', () => {
    expect(fieldOf(() => normaliseInput({ 'na\u0000me': 'x' }))).toEqual({ field: 'na\\u0000me', rule: 'controlCharacters' });
  });

  it('leaves uploaded file parts alone', () => {
    const file = Buffer.from([0, 1, 2]);
    expect(normaliseInput({ file }).file).toBe(file);
  });
});

describe('checkNumericText', () => {
  const fields = { pageNo: 'integer', power: 'number' } as const;

  it('takes plain decimals', () => {
    for (const values of [{ pageNo: '12', power: '2.5' }, { pageNo: '-3', power: '1e3' }, { power: '.5' }, {}]) {
      expect(() => checkNumericText(values, fields)).not.toThrow();
    }
  });

  it('refuses hex, Infinity, NaN, blanks and fractions of integers, naming the field', () => {
    for (const [name, text] of [['pageNo', '0x10'], ['pageNo', 'Infinity'], ['pageNo', '1.5'], ['pageNo', '1e3'], ['power', 'NaN'], ['power', '-Infinity'], ['power', ''], ['power', '0b1']] as const) {
      expect(fieldOf(() => checkNumericText({ [name]: text }, fields)), text).toEqual({ field: name, rule: 'type' });
    }
  });
});
