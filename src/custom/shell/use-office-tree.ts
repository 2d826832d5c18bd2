// The organisation tree's data, shared by the top bar's picker and the offices page: the lazy
// tree (loaded when first wanted), a search debounced 300 ms that answers a flat list, and
// clearing the search returns to the lazy tree as it was.
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

export function useOfficeTree(wanted = true): OfficeTree {
  const [tree, setTree] = useState<OfficeNode[]>();
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<OfficeNode[]>();
  const [searching, setSearching] = useState(false);

  useEffect(() => {
    if (!wanted || tree) return;
    call('getUserOfficeListPage', { query: { pageNo: 1, pageSize: OFFICE_PAGE_SIZE } })
      .then((answer) => setTree(officeNodes(answer.treeBeanList.list)), () => setTree([]));
  }, [wanted, tree]);

  useEffect(() => {
    const searchKey = search.trim();
    if (!searchKey) {
      setFound(undefined);
      return undefined;
    }
    const timer = setTimeout(() => {
      setSearching(true);
      call('getUserOfficeListPage', { query: { pageNo: 1, pageSize: OFFICE_PAGE_SIZE, searchKey } })
        .then((answer) => setFound(officeNodes(answer.treeBeanList.list, true)), () => setFound([]))
        .finally(() => setSearching(false));
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const loadChildren = async (node: OfficeNode) => {
    if (node.children) return;
    const children = await call('getUserSubOfficeList', { query: { officeId: node.key } });
    setTree((current) => current && withChildren(current, node.key, officeNodes(children)));
  };

  return { nodes: found ?? tree, flat: found !== undefined, searching, search, setSearch, loadChildren };
}
