// Energy from sources to sinks (kWh) as a Sankey diagram; link widths follow the energy, and the
// tooltip reads on the Wh..GWh ladder.
import { useMemo } from 'react';
import type { SankeyOptions } from '@antv/g2plot';
import { formatEnergy } from '@/lib/units';
import { G2Plot } from './g2-plot';

export interface SankeyLink {
  /** Translated node names; a name is one node, so sources and sinks need names of their own. */
  source: string;
  target: string;
  /** kWh */
  value: number;
}

export function SankeyChart({ links, height, testId }: { links: SankeyLink[]; height?: number; testId?: string }) {
  const options = useMemo((): Omit<SankeyOptions, 'height' | 'autoFit'> => ({
    data: links,
    sourceField: 'source',
    targetField: 'target',
    weightField: 'value',
    nodeWidthRatio: 0.01,
    nodePaddingRatio: 0.05,
    tooltip: {
      formatter: (d: Record<string, unknown>) => ({ name: `${String(d.source)} → ${String(d.target)}`, value: typeof d.value === 'number' ? formatEnergy(d.value) : '–' }),
    },
  }), [links]);
  return <G2Plot kind="Sankey" options={options} height={height} testId={testId} />;
}
