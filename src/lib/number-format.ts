// How plain numbers read on the portal's pages (000 section 9): an integer as it is, any other
// number rounded to 2 decimals (3 with the finer variant) with trailing zeros dropped, so 2.50
// reads 2.5 and 3.000 reads 3.

function rounded(value: number, decimals: number): string {
  if (!Number.isFinite(value)) return '';
  if (Number.isInteger(value)) return String(value);
  // Number() drops trailing zeros, and -0.001 rounded to 2 decimals reads 0, not -0.
  const shown = Number(value.toFixed(decimals));
  return String(shown === 0 ? 0 : shown);
}

/** An integer as it is, otherwise 2 decimals with trailing zeros trimmed; '' for NaN or Infinity. */
export const formatNumber = (value: number) => rounded(value, 2);

/** The same with 3 decimals (prices per kWh, ratios). */
export const formatNumber3 = (value: number) => rounded(value, 3);
