// The rules of the area picker (000 section 4 "Area picker", section 9): province, then city, then
// county. A node of type 3 (province) or 4 (city) leads to a list of children; any other type is
// where the choice ends and the popup closes. The selection is the chosen path, so choosing a
// province again clears city and county, and a reset clears all. The province list, when it does
// not come at once, is asked again every 500 ms for up to 10 s, then abandoned (section 8).

export interface AreaNode {
  code: string;
  label: string;
  /** 3 province, 4 city, 5 county (sonAreaList's types). */
  type: number;
}

/** provinceCode, cityCode, countyCode and their names, as the plant and its forms hold them. */
export interface AreaSelection {
  provinceCode?: string;
  province?: string;
  cityCode?: string;
  city?: string;
  countyCode?: string;
  county?: string;
}

export const PROVINCE_TYPE = 3;
export const CITY_TYPE = 4;
export const AREA_POPUP_HEIGHT_PX = 200;
export const PROVINCE_WAIT_MS = 10_000;
export const PROVINCE_POLL_MS = 500;

/** Types 3 and 4 load a child list next; other types stop. */
export const loadsChildren = (type: number) => type === PROVINCE_TYPE || type === CITY_TYPE;

/** The selection a chosen path of nodes makes: each level from its node, the levels below it empty. */
export function selectionOf(path: readonly AreaNode[]): AreaSelection {
  const [province, city, county] = path;
  return {
    ...(province ? { provinceCode: province.code, province: province.label } : {}),
    ...(city ? { cityCode: city.code, city: city.label } : {}),
    ...(county ? { countyCode: county.code, county: county.label } : {}),
  };
}

/** The codes of a selection, from the province down, as far as it goes. */
export function codesOf(selection: AreaSelection): string[] {
  const codes = [selection.provinceCode, selection.cityCode, selection.countyCode];
  const end = codes.indexOf(undefined);
  return (end < 0 ? codes : codes.slice(0, end)) as string[];
}

/** A selection that names a county (the end of the choice). */
export const isComplete = (selection: AreaSelection) => codesOf(selection).length === 3;

export interface PollOptions {
  intervalMs?: number;
  timeoutMs?: number;
  cancelled?: () => boolean;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Asks `load` until it answers a non-empty list, every `intervalMs` for up to `timeoutMs`, and
 * answers undefined when it never did (or `cancelled()` turned true, e.g. the form was closed).
 */
export async function pollForList<T>(load: () => Promise<T[]>, options: PollOptions = {}): Promise<T[] | undefined> {
  const { intervalMs = PROVINCE_POLL_MS, timeoutMs = PROVINCE_WAIT_MS, cancelled = () => false, now = Date.now } = options;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms)));
  const until = now() + timeoutMs;
  for (;;) {
    // Not asked again once cancelled: a closed form's picker must not call while it sleeps.
    if (cancelled()) return undefined;
    const list = (await Promise.resolve().then(load).catch(() => undefined)) ?? [];
    if (cancelled()) return undefined;
    if (list.length) return list;
    if (now() + intervalMs > until) return undefined;
    await sleep(intervalMs);
  }
}
