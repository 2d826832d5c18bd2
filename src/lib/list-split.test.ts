import { describe, expect, it } from 'vitest';
import { splitList } from './list-split';

describe('splitList', () => {
  it.each([
    ['a,b,c', ['a', 'b', 'c']],
    ['a，b、c', ['a', 'b', 'c']],
    ['a b\tc\nd\r\ne', ['a', 'b', 'c', 'd', 'e']],
    ['SN1, SN2，\nSN1 SN3', ['SN1', 'SN2', 'SN3']],
    [' ,, ，\n', []],
    ['', []],
  ])('%j -> %j', (text, items) => expect(splitList(text)).toEqual(items));
});
