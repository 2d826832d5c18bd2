import { describe, expect, it } from 'vitest';
import { officeNodes, withChildren } from './office-tree';

const roots = [
  { officeId: '1', officeName: 'Sunrise Energy', hasSubOffice: 1, childOffice: [
    { officeId: '11', officeName: 'North', hasSubOffice: 1 },
    { officeId: '12', officeName: 'South', hasSubOffice: 0 },
  ] },
  { officeId: '2', officeName: 'Granted', hasSubOffice: 1, childOffice: [] },
];

describe('office tree nodes', () => {
  it('shows two levels at once; offices with sub-offices keep an expander', () => {
    expect(officeNodes(roots)).toEqual([
      { key: '1', title: 'Sunrise Energy', isLeaf: false, children: [
        { key: '11', title: 'North', isLeaf: false },
        { key: '12', title: 'South', isLeaf: true },
      ] },
      { key: '2', title: 'Granted', isLeaf: false },
    ]);
  });

  it('makes a search result flat', () => {
    expect(officeNodes(roots, true)).toEqual([
      { key: '1', title: 'Sunrise Energy', isLeaf: true },
      { key: '2', title: 'Granted', isLeaf: true },
    ]);
  });

  it('puts lazily loaded children under their office, anywhere in the tree', () => {
    const tree = withChildren(officeNodes(roots), '11', [{ key: '111', title: 'North depot', isLeaf: true }]);
    expect(tree[0]!.children![0]).toEqual({ key: '11', title: 'North', isLeaf: false, children: [{ key: '111', title: 'North depot', isLeaf: true }] });
    expect(withChildren(tree, '2', [])[1]).toEqual({ key: '2', title: 'Granted', isLeaf: true, children: [] });
  });
});
