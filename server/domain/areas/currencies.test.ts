import { describe, expect, it } from 'vitest';
import { currencies } from './currencies.ts';

describe('currencies', () => {
  it('lists the currencies in use by stored code, the yuan as RMB with its lower price limit', () => {
    const en = currencies('en');
    const codes = en.map((c) => c.currencyName);
    expect(codes).toEqual([...codes].sort());
    expect(codes).toEqual(expect.arrayContaining(['AUD', 'EUR', 'USD', 'RMB', 'XOF']));
    expect(codes).not.toContain('CNY');
    expect(codes).not.toContain('XAU');
    expect(en.find((c) => c.currencyName === 'RMB')).toMatchObject({ label: 'Chinese Yuan', symbol: '¥', maxGridPrice: 2 });
    expect(en.find((c) => c.currencyName === 'EUR')).toMatchObject({ symbol: '€', maxGridPrice: 10000 });
    expect(en.every((c) => /^[A-Z]{3}$/.test(c.currencyName) && (c.symbol ?? '').length <= 5)).toBe(true);
  });

  it('names them in the caller\'s language', () => {
    expect(currencies('zh-CN').find((c) => c.currencyName === 'RMB')?.label).toBe('人民币');
    expect(currencies('zh-CN').find((c) => c.currencyName === 'AUD')?.label).toBe('澳大利亚元');
  });
});
