// Currencies a plant's grid price can be given in, from the runtime's ICU data (maintained with
// Node, as the country and time-zone lists are): ISO 4217 codes in use, named in the caller's
// language. Precious metals and testing codes (X.. other than the CFA and CFP francs and the East
// Caribbean dollar) are left out. The Chinese yuan is stored as RMB, as the spec's plants do.
import { maxGridPrice } from '../../../src/lib/plant-rules.ts';

const X_CURRENCIES_IN_USE = new Set(['XAF', 'XOF', 'XPF', 'XCD']);
const storedCode = (iso: string) => (iso === 'CNY' ? 'RMB' : iso);
const isoCode = (stored: string) => (stored === 'RMB' ? 'CNY' : stored);

export interface CurrencyItem {
  currencyName: string;
  symbol?: string;
  label: string;
  maxGridPrice: number;
}

function symbolOf(iso: string): string | undefined {
  const part = new Intl.NumberFormat('en', { style: 'currency', currency: iso, currencyDisplay: 'narrowSymbol' }).formatToParts(1).find((p) => p.type === 'currency');
  return part && part.value.length <= 5 ? part.value : undefined;
}

/** Every currency in use, ordered by stored code, labelled in `lang`. */
export function currencies(lang: string): CurrencyItem[] {
  const names = new Intl.DisplayNames([lang, 'en'], { type: 'currency' });
  return Intl.supportedValuesOf('currency')
    .filter((iso) => !iso.startsWith('X') || X_CURRENCIES_IN_USE.has(iso))
    .map((iso) => {
      const currencyName = storedCode(iso);
      const symbol = symbolOf(isoCode(currencyName));
      return { currencyName, ...(symbol ? { symbol } : {}), label: names.of(iso) ?? iso, maxGridPrice: maxGridPrice(currencyName) };
    })
    .sort((a, b) => a.currencyName.localeCompare(b.currencyName));
}
