// Builds the route tree of getRouters from stored menu rows and the caller's permissions
// (000 section 2 "Fixed routes"): buttons are not routes; pages need their permission;
// directories left without pages, entries without a path, and repeated paths are dropped.
import { hasAnyPermission } from '../../../src/lib/permissions.ts';

export interface MenuEntry {
  id: number;
  parentId: number | null;
  type: 'M' | 'C' | 'F';
  name: string;
  path: string;
  component: string | null;
  titleKey: string;
  icon: string | null;
  permission: string | null;
  hidden: boolean;
  affix: boolean;
  multiTab: boolean;
  link: string | null;
}

export interface Router {
  name: string;
  path: string;
  hidden: boolean;
  component?: string;
  meta: { title: string; icon?: string; affix?: boolean; multiTab?: boolean; link?: string; permission?: string };
  children?: Router[];
}

export function buildRouters(rows: MenuEntry[], permissions: readonly string[]): Router[] {
  const allowed = (row: MenuEntry) => !row.permission || hasAnyPermission(permissions, [row.permission]);
  const seenPaths = new Set<string>();

  const build = (parentId: number | null, parentPath: string): Router[] => {
    const out: Router[] = [];
    for (const row of rows) {
      if (row.parentId !== parentId || row.type === 'F' || !allowed(row) || !row.path) continue;
      // A leading slash makes a child's path absolute, as the web app's router reads it too.
      const fullPath = (row.path.startsWith('/') ? row.path : `${parentPath}/${row.path}`).replace(/\/+/g, '/');
      if (seenPaths.has(fullPath)) continue;
      const children = row.type === 'M' ? build(row.id, fullPath) : [];
      if (row.type === 'M' && children.length === 0) continue;
      seenPaths.add(fullPath);
      out.push({
        name: row.name,
        path: parentId === null ? `/${row.path.replace(/^\//, '')}` : row.path,
        hidden: row.hidden,
        ...(row.component ? { component: row.component } : {}),
        meta: {
          title: row.titleKey,
          ...(row.icon ? { icon: row.icon } : {}),
          ...(row.affix ? { affix: true } : {}),
          ...(row.multiTab ? { multiTab: true } : {}),
          ...(row.link ? { link: row.link } : {}),
          ...(row.permission ? { permission: row.permission } : {}),
        },
        ...(children.length ? { children } : {}),
      });
    }
    return out;
  };
  return build(null, '');
}
