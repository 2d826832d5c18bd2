// Every page the admin menu leads to (the seed's menus and the resource descriptors'), with its
// English title: the browser tests that walk the whole portal (layout-widths.spec.ts);
// and the English text of a key, for tests that check a text as en.json holds it.
import { readFileSync } from 'node:fs';
import { menuSeeds } from '../../server/db/seed/menus.ts';
import { resourceMenuSeeds } from '../../server/db/seed/resource-menus.ts';

const english = JSON.parse(readFileSync(new URL('../../src/i18n/en.json', import.meta.url), 'utf8')) as Record<string, unknown>;

/** The English text of an i18n key. */
export const text = (key: string) => String(key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], english));

export function menuPages() {
  const entries = [...menuSeeds, ...resourceMenuSeeds()];
  const byName = new Map(entries.map((m) => [m.name, m]));
  return entries.filter((m) => m.type === 'C').map((m) => ({
    path: `/${[m.parent ? byName.get(m.parent)!.path : '', m.path].filter(Boolean).join('/')}`,
    title: text(m.titleKey),
    hidden: m.hidden ?? false,
  }));
}
