import { describe, expect, it } from 'vitest';
import { formatNumber, formatNumber3 } from './number-format';

describe('number formatting', () => {
  it.each([
    [12, '12', '12'],
    [-7, '-7', '-7'],
    [2.5, '2.5', '2.5'],
    [2.504, '2.5', '2.504'],
    [1.23456, '1.23', '1.235'],
    [0.1 + 0.2, '0.3', '0.3'],
    [3.0001, '3', '3'],
    [-0.001, '0', '-0.001'],
    [-0.0001, '0', '0'],
    [Number.NaN, '', ''],
    [Infinity, '', ''],
  ])('%d: %j, 3 decimals %j', (value, two, three) => {
    expect(formatNumber(value)).toBe(two);
    expect(formatNumber3(value)).toBe(three);
  });
});
