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

export function pageRoutes(routers: Router[], parent = ''): PageRoute[] {
  return routers.flatMap((r) => {
    const path = join(parent, r.path);
    const own: PageRoute[] = r.component && !r.children?.length
      ? [{ name: r.name, path, component: r.component, titleKey: r.meta.title, affix: Boolean(r.meta.affix) }]
      : [];
    return [...own, ...pageRoutes(r.children ?? [], path)];
  });
}

/**
 * Sidebar entries: hidden ones skipped; a directory with one visible child becomes that child.
 * With `pages`, only entries whose path is one of them are offered (old-web links always are).
 */
export function menuItems(routers: Router[], parent = '', pages?: ReadonlySet<string>): MenuItem[] {
  const items: MenuItem[] = [];
  for (const r of routers) {
    if (r.hidden) continue;
    const path = join(parent, r.path);
    const children = menuItems(r.children ?? [], path, pages);
    if (r.children?.length) {
      if (children.length === 0) continue;
      if (children.length === 1) {
        items.push({ ...children[0]!, icon: children[0]!.icon ?? r.meta.icon });
        continue;
      }
      items.push({ key: path, titleKey: r.meta.title, icon: r.meta.icon, children });
      continue;
    }
    if (pages && !r.meta.link && !pages.has(path)) continue;
    items.push({ key: path, titleKey: r.meta.title, icon: r.meta.icon, path, link: r.meta.link });
  }
  return items;
}

export function resourceName(component: string): string | undefined {
  return component.startsWith('resource:') ? component.slice('resource:'.length) : undefined;
}
