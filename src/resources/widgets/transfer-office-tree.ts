// The offices a device transfer may deliver to, for the office widget's `officesFrom:
// "deviceTransferOffices"`: the server answers what the caller may target (an administrator every
// organisation, anyone else their own), a level at a time, and typing searches all of it. The same
// shape as the organisation picker's tree (custom/shell/use-office-tree.ts), from another source.
import { useEffect, useState } from 'react';
import { call } from '@/api/client';
import { SEARCH_DEBOUNCE_MS, officeNodes, withChildren, type OfficeNode } from '@/custom/shell/office-tree';
import type { OfficeTree } from '@/custom/shell/use-office-tree';

const offered = (query: { parentId?: string; searchKey?: string }) => call('deviceTransferOffices', { query });

export function useTransferOfficeTree(wanted: boolean): OfficeTree {
  const [tree, setTree] = useState<OfficeNode[]>();
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<OfficeNode[]>();
  const [searching, setSearching] = useState(false);

  useEffect(() => {
    if (!wanted || tree) return;
    offered({}).then((list) => setTree(officeNodes(list)), () => setTree([]));
  }, [wanted, tree]);

  useEffect(() => {
    const searchKey = search.trim();
    if (!wanted || !searchKey) {
      setFound(undefined);
      return undefined;
    }
    const timer = setTimeout(() => {
      setSearching(true);
      offered({ searchKey }).then((list) => setFound(officeNodes(list, true)), () => setFound([])).finally(() => setSearching(false));
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [wanted, search]);

  const loadChildren = async (node: OfficeNode) => {
    if (node.children) return;
    const children = officeNodes(await offered({ parentId: node.key }));
    setTree((current) => current && withChildren(current, node.key, children));
  };

  return { nodes: found ?? tree, flat: found !== undefined, searching, search, setSearch, loadChildren };
}
