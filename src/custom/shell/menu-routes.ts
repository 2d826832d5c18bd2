// Turns the server menu (getRouters) into the shell's pages and sidebar entries
// (000 section 2 "Fixed routes" and "Main layout").
import type { Router } from '@/providers/session';

export interface PageRoute {
  name: string;
  /** Absolute path, e.g. /system/model-code. */
  path: string;
  /** A custom page key, or `resource:<name>`. */
  component: string;
  titleKey: string;
  affix: boolean;
}

export interface MenuItem {
  key: string;
  titleKey: string;
  icon?: string;
  path?: string;
  link?: string;
  children?: MenuItem[];
}

const join = (parent: string, path: string) => (path.startsWith('/') ? path : `${parent.replace(/\/$/, '')}/${path}`);

/** The custom page of the home entry: pinned as an affix tab whatever the menu row says (000 section 2). */
export const HOME_COMPONENT = 'home';

/**
 * The menu's pages, depth first. Entries without a path are dropped, and so is a page whose path
 * an earlier entry has (the server drops both too; the shell does not rely on it).
 */
export function pageRoutes(routers: Router[], parent = '', seen = new Set<string>()): PageRoute[] {
  return routers.flatMap((r) => {
    if (!r.path) return [];
    const path = join(parent, r.path);
    const isPage = Boolean(r.component) && !r.children?.length && !seen.has(path);
    if (isPage) seen.add(path);
    const own: PageRoute[] = isPage
      ? [{ name: r.name, path, component: r.component!, titleKey: r.meta.title, affix: Boolean(r.meta.affix) || r.component === HOME_COMPONENT }]
      : [];
    return [...own, ...pageRoutes(r.children ?? [], path, seen)];
  });
}

/**
 * Sidebar entries: hidden ones, those without a path, directories without children and repeated
 * paths skipped; a directory with one visible child becomes that child (no entry is force-expanded,
 * the AI page's neither). With `pages`, only entries whose path is one of them are offered
 * (old-web links always are).
 */
export function menuItems(routers: Router[], parent = '', pages?: ReadonlySet<string>, seen = new Set<string>()): MenuItem[] {
  const items: MenuItem[] = [];
  for (const r of routers) {
    if (r.hidden || !r.path) continue;
    const path = join(parent, r.path);
    if (r.children?.length) {
      const children = menuItems(r.children, path, pages, seen);
      if (children.length === 0) continue;
      if (children.length === 1) {
        items.push({ ...children[0]!, icon: children[0]!.icon ?? r.meta.icon });
        continue;
      }
      items.push({ key: path, titleKey: r.meta.title, icon: r.meta.icon, children });
      continue;
    }
    if (!r.component && !r.meta.link) continue;
    if (seen.has(path) || (pages && !r.meta.link && !pages.has(path))) continue;
    seen.add(path);
    items.push({ key: path, titleKey: r.meta.title, icon: r.meta.icon, path, link: r.meta.link });
  }
  return items;
}

export function resourceName(component: string): string | undefined {
  return component.startsWith('resource:') ? component.slice('resource:'.length) : undefined;
}
