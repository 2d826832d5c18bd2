// Tree nodes of the organisation tree, shared by the top bar's picker and the offices page:
// getUserOfficeListPage answers the roots with their direct sub-offices, getUserSubOfficeList one
// deeper level at a time; a search answers a flat list.

/** One level of the tree is at most this many offices (000 section 9). */
export const OFFICE_PAGE_SIZE = 1000;
/** Organisation search is debounced (000 section 5). */
export const SEARCH_DEBOUNCE_MS = 300;

export interface OfficeNode {
  key: string;
  title: string;
  isLeaf: boolean;
  children?: OfficeNode[];
}

interface OfficeItem {
  officeId?: string;
  officeName: string;
  hasSubOffice: number;
  childOffice?: readonly OfficeItem[];
}

/** Nodes of a level; `flat` (a search result) has no expanders. */
export function officeNodes(items: readonly OfficeItem[], flat = false): OfficeNode[] {
  return items.filter((o) => o.officeId).map((o) => {
    const children = !flat && o.childOffice?.length ? officeNodes(o.childOffice) : undefined;
    return { key: o.officeId!, title: o.officeName, isLeaf: flat || o.hasSubOffice !== 1, ...(children ? { children } : {}) };
  });
}

/** The tree with the children of `key` loaded; an office without any becomes a leaf. */
export function withChildren(nodes: OfficeNode[], key: string, children: OfficeNode[]): OfficeNode[] {
  return nodes.map((node) => {
    if (node.key === key) return { ...node, children, isLeaf: children.length === 0 };
    return node.children ? { ...node, children: withChildren(node.children, key, children) } : node;
  });
}
