import { describe, expect, it } from 'vitest';
import { indexLocalities, searchLocalities, type RawPostcodeRow } from './au-localities.ts';

const row = (locality: string, postcode: string, state: string, type = 'Delivery Area', status = 'Updated 6-Feb-2020'): RawPostcodeRow =>
  ({ locality, postcode, state, type, status });

const index = indexLocalities([
  row('PARRAMATTA WESTFIELD', '2150', 'NSW'),
  row('PARRAMATTA', '2150', 'NSW'),
  row('Parramatta', '2150', 'NSW'),
  row('PARRAMATTA', '2124', 'NSW', 'Post Office Boxes'),
  row('SYDNEY', '1001', 'NSW', 'LVR'),
  row('HARRIS PARK', '2150', 'NSW'),
  row('BROKEN HILL', '2880', 'NSW'),
  row('DARWIN', '0800', 'NT', ''),
  row('BLACKBUTT', '4306', 'QLD', 'Delivery Area', 'Removed 15-Nov-2020'),
  row('NOWHERE', '12', 'NSW'),
  row('SOMEWHERE', '9999', 'XX'),
]);
const names = (keyword: string, limit?: number) => searchLocalities(index, keyword, limit).map((l) => l.fullCityInfo);

describe('AU localities', () => {
  it('keeps current delivery areas once each, in capitals', () => {
    expect(index.byName.map((l) => l.fullCityInfo)).toEqual([
      'BROKEN HILL NSW 2880', 'DARWIN NT 0800', 'HARRIS PARK NSW 2150', 'PARRAMATTA NSW 2150', 'PARRAMATTA WESTFIELD NSW 2150',
    ]);
  });

  it('matches the start of a name, ignoring case and spaces, the exact name first', () => {
    expect(names('parra')).toEqual(['PARRAMATTA NSW 2150', 'PARRAMATTA WESTFIELD NSW 2150']);
    expect(names('  Harris   park ')).toEqual(['HARRIS PARK NSW 2150']);
    expect(names('arramatta')).toEqual([]);
  });

  it('matches the start of a post code, ordered by post code then name', () => {
    expect(names('215')).toEqual(['HARRIS PARK NSW 2150', 'PARRAMATTA NSW 2150', 'PARRAMATTA WESTFIELD NSW 2150']);
    expect(names('080')).toEqual(['DARWIN NT 0800']);
    expect(names('2151')).toEqual([]);
  });

  it('answers at most the limit', () => {
    expect(names('215', 2)).toHaveLength(2);
  });

  it("gives each place its state's name and its own clock", () => {
    const [darwin] = searchLocalities(index, 'darwin');
    expect(darwin).toEqual({ fullCityInfo: 'DARWIN NT 0800', cityName: 'DARWIN', state: 'Northern Territory', stateCode: 'NT', postCode: '0800', timeZone: 'Australia/Darwin' });
    expect(searchLocalities(index, 'broken')[0]!.timeZone).toBe('Australia/Broken_Hill');
    expect(searchLocalities(index, 'harris')[0]!.timeZone).toBe('Australia/Sydney');
  });

  it('answers only time zones the runtime knows, for every state and special post code', () => {
    const zones = indexLocalities(['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'NT', 'ACT'].flatMap((state) =>
      ['2000', '2880', '2898', '2899', '6798', '6799'].map((postcode) => row('PLACE', postcode, state)))).byName.map((l) => l.timeZone);
    const known = new Set(Intl.supportedValuesOf('timeZone'));
    expect(zones.filter((zone) => !known.has(zone))).toEqual([]);
  });
});
