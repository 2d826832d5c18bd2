import { describe, expect, it } from 'vitest';
import { decimalsOf, isMultipleOf } from './multiple-of';

describe('decimalsOf', () => {
  it('counts the decimals a number is written with, exponents included', () => {
    expect(decimalsOf(0.0001)).toBe(4);
    expect(decimalsOf(0.1)).toBe(1);
    expect(decimalsOf(12)).toBe(0);
    expect(decimalsOf(1e-7)).toBe(7);
    expect(decimalsOf(1.5e-7)).toBe(8);
    expect(decimalsOf(1e21)).toBe(0);
  });
});

describe('isMultipleOf', () => {
  it('accepts decimal multiples that binary division gets wrong', () => {
    expect(0.3 / 0.0001).not.toBe(3000);
    expect(isMultipleOf(0.3, 0.0001)).toBe(true);
    expect(isMultipleOf(0.0811, 0.0001)).toBe(true);
    expect(isMultipleOf(1.1, 0.1)).toBe(true);
    expect(isMultipleOf(0.7, 0.1)).toBe(true);
    expect(isMultipleOf(-2.5, 0.5)).toBe(true);
    expect(isMultipleOf(0, 0.0001)).toBe(true);
  });

  it('refuses more decimals than the step allows and non-multiples', () => {
    // A value too small for the step's decimals is no multiple, though its quotient rounds to 0.
    expect(isMultipleOf(2.5556736071773562e-264, 0.0001)).toBe(false);
    expect(isMultipleOf(1e-20, 0.5)).toBe(false);
    expect(isMultipleOf(0.00011, 0.0001)).toBe(false);
    expect(isMultipleOf(0.25, 0.1)).toBe(false);
    expect(isMultipleOf(7, 2)).toBe(false);
  });

  it('refuses what is not a finite number or a positive step', () => {
    expect(isMultipleOf(Number.NaN, 0.1)).toBe(false);
    expect(isMultipleOf(1, 0)).toBe(false);
    expect(isMultipleOf(Infinity, 1)).toBe(false);
  });

  it('decides huge numbers with a relative tolerance', () => {
    expect(isMultipleOf(1e20, 0.5)).toBe(true);
  });
});
