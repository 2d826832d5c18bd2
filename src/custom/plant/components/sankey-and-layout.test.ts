// @vitest-environment jsdom
// The plant overview's sankey links (each end named with its node's energy) and the site trees
// (children under their parent, orphans at the root).
import { describe, expect, it } from 'vitest';
import { sankeyLinks } from './sankey-card';
import { nest } from './site-layout-card';

describe('sankey links', () => {
  it('name each end with its energy on the ladder and keep the link\'s kWh', () => {
    const links = sankeyLinks({
      dateType: 'day',
      nodes: [{ id: 'pv', value: 12.5 }, { id: 'load', value: 8 }, { id: 'gridExport', value: 4.5 }],
      links: [{ source: 'pv', target: 'load', value: 8 }, { source: 'pv', target: 'gridExport', value: 4.5 }],
    }, (id) => id.toUpperCase());
    expect(links).toEqual([
      { source: 'PV 12.5 kWh', target: 'LOAD 8 kWh', value: 8 },
      { source: 'PV 12.5 kWh', target: 'GRIDEXPORT 4.5 kWh', value: 4.5 },
    ]);
  });
});

describe('nest', () => {
  it('puts children under their parent and items of unknown parents at the root', () => {
    const items = [{ sn: 'INV1', parent: null }, { sn: 'MOD1', parent: 'INV1' }, { sn: 'BAT1', parent: 'INV1' }, { sn: 'MTR1', parent: 'GONE' }];
    const tree = nest(items, (x) => x.sn, (x) => x.parent, (x) => ({ title: x.sn }));
    expect(tree.map((n) => n.key)).toEqual(['INV1', 'MTR1']);
    expect(tree[0]!.children!.map((n) => n.key)).toEqual(['MOD1', 'BAT1']);
  });
});
