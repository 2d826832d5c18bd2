// The routes flagged multi-tab (000 section 2 "Routes"): a page that shows one object named in
// its query opens a tab per object, so that two plants (or two batteries) stay side by side in the
// tab strip, while the other pages keep one tab whatever their query.
import { BATTERY_DETAIL } from '@/custom/battery/paths';
import { PLANT_PAGE } from '@/custom/plant/paths';

/** Per multi-tab path, the query parameters that name its object, the first present counting. */
export const MULTI_TAB_ROUTES: Readonly<Record<string, readonly string[]>> = {
  [PLANT_PAGE]: ['plantUid'],
  [BATTERY_DETAIL]: ['deviceSn', 'plantUid'],
};

const trimmed = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/** The tab of a location: its path, and for a multi-tab route the object its query names. */
export function tabKeyOf(pathname: string, search: string): string {
  const path = trimmed(pathname);
  const params = new URLSearchParams(search);
  const param = MULTI_TAB_ROUTES[path]?.find((name) => params.get(name));
  return param ? `${path}?${param}=${encodeURIComponent(params.get(param)!)}` : path;
}

/** The path of a tab key, without the object a multi-tab route adds. */
export const pathOfTabKey = (key: string): string => key.split('?')[0]!;

/** The object a tab of a multi-tab route shows, as its query names it (for the tab's title until the page names it). */
export function objectOfTabKey(key: string): string | undefined {
  const query = key.split('?')[1];
  if (!query) return undefined;
  const [, value] = [...new URLSearchParams(query)][0] ?? [];
  return value;
}
