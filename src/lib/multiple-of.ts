// JSON Schema's `multipleOf` on decimal steps, the same rule in the browser's forms and on the
// server: 0.3 is a multiple of 0.0001 although 0.3 / 0.0001 is 2999.9999999999995 in binary
// floating point, which is what Ajv's own check divides. Both numbers are scaled to integers by
// the larger count of decimals they are written with, then compared exactly.

/** How many decimals a number is written with (0.0001 → 4, 1e-7 → 7, 12 → 0). */
export function decimalsOf(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const [mantissa, exponent] = String(value).toLowerCase().split('e');
  const fraction = mantissa!.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent ?? 0));
}

export function isMultipleOf(value: number, step: number): boolean {
  if (!Number.isFinite(value) || !Number.isFinite(step) || step <= 0) return false;
  // Every multiple of a step written with d decimals has at most d decimals: a value with more
  // (2.5e-264 against 0.0001) is none, however small, and would not survive a column of d decimals.
  const decimals = decimalsOf(step);
  if (decimalsOf(value) > decimals) return false;
  const scale = 10 ** decimals;
  const scaledValue = Math.round(value * scale);
  const scaledStep = Math.round(step * scale);
  // Beyond 2^53 the scaled numbers are not exact any more; a relative tolerance decides there.
  if (!Number.isSafeInteger(scaledValue) || !Number.isSafeInteger(scaledStep) || scaledStep === 0) {
    const quotient = value / step;
    return Math.abs(quotient - Math.round(quotient)) <= 1e-9 * Math.max(1, Math.abs(quotient));
  }
  return scaledValue % scaledStep === 0;
}
