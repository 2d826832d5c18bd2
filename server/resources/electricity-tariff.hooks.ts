// What the tariff's schema cannot say: the validity's last day cannot precede its first, and a
// time-of-use tariff's peak price must be above its off-peak price. Dates are YYYY-MM-DD, which
// compare as text.
import { fieldError } from '../errors.ts';
import { defineHooks } from './hooks.ts';

export default defineHooks({
  validate(input) {
    if (typeof input.validFrom === 'string' && typeof input.validTo === 'string' && input.validTo < input.validFrom) {
      throw fieldError('validTo', 'notBefore', { other: 'validFrom' });
    }
    if (input.timeOfUse === true && typeof input.peakPrice === 'number' && typeof input.offPeakPrice === 'number' && input.peakPrice <= input.offPeakPrice) {
      throw fieldError('peakPrice', 'above', { other: 'offPeakPrice' });
    }
  },
  // A flat tariff keeps no peak prices: turning time-of-use off clears them rather than leaving
  // values nobody sees.
  prepare: (values) => (values.timeOfUse === true ? values : { ...values, peakPrice: null, offPeakPrice: null }),
});
