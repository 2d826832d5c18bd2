// The AU post-code search (findAuCitys) over the real locality data the server ships with.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

interface AuCity { fullCityInfo: string; cityName: string; state: string; stateCode: string; postCode: string; timeZone: string }
type FieldErrors = { errors: { field: string; rule: string }[] };

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = (await t.api.login('owner')).token;
});
afterAll(() => t.close());

const find = (keyword: string, lang = 'en') => t.api.get<AuCity[]>('/api/v1/monitor/auCity/findAuCitys', { token: owner, query: { keyword }, lang });
const found = async (keyword: string) => {
  const { body } = await find(keyword);
  expect(body.errCode).toBe(0);
  return body.data;
};

describe('findAuCitys', () => {
  it('needs a keyword of at least 3 characters, said in the caller\'s language', async () => {
    for (const [keyword, lang, message] of [['Sy', 'en', 'keyword: must be at least 3 characters'], ['21', 'zh-CN', 'keyword：至少 3 个字符'], ['   ', 'en', 'keyword']] as const) {
      const { body } = await find(keyword, lang);
      expect(body.errCode).toBe(10003);
      expect(body.errMsg).toContain(message);
      expect((body.data as unknown as FieldErrors).errors.map(({ field, rule }) => ({ field, rule }))).toEqual([{ field: 'keyword', rule: 'minLength' }]);
    }
    expect((await find('Syd')).body.errCode).toBe(0);
  });

  it('finds localities by the start of their name, case-insensitive, the exact name first', async () => {
    const sydney = await found('sydney');
    expect(sydney[0]).toEqual({ fullCityInfo: 'SYDNEY NSW 2000', cityName: 'SYDNEY', state: 'New South Wales', stateCode: 'NSW', postCode: '2000', timeZone: 'Australia/Sydney' });
    expect(sydney.every((c) => c.cityName.startsWith('SYDNEY'))).toBe(true);
    expect(sydney.map((c) => c.cityName)).toEqual(expect.arrayContaining(['SYDNEY SOUTH', 'SYDNEY OLYMPIC PARK']));
    expect(await found('SYDNEY')).toEqual(sydney);
    // Post-office boxes and large-volume receivers (SYDNEY 1001 and on) are no place for a plant.
    expect(sydney.map((c) => c.postCode)).not.toContain('1001');

    const perth = (await found('Perth')).find((c) => c.stateCode === 'WA');
    expect(perth).toMatchObject({ cityName: 'PERTH', postCode: '6000', state: 'Western Australia', timeZone: 'Australia/Perth' });
    expect((await found('Hobart'))[0]).toMatchObject({ stateCode: 'TAS', timeZone: 'Australia/Hobart' });
  });

  it('finds localities by the start of their post code', async () => {
    const parramatta = await found('2150');
    expect(parramatta.map((c) => c.fullCityInfo)).toContain('PARRAMATTA NSW 2150');
    expect(parramatta.every((c) => c.postCode === '2150')).toBe(true);

    const darwin = await found('080');
    expect(darwin.length).toBeGreaterThan(0);
    expect(darwin.every((c) => c.postCode.startsWith('080') && c.stateCode === 'NT')).toBe(true);
    const codes = darwin.map((c) => c.postCode);
    expect(codes).toEqual([...codes].sort());
  });

  it('answers at most 50, ordered by name', async () => {
    const many = await found('Bro');
    expect(many).toHaveLength(50);
    const names = many.map((c) => c.cityName);
    expect(names).toEqual([...names].sort());
  });

  it('answers an empty list when nothing matches', async () => {
    expect(await found('Zzqx')).toEqual([]);
    expect(await found('000')).toEqual([]);
    expect(await found('1234')).toEqual([]);
  });

  it('needs a session', async () => {
    const { body } = await t.api.get('/api/v1/monitor/auCity/findAuCitys', { query: { keyword: 'Syd' } });
    expect(body.errCode).toBe(10002);
  });
});
