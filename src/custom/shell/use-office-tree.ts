// The organisation tree's data, shared by the top bar's picker, the offices page and the office
// widget: the lazy tree (loaded when first wanted), a search debounced 300 ms that answers a flat
// list, and clearing the search returns to the lazy tree as it was. The offices come from a
// source: the caller's organisations, or the targets a device transfer may deliver to.
import { useEffect, useState } from 'react';
import { call } from '@/api/client';
import { OFFICE_PAGE_SIZE, SEARCH_DEBOUNCE_MS, officeNodes, withChildren, type OfficeNode } from './office-tree';

export interface OfficeTree {
  /** The nodes to show (the search result while searching); undefined while loading. */
  nodes: OfficeNode[] | undefined;
  /** The nodes are a flat search result. */
  flat: boolean;
  searching: boolean;
  search: string;
  setSearch(text: string): void;
  loadChildren(node: OfficeNode): Promise<void>;
}

/** Where a tree's offices come from; a module-level constant, so that effects do not rerun. */
export interface OfficeSource {
  roots(): Promise<OfficeNode[]>;
  children(officeId: string): Promise<OfficeNode[]>;
  /** A flat list of the offices matching the text. */
  search(searchKey: string): Promise<OfficeNode[]>;
}

/** The caller's own organisations. */
const ownOffices: OfficeSource = {
  roots: () => call('getUserOfficeListPage', { query: { pageNo: 1, pageSize: OFFICE_PAGE_SIZE } }).then((a) => officeNodes(a.treeBeanList.list)),
  children: (officeId) => call('getUserSubOfficeList', { query: { officeId } }).then((list) => officeNodes(list)),
  search: (searchKey) => call('getUserOfficeListPage', { query: { pageNo: 1, pageSize: OFFICE_PAGE_SIZE, searchKey } }).then((a) => officeNodes(a.treeBeanList.list, true)),
};

export function useOfficeTreeOf(source: OfficeSource, wanted: boolean): OfficeTree {
  const [tree, setTree] = useState<OfficeNode[]>();
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<OfficeNode[]>();
  const [searching, setSearching] = useState(false);

  useEffect(() => {
    if (!wanted || tree) return;
    source.roots().then(setTree, () => setTree([]));
  }, [source, wanted, tree]);

  useEffect(() => {
    const searchKey = search.trim();
    if (!wanted || !searchKey) {
      setFound(undefined);
      return undefined;
    }
    const timer = setTimeout(() => {
      setSearching(true);
      source.search(searchKey).then(setFound, () => setFound([])).finally(() => setSearching(false));
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [source, wanted, search]);

  const loadChildren = async (node: OfficeNode) => {
    if (node.children) return;
    const children = await source.children(node.key);
    setTree((current) => current && withChildren(current, node.key, children));
  };

  return { nodes: found ?? tree, flat: found !== undefined, searching, search, setSearch, loadChildren };
}

export const useOfficeTree = (wanted = true): OfficeTree => useOfficeTreeOf(ownOffices, wanted);
