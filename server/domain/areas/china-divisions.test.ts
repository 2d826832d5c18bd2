import { describe, expect, it } from 'vitest';
import { childAreas, provincesOf } from './china-divisions.ts';

describe('China\'s divisions', () => {
  it('lists the provinces by code, then the cities of a province and the counties of a city', () => {
    const provinces = provincesOf('CN');
    expect(provinces).toHaveLength(31);
    expect(provinces[0]).toEqual({ code: '11', label: '北京市', type: 3, name: '北京市' });
    const cities = childAreas('44');
    expect(cities.every((c) => c.type === 4 && c.code.startsWith('44'))).toBe(true);
    expect(cities.map((c) => c.name)).toContain('深圳市');
    const counties = childAreas('4403');
    expect(counties.map((c) => c.name)).toContain('南山区');
    expect(counties.every((c) => c.type === 5)).toBe(true);
    expect(counties.map((c) => c.code)).toEqual([...counties.map((c) => c.code)].sort());
  });

  it('answers nothing for other countries and unknown codes', () => {
    expect(provincesOf('AU')).toEqual([]);
    expect(childAreas('99')).toEqual([]);
    expect(childAreas('CN')).toEqual([]);
  });
});
